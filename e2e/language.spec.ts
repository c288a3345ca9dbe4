import { expect, hashUrl, signInBrowser, test } from './fixtures.ts';

test('a member who switches the language to Polish keeps Polish after a reload', async ({ page, context, baseURL }) => {
  await signInBrowser(context, baseURL!, 'demo.member');
  await page.goto(hashUrl('/member/setting'));
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText('账户设置');

  // Settings → 语言 → Polski.
  await page.getByText('语言', { exact: true }).click();
  await page.getByText('Polski', { exact: true }).click();
  await expect(title).toHaveText('Ustawienia konta');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('pl');

  // After a reload the page is still Polish, and so is the tab bar of the home page.
  await page.reload();
  await expect(title).toHaveText('Ustawienia konta');
  await expect(page).toHaveTitle('Ustawienia konta');
  await page.goto(hashUrl('/index'));
  await expect(page.getByRole('navigation', { name: 'Usługi ubezpieczeniowe' }).getByRole('link')).toHaveText([
    'Start',
    'Przewodnik',
    'Szkody',
    'Moje konto',
  ]);
});
