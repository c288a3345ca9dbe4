import { test as base, expect, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { unexpectedPageErrors, watchPageErrors } from './page-errors.ts';
import { missingNeed, publishedTarget, type Target } from './target.ts';
import { LANGUAGE, type Language } from './texts.ts';

/*
 * The stories' base fixtures (e2e/README.md): the language of the H5 in every browser of a story,
 * the skip of a story whose tags ask for what the target lacks, the failure of a story whose pages
 * threw errors nobody handled, screenshots of key screens for the report, and more phones for
 * stories with two people. e2e/fixtures.ts builds on this `test`.
 */

/** WeChat's in-app browser: the device's own user agent with WeChat's additions (iOS or Android form). */
export function wechatUserAgent(deviceUserAgent: string): string {
  return /iPhone|iPad/.test(deviceUserAgent)
    ? `${deviceUserAgent} MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN`
    : `${deviceUserAgent} XWEB/1300199 MMWEBSDK/20240404 MicroMessenger/8.0.50.2600(0x2800325B) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64`;
}

/**
 * 0 on an iPhone, 1 on an Android phone. Neighbouring projects alternate between the two, so the
 * same story running on two phones at once never shares what it picks by slot (a demo account, a
 * number of its own).
 */
export function phoneSlot(testInfo: TestInfo): 0 | 1 {
  return /Android/.test(testInfo.project.use.userAgent ?? '') ? 1 : 0;
}

/** The H5 reads its language from localStorage at start: set it before any page script, unless a page chose one. */
async function speak(context: BrowserContext, language: Language): Promise<void> {
  await context.addInitScript((lang) => {
    try {
      if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
    } catch {
      // A page without storage (about:blank) has no language to keep.
    }
  }, language);
}

/**
 * Where stories may not write (a target that may be production, target.ts), a story that is not
 * tagged @writes and still sends anything but a read to the service is stopped and fails.
 */
async function guardWrites(context: BrowserContext, writes: string[]): Promise<void> {
  await context.route('**/prod-api/**', async (route) => {
    const method = route.request().method();
    if (['GET', 'HEAD', 'OPTIONS'].includes(method)) return route.fallback();
    writes.push(`${method} ${new URL(route.request().url()).pathname}`);
    return route.abort('blockedbyclient');
  });
}

export interface Phone {
  context: BrowserContext;
  page: Page;
}

export interface KitFixtures {
  /** Attaches a screenshot of a key screen to the HTML report (`await keyScreen('policy')`). */
  keyScreen: (name: string, page?: Page) => Promise<void>;
  /** Another phone of the same kind, e.g. a second person (`await newPhone({ wechat: true })`), closed after the story. */
  newPhone: (options?: { wechat?: boolean }) => Promise<Phone>;
}

export interface KitOptions {
  /** The H5's language in the story's browsers: E2E_LANGUAGE by default; stories about one language pin it. */
  language: Language;
}

export const test = base.extend<
  KitFixtures & KitOptions & { blockedWrites: string[]; pageErrors: string[] },
  { /** What the server under test offers (target.ts), asked once per run. */ target: Target | undefined }
>({
  language: [LANGUAGE, { option: true }],
  // eslint-disable-next-line no-empty-pattern -- a fixture names what it depends on by destructuring: nothing here
  target: [async ({}, use) => use(publishedTarget()), { scope: 'worker' }],

  // Before every story: skipped, with the reason, when its tags ask for what the target lacks.
  blockedWrites: [
    async ({ target }, use, testInfo) => {
      const why = target && missingNeed(target, testInfo.tags);
      testInfo.skip(why !== undefined, `${target?.baseURL} lacks what this story needs. ${why}`);
      const writes: string[] = [];
      await use(writes);
      expect(writes, 'a story that writes is tagged @writes (this target may be production)').toEqual([]);
    },
    { auto: true },
  ],

  // After every story: no page of any of its browsers threw an error nobody handled (page-errors.ts).
  pageErrors: [
    // eslint-disable-next-line no-empty-pattern -- a fixture names what it depends on by destructuring: nothing here
    async ({}, use) => {
      const seen: string[] = [];
      await use(seen);
      expect(unexpectedPageErrors(seen), 'errors the pages threw and nobody handled').toEqual([]);
    },
    { auto: true },
  ],

  context: async ({ context, language, target, blockedWrites, pageErrors }, use) => {
    watchPageErrors(context, pageErrors);
    await speak(context, language);
    if (target && !target['@writes'].offered) await guardWrites(context, blockedWrites);
    await use(context);
  },

  keyScreen: async ({ page }, use, testInfo) => {
    await use(async (name, shown = page) => {
      // CSS pixels as JPEG: a readable picture of the screen for a fraction of the bytes and time.
      const body = await shown.screenshot({ scale: 'css', type: 'jpeg', quality: 70 });
      await testInfo.attach(`screen: ${name}`, { body, contentType: 'image/jpeg' });
    });
  },

  newPhone: async ({ browser, baseURL, language, target, blockedWrites, pageErrors }, use, testInfo) => {
    const opened: BrowserContext[] = [];
    await use(async ({ wechat = false } = {}) => {
      const { viewport, screen, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
      const context = await browser.newContext({
        viewport,
        screen,
        deviceScaleFactor,
        isMobile,
        hasTouch,
        baseURL,
        userAgent: wechat && userAgent ? wechatUserAgent(userAgent) : userAgent,
      });
      opened.push(context);
      watchPageErrors(context, pageErrors);
      await speak(context, language);
      if (target && !target['@writes'].offered) await guardWrites(context, blockedWrites);
      return { context, page: await context.newPage() };
    });
    for (const context of opened) await context.close();
  },
});

export { expect };
