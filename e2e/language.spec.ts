import { checkAccessibilityNow } from './accessibility.ts';
import { expect, hashUrl, signInBrowser, test } from './fixtures.ts';
import { pageTitleIn, tIn } from './texts.ts';

// About the switch from Chinese to Polish: starts in Chinese whatever the run's language.
test.use({ language: 'zh-cn' });

test(
  'a member who switches the language to Polish keeps Polish after a reload',
  { tag: ['@demo-data'] },
  async ({ page, context, baseURL, keyScreen }) => {
    await signInBrowser(context, baseURL!, 'demo.member');
    await page.goto(hashUrl('/member/setting'));
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText(pageTitleIn('zh-cn', 'AccountSetting'));

    // Settings → 语言 → Polski.
    await page.getByText(tIn('zh-cn', 'setting.language'), { exact: true }).click();
    // The sheet is a named dialog of buttons, the current language marked.
    const sheet = page.getByRole('dialog', { name: tIn('zh-cn', 'setting.language') });
    await expect(sheet.getByRole('button', { name: '简体中文' })).toHaveAttribute('aria-current', 'true');
    await checkAccessibilityNow(page);
    await sheet.getByRole('button', { name: 'Polski' }).click();
    await expect(title).toHaveText(pageTitleIn('pl', 'AccountSetting'));
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('pl');

    // After a reload the page is still Polish, and so is the tab bar of the home page.
    await page.reload();
    await expect(title).toHaveText(pageTitleIn('pl', 'AccountSetting'));
    await expect(page).toHaveTitle(pageTitleIn('pl', 'AccountSetting'));
    await keyScreen('settings in Polish');
    await page.goto(hashUrl('/index'));
    // 我的 may also say how many messages are unread (the member's messages come from other stories too).
    const tabs = page.getByRole('navigation', { name: tIn('pl', 'app.name') });
    await expect(tabs.getByRole('link')).toContainText([
      tIn('pl', 'tab.home'),
      tIn('pl', 'tab.know'),
      tIn('pl', 'tab.claim'),
      tIn('pl', 'tab.mine'),
    ]);
    await expect(tabs).not.toContainText(/[{}]/);
  },
);
