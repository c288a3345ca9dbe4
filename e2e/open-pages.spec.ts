import { expect, hashUrl, test } from './fixtures.ts';
import { pageTitle, t } from './texts.ts';

/** The four paths of spec §2 that need no sign-in, with their route names (their titles: texts.ts pageTitle). */
const OPEN_PAGES = [
  { path: '/index', route: 'Login' },
  { path: '/product/index', route: 'productList' },
  { path: '/know/index', route: 'knowIndex' },
  { path: '/claim/index', route: 'claim' },
] as const;

/* Read-only: these run against any server, production included (e2e/README.md). */
test.describe('a visitor who is not signed in', () => {
  test('can open home, product list, service guide and claims without being asked to sign in', async ({
    page,
    keyScreen,
  }) => {
    for (const { path, route } of OPEN_PAGES) {
      await test.step(path, async () => {
        const title = pageTitle(route);
        // Open the page directly, as from a shared link.
        await page.goto(hashUrl(path));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(page).toHaveTitle(title);
        // Stays where it is, with no sign-in dialog over the page.
        await expect.poll(() => new URL(page.url()).hash).toBe(`#${path}`);
        await expect(page.getByRole('dialog', { name: t('login.title') })).toHaveCount(0);
        await keyScreen(path);
      });
    }
    // The tab bar links the sections.
    await expect(page.getByRole('navigation', { name: t('app.name') }).getByRole('link')).toHaveText([
      t('tab.home'),
      t('tab.know'),
      t('tab.claim'),
      t('tab.mine'),
    ]);
  });

  test('sees the open pages fit the phone width with no sideways scrolling', async ({ page }) => {
    for (const { path, route } of OPEN_PAGES) {
      await page.goto(hashUrl(path));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageTitle(route));
      // Home waits for its products so that the widest content is there.
      if (path === '/index') await expect(page.getByRole('heading', { name: t('home.hot.title') })).toBeVisible();
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.scrollingElement!.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
    }
  });
});
