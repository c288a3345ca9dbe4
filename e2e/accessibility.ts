import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import type { AxeResults, ImpactValue, Result } from 'axe-core';

/*
 * axe-core in every story (docs/accessibility.md#axe-in-the-stories). The `accessibility` fixture
 * of e2e/fixtures.ts watches every page of the story's browser contexts (its own and those it
 * opens with `browser.newContext`): each time a page's address changes (a hash navigation
 * included) it waits until the page is still — no DOM change and no finite animation for a
 * moment — and checks it with axe, each address once; before `page.goto` leaves an address not
 * yet checked, it checks it first; at the end of the story it checks each open page once more.
 * A page a story leaves by a tap before it is still is not checked there.
 * Findings are attached to the test as `accessibility` (JSON) for the HTML report, and a violation
 * of impact serious or critical fails the story.
 */

/** Rules turned off, each with its reason. The one place where a rule may be turned off. */
export const AXE_RULES_OFF: Readonly<Record<string, string>> = {};

/** Pages that are not the H5, which the stories pass through without checking them. */
export const PAGES_NOT_CHECKED: readonly { path: RegExp; reason: string }[] = [
  {
    path: /^\/wx-sim\//,
    reason: "the local WeChat simulator's consent and cashier pages stand in for WeChat's own screens",
  },
  { path: /^\/prod-api\//, reason: "the API reference (Swagger UI) and files the service sends: not the H5's pages" },
];

/** Impacts that fail a story; minor and moderate findings are reported in the attachment only. */
const FAILING: readonly ImpactValue[] = ['serious', 'critical'];

/**
 * antd-mobile's layers, which it fades in and out in script (their opacity in an inline style). A
 * dialog's (center popup's) opacity is on the unnamed element between its wrap and its body.
 */
const FADING_LAYERS = '.adm-mask, .adm-center-popup-wrap > div, .adm-center-popup-body, .adm-popup-body';

/** How long a page must stay unchanged to count as settled, and the longest wait for that. */
const QUIET_MS = 300;
const SETTLE_LIMIT_MS = 5_000;
/**
 * A check during which the page changed is taken again, at most this often; the last one counts
 * even so (the home's banners move on every few seconds).
 */
const ATTEMPTS = 3;

interface Finding {
  id: string;
  impact: ImpactValue | null;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
}

interface Check {
  url: string;
  at: string;
  /** Why the page was checked: an address change, the story's asking, or the story's end. */
  when: 'navigation' | 'story' | 'end';
  violations: Finding[];
  passes: number;
  incomplete: number;
  /** The page kept changing through every attempt (a moving banner): checked as it was. */
  changedDuringCheck: boolean;
}

const findings = (results: Result[]): Finding[] =>
  results.map((r) => ({
    id: r.id,
    impact: r.impact ?? null,
    help: r.help,
    helpUrl: r.helpUrl,
    nodes: r.nodes.map((n) => ({
      target: n.target.map(String).join(' '),
      html: n.html.slice(0, 300),
      summary: n.failureSummary ?? '',
    })),
  }));

function checkedUrl(url: string): boolean {
  if (!/^https?:/.test(url)) return false;
  const { pathname } = new URL(url);
  return !PAGES_NOT_CHECKED.some((p) => p.path.test(pathname));
}

/**
 * Waits in the page until nothing has changed for QUIET_MS: no DOM mutation and no running finite
 * animation (antd-mobile animates its popups in script, which shows as style mutations). Gives up
 * after SETTLE_LIMIT_MS (a spinner that never stops) and checks the page as it is.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    ([quietMs, limitMs, LAYERS]) =>
      new Promise<void>((resolve) => {
        let last = performance.now();
        const observer = new MutationObserver(() => (last = performance.now()));
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        const started = performance.now();
        const finite = () =>
          document
            .getAnimations()
            .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
        // A layer still fading in or out: on a busy machine its script animation can skip frames for
        // longer than the quiet time, and axe would measure its text against a half-drawn mask.
        const fading = () =>
          [...document.querySelectorAll(LAYERS)].some((el) => {
            const opacity = Number(getComputedStyle(el).opacity);
            return opacity > 0 && opacity < 1;
          });
        const tick = () => {
          const now = performance.now();
          if (finite() || fading()) last = now;
          if (now - last >= quietMs || now - started >= limitMs) {
            observer.disconnect();
            resolve();
          } else setTimeout(tick, 50);
        };
        tick();
      }),
    [QUIET_MS, SETTLE_LIMIT_MS, FADING_LAYERS] as const,
  );
}

/** axe on the page as it is now, and whether the page changed during the check. */
async function analyse(page: Page): Promise<{ results: AxeResults; changed: boolean }> {
  await page.evaluate(() => {
    const w = window as unknown as { __axeWatch?: MutationObserver; __axeChanged?: boolean };
    w.__axeChanged = false;
    w.__axeWatch = new MutationObserver(() => (w.__axeChanged = true));
    w.__axeWatch.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  // Legacy mode runs axe inside the page: the default opens a blank page of its own to merge the
  // frames' results, which a story counting or awaiting pages would see.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).disableRules(Object.keys(AXE_RULES_OFF)).analyze();
  const changed = await page.evaluate(() => {
    const w = window as unknown as { __axeWatch?: MutationObserver; __axeChanged?: boolean };
    w.__axeWatch?.disconnect();
    return w.__axeChanged === true;
  });
  return { results, changed };
}

/** Each watched page's watch, for the checks a story asks for. */
const watches = new WeakMap<Page, PageWatch>();

class PageWatch {
  private dirty = false;
  private running: Promise<void> | null = null;
  private readonly checkedUrls = new Set<string>();
  /** Navigations of the main frame (a reload included): a check running across one is void. */
  private documents = 0;

  constructor(
    readonly page: Page,
    private readonly record: (check: Check) => void,
  ) {
    watches.set(page, this);
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      this.documents += 1;
      this.schedule();
    });
    // A story that opens another address with goto leaves this one checked first, settled or not.
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      await this.beforeLeaving();
      return goto(...args);
    };
  }

  private async beforeLeaving(): Promise<void> {
    while (this.running) await this.running;
    const url = this.page.url();
    if (checkedUrl(url) && !this.checkedUrls.has(url) && (await this.check('navigation', url)))
      this.checkedUrls.add(url);
  }

  /** A check once the page has settled at its new address (each address once per story). */
  schedule(): void {
    this.dirty = true;
    this.running ??= this.loop().finally(() => (this.running = null));
  }

  private async loop(): Promise<void> {
    while (this.dirty && !this.page.isClosed()) {
      this.dirty = false;
      const url = this.page.url();
      if (!checkedUrl(url) || this.checkedUrls.has(url)) continue;
      const check = await this.check('navigation', url);
      if (check) this.checkedUrls.add(url);
    }
  }

  /** Settles, checks, and records; null when the page left the address or closed meanwhile. */
  async check(when: Check['when'], url = this.page.url()): Promise<Check | null> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const documents = this.documents;
      try {
        await settle(this.page);
        if (this.page.url() !== url) return null;
        const { results, changed } = await analyse(this.page);
        if (this.page.url() !== url) return null;
        if (changed && attempt < ATTEMPTS - 1) continue;
        const check: Check = {
          url,
          at: new Date().toISOString(),
          when,
          violations: findings(results.violations),
          passes: results.passes.length,
          incomplete: results.incomplete.length,
          changedDuringCheck: changed,
        };
        this.record(check);
        return check;
      } catch (error) {
        // The page navigated or closed under the check: the next address gets its own.
        if (
          this.page.isClosed() ||
          this.documents !== documents ||
          /context was destroyed|closed|navigat/i.test(String(error))
        )
          return null;
        throw error;
      }
    }
    return null;
  }

  /** A check the story asks for, after any running one and before the next. */
  async checkNow(): Promise<void> {
    while (this.running) await this.running;
    const run = this.check('story').then(() => undefined);
    this.running = run.finally(() => {
      this.running = null;
      // An address change while the story's check ran gets its own check now.
      if (this.dirty) this.schedule();
    });
    await this.running;
  }

  /** The end of the story: pending checks finish, then the page as the story left it. */
  async finish(): Promise<void> {
    while (this.running) await this.running;
    if (!this.page.isClosed() && checkedUrl(this.page.url())) await this.check('end');
  }
}

