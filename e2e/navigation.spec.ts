import { expect, hashUrl, routeOf, signInBrowser, test } from './fixtures.ts';
import { pageTitle, t } from './texts.ts';

const heading = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1 });

/** Client-side navigation, as a link inside the app would do it (no page load). */
async function goInApp(page: import('@playwright/test').Page, path: string) {
  await page.evaluate((to) => {
    window.location.hash = `#${to}`;
  }, path);
}

test.describe('an unknown address', { tag: ['@demo-data'] }, () => {
  test('opened directly by a signed-in member shows the not-found page', async ({ page, context, baseURL }) => {
    await signInBrowser(context, baseURL!, 'demo.member');
    // A fresh page: there is no previous page to go back to.
    await page.goto(hashUrl('/no-such-page'));
    await expect(page).toHaveURL(/#\/404$/);
    // (In Polish the page's title says the same: the not-found page's own text is meant.)
    await expect(page.locator('.app-error').getByText(t('error.404.title'), { exact: true })).toBeVisible();
    // Its button is full width, as on the other error pages (401), not a narrow one.
    const button = await page.getByRole('button', { name: t('error.backHome') }).boundingBox();
    const page404 = await page.locator('.app-error').boundingBox();
    expect(button!.width).toBeGreaterThan(page404!.width * 0.7);
  });

  test('followed from a page of the app goes back to that page', async ({ page, context, baseURL }) => {
    await signInBrowser(context, baseURL!, 'demo.member');
    await page.goto(hashUrl('/policy/index?tab=1'));
    await expect(heading(page)).toHaveText(pageTitle('policy'));
    // Follow a link to a path no route has.
    await goInApp(page, '/no-such-page');
    await expect.poll(() => routeOf(page)).toBe('/policy/index?tab=1');
    await expect(heading(page)).toHaveText(pageTitle('policy'));
    await expect(page.locator('.app-error')).toHaveCount(0);
  });
});

test.describe('the menu follows the roles', { tag: ['@demo-data'] }, () => {
  test('a member has no department management and is sent back when trying to open it', async ({
    page,
    context,
    baseURL,
  }) => {
    await signInBrowser(context, baseURL!, 'demo.member');
    await page.goto(hashUrl('/help/person'));
    const shortcuts = page.getByRole('region', { name: t('person.shortcuts') });
    await expect(shortcuts.getByRole('button', { name: t('help.menu.order') })).toBeVisible();
    await expect(shortcuts.getByRole('button', { name: t('help.menu.department') })).toHaveCount(0);

    // Typing the address of the company page returns to my centre.
    await goInApp(page, '/help/department');
    await expect.poll(() => routeOf(page)).toBe('/help/person');
    await expect(heading(page)).toHaveText(pageTitle('person'));
  });

  test('the channel sees department management in my centre and can open it', async ({ page, context, baseURL }) => {
    await signInBrowser(context, baseURL!, 'demo.channel');
    await page.goto(hashUrl('/help/person'));
    const shortcuts = page.getByRole('region', { name: t('person.shortcuts') });
    await shortcuts.getByRole('button', { name: t('help.menu.department') }).click();
    await expect(heading(page)).toHaveText(pageTitle('department'));
    await expect.poll(() => routeOf(page)).toBe('/help/department');
  });
});
