/**
 * The README's pictures of 长辈版 (docs/accessibility.md#elder-mode): the home and the guide
 * on the two phones the stories emulate, drawn by the built product on a fresh embedded database
 * in Debian's Chromium, at one device pixel per CSS pixel so the files stay small.
 *
 *   npm run build && npm run docs:screenshots   # writes docs/images/elder-<page>-<phone>.png
 */
import { mkdirSync } from 'node:fs';
import { chromium, devices, type Browser } from '@playwright/test';
import { startProduct } from './lib/bench-product.ts';

const PHONES = { 'iphone-13': 'iPhone 13', 'pixel-7': 'Pixel 7' } as const;
const OUT = 'docs/images';

/** The browser's own record of 长辈版, as the home's offer leaves it once accepted (src/app/lib/elder-storage.ts). */
function elderModeOn(): void {
  localStorage.setItem('elderMode', '1');
  localStorage.setItem('elderModeOffered', '1');
}

/** Each page's address and a piece of its content that shows it has drawn it. */
type Shot = { hash: string; ready: string };

async function shoot(browser: Browser, base: string, phone: keyof typeof PHONES, pages: Record<string, Shot>) {
  const context = await browser.newContext({ ...devices[PHONES[phone]], deviceScaleFactor: 1 });
  await context.addInitScript(elderModeOn);
  for (const [name, { hash, ready }] of Object.entries(pages)) {
    // A page of its own for each: going to another hash of the same page would not load it afresh.
    const page = await context.newPage();
    await page.goto(`${base}/${hash}`);
    await page.locator('html[data-elder]').waitFor({ state: 'attached' });
    await page.locator(ready).first().waitFor();
    // Fonts and images in place, the banners still (they stand still in 长辈版).
    await page.evaluate(() => document.fonts.ready);
    const file = `${OUT}/elder-${name}-${phone}.png`;
    await page.screenshot({ path: file });
    console.log(file);
    await page.close();
  }
  await context.close();
}

const product = await startProduct();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  mkdirSync(OUT, { recursive: true });
  const pages = {
    home: { hash: '#/index', ready: 'h2' },
    guide: { hash: '#/know/index', ready: 'details summary' },
  };
  for (const phone of Object.keys(PHONES) as (keyof typeof PHONES)[]) await shoot(browser, product.base, phone, pages);
} finally {
  await browser.close();
  await product.stop();
}
