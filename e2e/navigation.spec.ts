import { expect, hashUrl, routeOf, signInBrowser, test } from './fixtures.ts';

const heading = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1 });

/** Client-side navigation, as a link inside the app would do it (no page load). */
async function goInApp(page: import('@playwright/test').Page, path: string) {
  await page.evaluate((to) => {
    window.location.hash = `#${to}`;
  }, path);
}

test.describe('an unknown address', () => {
  test('opened directly by a signed-in member shows the not-found page', async ({ page, context, baseURL }) => {
    await signInBrowser(context, baseURL!, 'demo.member');
    // A fresh page: there is no previous page to go back to.
    await page.goto(hashUrl('/no-such-page'));
    await expect(page).toHaveURL(/#\/404$/);
    await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
    // Its button is full width, as on the other error pages (401), not a narrow one.
    const button = await page.getByRole('button', { name: '返回首页' }).boundingBox();
    const page404 = await page.locator('.app-error').boundingBox();
    expect(button!.width).toBeGreaterThan(page404!.width * 0.7);
  });

  test('followed from a page of the app goes back to that page', async ({ page, context, baseURL }) => {
    await signInBrowser(context, baseURL!, 'demo.member');
    await page.goto(hashUrl('/policy/index?tab=1'));
    await expect(heading(page)).toHaveText('保单查询');
    // Follow a link to a path no route has.
    await goInApp(page, '/no-such-page');
    await expect.poll(() => routeOf(page)).toBe('/policy/index?tab=1');
    await expect(heading(page)).toHaveText('保单查询');
    await expect(page.getByText('页面不存在', { exact: true })).toHaveCount(0);
  });
});

test.describe('the menu follows the roles', () => {
  test('a member has no department management and is sent back when trying to open it', async ({
    page,
    context,
    baseURL,
  }) => {
    await signInBrowser(context, baseURL!, 'demo.member');
    await page.goto(hashUrl('/help/person'));
    const shortcuts = page.getByRole('region', { name: '常用功能' });
    await expect(shortcuts.getByRole('button', { name: '我的订单' })).toBeVisible();
    await expect(shortcuts.getByRole('button', { name: '部门管理' })).toHaveCount(0);

    // Typing the address of the company page returns to my centre.
    await goInApp(page, '/help/department');
    await expect.poll(() => routeOf(page)).toBe('/help/person');
    await expect(heading(page)).toHaveText('个人中心');
  });

  test('the channel sees department management in my centre and can open it', async ({ page, context, baseURL }) => {
    await signInBrowser(context, baseURL!, 'demo.channel');
    await page.goto(hashUrl('/help/person'));
    const shortcuts = page.getByRole('region', { name: '常用功能' });
    await shortcuts.getByRole('button', { name: '部门管理' }).click();
    await expect(heading(page)).toHaveText('部门管理');
    await expect.poll(() => routeOf(page)).toBe('/help/department');
  });
});