/** Watches the story's pages; `finish` checks the last states, attaches the findings and fails on serious ones. */
export class AccessibilityWatch {
  private readonly pages: PageWatch[] = [];
  private readonly checks: Check[] = [];
  private readonly errors: unknown[] = [];

  constructor(private readonly testInfo: TestInfo) {}

  context(context: BrowserContext): void {
    for (const page of context.pages()) this.page(page);
    context.on('page', (page) => this.page(page));
  }

  /** Also the contexts the story opens itself (a second phone, WeChat's browser). Returns the undo. */
  browser(browser: Browser): () => void {
    const original = browser.newContext.bind(browser);
    browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
      const context = await original(...args);
      this.context(context);
      return context;
    };
    return () => {
      browser.newContext = original;
    };
  }

  private page(page: Page): void {
    const watch = new PageWatch(page, (check) => this.checks.push(check));
    this.pages.push(watch);
    if (checkedUrl(page.url())) watch.schedule();
  }

  async finish(): Promise<void> {
    for (const watch of this.pages) {
      try {
        await watch.finish();
      } catch (error) {
        this.errors.push(error);
      }
    }
    const serious = this.seriousViolations();
    await this.testInfo.attach('accessibility', {
      contentType: 'application/json',
      body: JSON.stringify(
        {
          engine: 'axe-core',
          rulesOff: AXE_RULES_OFF,
          pagesNotChecked: PAGES_NOT_CHECKED.map((p) => ({ path: String(p.path), reason: p.reason })),
          failingImpacts: FAILING,
          serious: serious.length,
          checks: this.checks,
          errors: this.errors.map(String),
        },
        null,
        2,
      ),
    });
    // A story that failed already is not failed twice; its findings are in the attachment.
    if (this.testInfo.status !== this.testInfo.expectedStatus) return;
    if (this.errors.length) throw this.errors[0];
    if (serious.length)
      throw new Error(
        `axe: ${serious.length} serious or critical violation(s):\n${serious
          .map(
            ({ url, finding }) =>
              `  ${new URL(url).hash || new URL(url).pathname} ${finding.id} (${finding.impact}): ${finding.help}\n` +
              finding.nodes
                .slice(0, 5)
                .map((n) => `      ${n.target}: ${n.summary.split('\n').slice(1).join(' ').trim()}`)
                .join('\n'),
          )
          .join('\n')}`,
      );
  }

  /** Each serious finding once (a rule failing on the same address in several checks counts once). */
  private seriousViolations(): { url: string; finding: Finding }[] {
    const seen = new Set<string>();
    const out: { url: string; finding: Finding }[] = [];
    for (const check of this.checks)
      for (const finding of check.violations) {
        if (!finding.impact || !FAILING.includes(finding.impact)) continue;
        const key = `${check.url} ${finding.id} ${finding.nodes.map((n) => n.target).join(',')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ url: check.url, finding });
      }
    return out;
  }
}

/**
 * axe on a state the story reaches without a new address (an open sheet or dialog), once it has
 * settled and after any check already running: the automatic checks see each address once, not
 * every layer opened over it. Its findings count like the others' at the story's end.
 */
export async function checkAccessibilityNow(page: Page): Promise<void> {
  const watch = watches.get(page);
  if (!watch) throw new Error('the page is not watched by the accessibility fixture');
  await watch.checkNow();
}
