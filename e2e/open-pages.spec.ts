import { expect, hashUrl, test } from './fixtures.ts';

/** The four paths of spec §2 that need no sign-in, with their route titles. */
const OPEN_PAGES = [
  { path: '/index', title: '首页' },
  { path: '/product/index', title: '订单列表' },
  { path: '/know/index', title: '服务指南' },
  { path: '/claim/index', title: '理赔' },
] as const;

test.describe('a visitor who is not signed in', () => {
  test('can open home, product list, service guide and claims without being asked to sign in', async ({ page }) => {
    for (const { path, title } of OPEN_PAGES) {
      await test.step(path, async () => {
        // Open the page directly, as from a shared link.
        await page.goto(hashUrl(path));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(page).toHaveTitle(title);
        // Stays where it is, with no sign-in dialog over the page.
        await expect.poll(() => new URL(page.url()).hash).toBe(`#${path}`);
        await expect(page.getByRole('dialog', { name: '登录' })).toHaveCount(0);
      });
    }
    // The tab bar links the sections.
    await expect(page.getByRole('navigation', { name: '保险服务' }).getByRole('link')).toHaveText([
      '首页',
      '服务指南',
      '理赔',
      '我的',
    ]);
  });

  test('sees the open pages fit the phone width with no sideways scrolling', async ({ page }) => {
    for (const { path, title } of OPEN_PAGES) {
      await page.goto(hashUrl(path));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      // Home waits for its products so that the widest content is there.
      if (path === '/index') await expect(page.getByRole('heading', { name: '热门产品' })).toBeVisible();
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.scrollingElement!.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
    }
  });
});
