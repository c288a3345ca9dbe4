import { expect, hashUrl, signInBrowser, test } from './fixtures.ts';
import { pageTitle, t } from './texts.ts';

test.describe('losing the network during a navigation', { tag: ['@writes', '@demo-data'] }, () => {
  test('the header and tab bar stay, the page says the network is down, and it loads by itself when the network is back', async ({
    page,
    context,
    baseURL,
    keyScreen,
  }) => {
    await signInBrowser(context, baseURL!, 'demo.member');
    await page.goto(hashUrl('/index'));
    const tabs = page.getByRole('navigation', { name: t('app.name') });
    await expect(tabs.getByRole('link', { name: t('tab.mine') })).toBeVisible();

    // Offline, 我的 cannot fetch its code: only the page's place says so, in the reader's language.
    await context.setOffline(true);
    await tabs.getByRole('link', { name: t('tab.mine') }).click();
    const failure = page.getByRole('alert').filter({ hasText: t('error.offlineTitle') });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText(t('error.offlineView'));
    await expect(page.getByText(t('error.B0001'))).toHaveCount(0);
    await expect(tabs).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageTitle('person'));
    await keyScreen('offline: the page waits for the network');

    // Back online, the page loads without a tap.
    await context.setOffline(false);
    await expect(failure).toHaveCount(0);
    await expect(page.getByText(t('person.link.setting'))).toBeVisible();
    await expect(tabs.getByRole('link', { name: t('tab.mine') })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle(pageTitle('person'));
  });
});
