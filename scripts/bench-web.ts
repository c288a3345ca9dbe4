/**
 * Web benchmark of the first screen (docs/benchmarks.md#goals), on the reference profile: Debian Chromium, iPhone 13
 * emulation, 150 ms round trip, 1.6 Mbps down, 750 kbps up, 4× CPU slowdown, cold cache, the built
 * product serving the precompressed H5 over HTTP/1.1. Four pages, each run BENCH_RUNS times
 * (5 by default, median and worst reported):
 *
 * - `/#/index` as a visitor (no cookies);
 * - `/#/productDetails/index?id=<id>` signed in (the two session cookies of a fresh sign-in);
 * - a WeChat visitor opening a shared product link signed out (`/?recommendId=…#/productDetails/
 *   index?id=…`, WeChat's user agent; a returning WeChat member, see WECHAT_VISITOR): the H5 leaves for the simulator's authorize page, the bench
 *   presses 允许 at once, the callback's token call signs in and the product shows. Timed from the
 *   first request to the product's name on screen, all three hops included, less the time the
 *   consent page stays open before the bench's tap lands (Playwright's own work, reported apart).
 *
 * - a bare React 19 + antd-mobile page (scripts/bench-bare, built and served brotli-compressed by
 *   the bench), the reference: its LCP in the same rounds gives each page's "LCP ÷ bare",
 *   which a busy machine changes far less than the absolute times.
 *
 * Per page it records Largest Contentful Paint, First Contentful Paint, when the product's name is
 * on screen, the requests started before LCP, the JS transferred before LCP (files, plus the
 * brotli size of index.html's inline early-start script for each H5 document) and the smallest JS
 * file of the first screen, and prints the request chain of the median run as waves (requests
 * started together, each wave waiting on the one before). The goals of the issue are checked at
 * the end. Writes `.bench/web.json`.
 *
 *   npm run build && npm run bench:web      (BENCH_RUNS, BENCH_PORT to choose; a free port by default)
 *
 * "Cold": every run is a new browser context (empty cache, no storage, service workers blocked).
 * The two single-page journeys also disable the HTTP cache; the WeChat journey keeps it, as a phone
 * would between the three hops of one visit (the H5's hashed files are immutable).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { loadavg } from 'node:os';
import { brotliCompressSync } from 'node:zlib';
import { chromium, devices, type Browser, type CDPSession } from '@playwright/test';
import { currentAgreement } from '../src/shared/consent.ts';
import { BARE_TEXT, BASIC, freePort, pickProducts, serveBarePage, signIn, startProduct } from './lib/bench-product.ts';
import { json } from './lib/http.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** The whole run stays within a few minutes: no new round starts after this. */
const DEADLINE_MS = 240_000;
const NAV_TIMEOUT_MS = 45_000;
/** After network idle, a moment for late paints before LCP is read. */
const SETTLE_MS = 1_000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/*
 * Lighthouse's mobile preset (constants.js, `mobileSlow4G`): rttMs 150, throughputKbps 1.6 * 1024
 * = 1,638.4 Kbps down, 750 Kbps up, cpuSlowdownMultiplier 4, applied as they are through DevTools.
 * CDP takes latency in ms and throughput in bytes/s: 1,638.4 Kbps = 209,715.2 B/s.
 */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/** The smallest file scripts/compress-dist.ts precompresses. */
const PRECOMPRESS_MIN_BYTES = 512;
/** WeChat's in-app browser on iOS adds this to Safari's user agent. */
const WECHAT_UA_SUFFIX = ' MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN';

const DEVICE = devices['iPhone 13'];

/** The issue's goals. */
const GOALS = {
  lcpMs: 1_500,
  requestsBeforeLcp: 20,
  indexJsBeforeLcpKB: 130,
  smallestFirstScreenChunkKB: 2,
  wechatVisibleMs: 2_500,
};

/** Registered before any page script: keeps every LCP candidate and the FCP entry. */
const PERF_INIT = `
window.__bench = { lcp: [], fcp: null };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const el = e.element;
    window.__bench.lcp.push({ t: e.startTime, size: e.size, url: e.url || '', element: el ? el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : '') : '' });
  }
}).observe({ type: 'largest-contentful-paint', buffered: true });
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__bench.fcp = e.startTime;
}).observe({ type: 'paint', buffered: true });
`;

type PageKey = 'bare' | 'index' | 'productDetails' | 'wechatShare';

interface PageSpec {
  key: PageKey;
  label: string;
  /** Origin to open it on (the product's, or the bare page's own server). */
  base: string;
  /** Path and hash to open. */
  path: string;
  signedIn: boolean;
  wechat: boolean;
  /**
   * Brotli bytes of the inline scripts of the page's HTML (the H5's early start): JavaScript sent
   * inside the document, counted with the JS files before LCP for every H5 document loaded.
   */
  inlineJsBytes: number;
  /** Text that proves the page shows real content, and where to look for it. */
  visibleText: string;
  selector: string;
}

interface RequestRow {
  url: string;
  kind: 'document' | 'js' | 'css' | 'api' | 'other';
  /** ms since the journey's first request. */
  start: number;
  end: number;
  transferred: number;
  decoded: number;
  encoding: string;
}

interface RunResult {
  page: PageKey;
  /** Of the last document (for the WeChat journey: the product page after the callback). */
  lcpMs: number;
  lcpElement: string;
  fcpMs: number;
  /**
   * ms from the journey's first request until the product's name is on screen; for the WeChat
   * journey without the time the consent page stayed open before the bench's tap (consentMs).
   */
  visibleMs: number;
  /** WeChat journey: from the consent page's arrival to the tap's request (the bench's own time). */
  consentMs: number;
  /** Requests started before LCP (WeChat journey: before the product showed, all hops). */
  requestsBeforeLcp: number;
  /** JS files' bytes on the wire plus the inline scripts of the H5 documents (`inline`). */
  jsBeforeLcp: {
    transferred: number;
    decoded: number;
    files: number;
    inline: number;
    smallestTransferred: number;
    smallestFile: string;
  };
  requests: RequestRow[];
  /** JS responses of 512 bytes or more sent without brotli (should be none). */
  jsNotBrotli: string[];
}

async function partnerId(base: string): Promise<number> {
  const { tokenUser } = await signIn(base, 'demo.partner');
  const me = await json<{ id: number }>(
    await fetch(`${base}/prod-api/app-api/v1/members/me`, { headers: { authorization: tokenUser } }),
  );
  return me.id;
}

/**
 * The WeChat journey's visitor: a WeChat user who has been a member before (signed out, no cookies),
 * so WeChat's sign-in is silent. A first-time visitor must tick the consent box first
 * (docs/decisions/consent-at-sign-in.md): time spent reading, which no bench can stand for.
 */
const WECHAT_VISITOR = 'bench-wechat-visitor';

async function wechatMemberOnce(base: string): Promise<void> {
  const issued = (await (
    await fetch(`${base}/wx-sim/test/oauth-code`, {
      method: 'POST',
      body: JSON.stringify({ user: WECHAT_VISITOR }),
      headers: { 'content-type': 'application/json' },
    })
  ).json()) as { code: string };
  const body = new URLSearchParams({
    grant_type: 'wx_web',
    code: issued.code,
    channel: 'demo',
    agreement: currentAgreement(),
  });
  await json(
    await fetch(`${base}/prod-api/auth/oauth2/token`, {
      method: 'POST',
      body,
      headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    }),
  );
}

/** Brotli bytes of an HTML page's inline scripts, as the product sends its precompressed files. */
function inlineScriptBytes(html: string): number {
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]).join('');
  return inline ? brotliCompressSync(Buffer.from(inline)).length : 0;
}

function kindOf(url: string, mimeType: string, type: string | undefined): RequestRow['kind'] {
  const path = url.split(/[?#]/)[0];
  if (type === 'Document') return 'document';
  if (/javascript|ecmascript/i.test(mimeType) || path.endsWith('.js')) return 'js';
  if (mimeType === 'text/css' || path.endsWith('.css')) return 'css';
  if (path.includes('/prod-api/')) return 'api';
  return 'other';
}

/** Every request of the journey from CDP: when it was sent and finished, bytes on the wire and decoded. */
function recordRequests(cdp: CDPSession) {
  let origin: number | null = null;
  const rows = new Map<string, RequestRow & { type?: string; done: boolean }>();
  cdp.on('Network.requestWillBeSent', (e) => {
    // A redirect reuses the request id: the hop that answered 30x is kept as its own row.
    const previous = rows.get(e.requestId);
    if (previous && e.redirectResponse)
      rows.set(`${e.requestId}:${previous.start}`, { ...previous, end: e.wallTime * 1000 - origin!, done: true });
    origin ??= e.wallTime * 1000;
    rows.set(e.requestId, {
      url: e.request.url,
      kind: 'other',
      type: e.type,
      start: e.wallTime * 1000 - origin,
      end: Number.NaN,
      transferred: 0,
      decoded: 0,
      encoding: '',
      done: false,
    });
  });
  // wallTime comes only with requestWillBeSent; later events carry the monotonic clock.
  const monotonicToWall = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => monotonicToWall.set(e.requestId, e.wallTime * 1000 - e.timestamp * 1000));
  cdp.on('Network.responseReceived', (e) => {
    const row = rows.get(e.requestId);
    if (!row) return;
    const { url, mimeType, headers } = e.response;
    row.kind = kindOf(url, mimeType, e.type);
    row.encoding = String(
      Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? '',
    );
  });
  cdp.on('Network.dataReceived', (e) => {
    const row = rows.get(e.requestId);
    if (row) row.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const row = rows.get(e.requestId);
    if (!row || origin === null) return;
    row.transferred = e.encodedDataLength;
    row.end = e.timestamp * 1000 + (monotonicToWall.get(e.requestId) ?? 0) - origin;
    row.done = true;
  });
  return {
    /** Epoch ms of the journey's first request. */
    origin: () => origin ?? Number.NaN,
    rows: (): RequestRow[] =>
      [...rows.values()].sort((a, b) => a.start - b.start).map(({ type: _type, done: _done, ...row }) => row),
  };
}

async function runOnce(browser: Browser, spec: PageSpec): Promise<RunResult> {
  const { base } = spec;
  const context = await browser.newContext({
    ...DEVICE,
    userAgent: spec.wechat ? `${DEVICE.userAgent}${WECHAT_UA_SUFFIX}` : DEVICE.userAgent,
    serviceWorkers: 'block',
    locale: 'zh-CN',
  });
  try {
    if (spec.signedIn) {
      const session = await signIn(base);
      // Cookie values as the H5 writes them (universal-cookie percent-encodes the space).
      await context.addCookies([
        { name: 'tokenUser', value: encodeURIComponent(session.tokenUser), url: `${base}/` },
        { name: 'tokenResh', value: encodeURIComponent(session.tokenResh), url: `${base}/` },
      ]);
    }
    await context.addInitScript(PERF_INIT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (!spec.wechat) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const recorder = recordRequests(cdp);

    if (spec.wechat) {
      const consent = page.waitForURL(/\/wx-sim\/connect\/oauth2\/authorize/, {
        timeout: NAV_TIMEOUT_MS,
        waitUntil: 'commit',
      });
      await page.goto(`${base}${spec.path}`, { waitUntil: 'commit', timeout: NAV_TIMEOUT_MS });
      await consent;
      // The visitor agrees at once: the bench times the product, not the reader.
      await page.fill('#user', WECHAT_VISITOR, { timeout: NAV_TIMEOUT_MS });
      await page.getByRole('button', { name: '允许' }).click({ timeout: NAV_TIMEOUT_MS });
      await page.waitForURL((url) => url.pathname === '/' && url.hash.startsWith('#/productDetails'), {
        timeout: NAV_TIMEOUT_MS,
        waitUntil: 'commit',
      });
    } else {
      await page.goto(`${base}${spec.path}`, { waitUntil: 'commit', timeout: NAV_TIMEOUT_MS });
    }
    // Checked on every frame in the page: epoch ms, so that it compares with the first request.
    // A function, not a string: the product's CSP forbids eval, and Playwright evaluates a string predicate with it.
    const visible = await page.waitForFunction(
      ({ want, selector }) => {
        for (const el of document.querySelectorAll(selector)) {
          if (el.childElementCount === 0 && el.textContent?.trim() === want && el.getClientRects().length > 0)
            return performance.timeOrigin + performance.now();
        }
        return false;
      },
      { want: spec.visibleText, selector: spec.selector },
      { polling: 'raf', timeout: NAV_TIMEOUT_MS },
    );
    const visibleAt = (await visible.jsonValue()) as number;
    await page.waitForLoadState('networkidle', { timeout: NAV_TIMEOUT_MS });
    await page.waitForTimeout(SETTLE_MS);
    const perf = (await page.evaluate(() => ({
      ...(window as unknown as { __bench: object }).__bench,
      timeOrigin: performance.timeOrigin,
    }))) as { lcp: { t: number; element: string }[]; fcp: number | null; timeOrigin: number };
    const last = perf.lcp.at(-1);
    if (!last || perf.fcp === null) throw new Error(`${spec.label}: no LCP or FCP entry`);
    const requests = recorder.rows();
    const origin = recorder.origin();
    // LCP on the journey's clock: the last document's time origin is later than the first request for WeChat.
    const lcpOnJourney = perf.timeOrigin + last.t - origin;
    const cutoff = spec.wechat ? visibleAt - origin : lcpOnJourney;
    // The consent page's GET, then the form's POST: the time between is the reader's, not the product's.
    const consentRows = requests.filter((r) => r.url.includes('/wx-sim/connect/oauth2/authorize'));
    const consentMs = consentRows.length >= 2 ? Math.max(0, consentRows[1].start - consentRows[0].end) : 0;
    const before = requests.filter((r) => r.start <= cutoff);
    const js = before.filter((r) => r.kind === 'js');
    const inline =
      spec.inlineJsBytes * before.filter((r) => r.kind === 'document' && new URL(r.url).pathname === '/').length;
    const smallest = js.reduce<RequestRow | null>(
      (min, r) => (min === null || r.transferred < min.transferred ? r : min),
      null,
    );
    return {
      page: spec.key,
      lcpMs: last.t,
      lcpElement: last.element,
      fcpMs: perf.fcp,
      visibleMs: visibleAt - origin - consentMs,
      consentMs,
      requestsBeforeLcp: before.length,
      jsBeforeLcp: {
        transferred: js.reduce((n, r) => n + r.transferred, 0) + inline,
        decoded: js.reduce((n, r) => n + r.decoded, 0),
        files: js.length,
        inline,
        smallestTransferred: smallest?.transferred ?? 0,
        smallestFile: smallest ? shortName(smallest.url) : '',
      },
      requests,
      jsNotBrotli: requests
        .filter((r) => r.kind === 'js' && r.encoding !== 'br' && r.decoded >= PRECOMPRESS_MIN_BYTES)
        .map((r) => r.url),
    };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const worst = (xs: number[]) => Math.max(...xs);
const kb = (bytes: number) => +(bytes / 1024).toFixed(1);
const ms = (t: number) => Math.round(t);

function shortName(url: string): string {
  const u = new URL(url);
  const path = u.pathname.replace(/^\/assets\//, '').replace(/^\/prod-api\/(app-api\/v1\/)?/, 'api:');
  return `${path}${u.search}`.slice(0, 70);
}

/**
 * The request chain as waves: a request joins the current wave when it starts before any request
 * of that wave has finished (it did not wait for one of them); otherwise it opens the next wave.
 */
function waves(requests: RequestRow[]): RequestRow[][] {
  const out: RequestRow[][] = [];
  for (const r of requests) {
    const current = out.at(-1);
    const firstEnd = current ? Math.min(...current.map((x) => x.end)) : Number.NaN;
    // Answers from the cache end at once: requests started within a few ms of each other belong together too.
    if (current && (r.start < firstEnd || r.start - current[current.length - 1].start < 30)) current.push(r);
    else out.push([r]);
  }
  return out;
}

function printWaves(label: string, run: RunResult): void {
  console.log(
    `\n${label}: request chain of the median run (LCP ${ms(run.lcpMs)} ms, product visible at ${ms(run.visibleMs)} ms)`,
  );
  waves(run.requests).forEach((wave, i) => {
    const start = Math.min(...wave.map((r) => r.start));
    const end = Math.max(...wave.map((r) => r.end));
    const bytes = wave.reduce((n, r) => n + r.transferred, 0);
    console.log(`  wave ${i + 1}: ${ms(start)}–${ms(end)} ms, ${wave.length} request(s), ${kb(bytes)} KB`);
    for (const r of wave) {
      console.log(
        `    ${String(ms(r.start)).padStart(5)}–${String(ms(r.end)).padStart(5)} ${r.kind.padEnd(8)} ${String(kb(r.transferred)).padStart(6)} KB  ${shortName(r.url)}`,
      );
    }
  });
}

function summarise(runs: RunResult[]) {
  const pick = (f: (r: RunResult) => number) => ({ median: median(runs.map(f)), worst: worst(runs.map(f)) });
  const lcp = pick((r) => r.lcpMs);
  const fcp = pick((r) => r.fcpMs);
  const visible = pick((r) => r.visibleMs);
  const requests = pick((r) => r.requestsBeforeLcp);
  const js = pick((r) => r.jsBeforeLcp.transferred);
  return {
    runs: runs.length,
    lcpMs: { median: ms(lcp.median), worst: ms(lcp.worst) },
    fcpMs: { median: ms(fcp.median), worst: ms(fcp.worst) },
    visibleMs: { median: ms(visible.median), worst: ms(visible.worst) },
    requestsBeforeLcp: { median: requests.median, worst: requests.worst },
    jsBeforeLcpKB: { median: kb(js.median), worst: kb(js.worst), files: median(runs.map((r) => r.jsBeforeLcp.files)) },
    jsInlineKB: kb(median(runs.map((r) => r.jsBeforeLcp.inline))),
    smallestJsBeforeLcp: runs.reduce(
      (min, r) =>
        r.jsBeforeLcp.smallestTransferred < min.bytes
          ? { bytes: r.jsBeforeLcp.smallestTransferred, file: r.jsBeforeLcp.smallestFile }
          : min,
      { bytes: Infinity, file: '' },
    ),
    lcpElements: [...new Set(runs.map((r) => r.lcpElement))],
    jsAllBrotli: runs.every((r) => r.jsNotBrotli.length === 0),
  };
}

type Summary = ReturnType<typeof summarise>;

function checkGoals(summary: Partial<Record<PageKey, Summary>>): string[] {
  const lines: string[] = [];
  const check = (ok: boolean, text: string) => lines.push(`${ok ? 'met    ' : 'MISSED '} ${text}`);
  for (const key of ['index', 'productDetails'] as const) {
    const s = summary[key];
    if (!s) continue;
    check(s.lcpMs.median <= GOALS.lcpMs, `${key}: LCP median ${s.lcpMs.median} ms ≤ ${GOALS.lcpMs}`);
    check(
      s.requestsBeforeLcp.worst <= GOALS.requestsBeforeLcp,
      `${key}: requests before LCP ${s.requestsBeforeLcp.worst} (worst) ≤ ${GOALS.requestsBeforeLcp}`,
    );
    check(
      s.smallestJsBeforeLcp.bytes >= GOALS.smallestFirstScreenChunkKB * 1024,
      `${key}: smallest JS file before LCP ${kb(s.smallestJsBeforeLcp.bytes)} KB (${s.smallestJsBeforeLcp.file}) ≥ ${GOALS.smallestFirstScreenChunkKB} KB on the wire`,
    );
  }
  const index = summary.index;
  if (index)
    check(
      index.jsBeforeLcpKB.worst <= GOALS.indexJsBeforeLcpKB,
      `index: JS before LCP ${index.jsBeforeLcpKB.worst} KB (worst) ≤ ${GOALS.indexJsBeforeLcpKB}`,
    );
  const wechat = summary.wechatShare;
  if (wechat)
    check(
      wechat.visibleMs.median <= GOALS.wechatVisibleMs,
      `wechatShare: product visible median ${wechat.visibleMs.median} ms ≤ ${GOALS.wechatVisibleMs}`,
    );
  return lines;
}

async function main() {
  if (!existsSync('dist/web/index.html') || !existsSync('dist/server/main.js')) {
    console.error('dist/ is missing: run `npm run build` first.');
    process.exit(1);
  }
  const only = process.env.BENCH_PAGES?.split(',') as PageKey[] | undefined;
  const started = Date.now();
  const loadBefore = loadavg();
  const { base, stop } = await startProduct(Number(process.env.BENCH_PORT) || undefined);
  let browser: Browser | undefined;
  let bare: Server | undefined;
  try {
    const { detail, hot } = await pickProducts(base);
    const recommendId = await partnerId(base);
    await wechatMemberOnce(base);
    const barePort = await freePort();
    bare = await serveBarePage(barePort);
    const inlineJsBytes = inlineScriptBytes(readFileSync('dist/web/index.html', 'utf8'));
    const allPages: PageSpec[] = [
      {
        key: 'bare',
        label: 'bare React 19 + antd-mobile page (reference)',
        base: `http://127.0.0.1:${barePort}`,
        path: '/',
        signedIn: false,
        wechat: false,
        inlineJsBytes: 0,
        visibleText: BARE_TEXT,
        selector: 'p',
      },
      {
        key: 'index',
        label: '/#/index (visitor)',
        base,
        path: '/#/index',
        signedIn: false,
        wechat: false,
        inlineJsBytes,
        visibleText: hot.name,
        selector: 'body *',
      },
      {
        key: 'productDetails',
        label: `/#/productDetails/index?id=${detail.id} (signed in)`,
        base,
        path: `/#/productDetails/index?id=${detail.id}`,
        signedIn: true,
        wechat: false,
        inlineJsBytes,
        visibleText: detail.name,
        selector: 'h1, h2',
      },
      {
        key: 'wechatShare',
        label: `WeChat shared link /?recommendId=${recommendId}#/productDetails/index?id=${detail.id} (signed out)`,
        base,
        path: `/?recommendId=${recommendId}#/productDetails/index?id=${detail.id}`,
        signedIn: false,
        wechat: true,
        inlineJsBytes,
        visibleText: detail.name,
        selector: 'h1, h2',
      },
    ];
    const pages = allPages.filter((p) => !only || only.includes(p.key));
    browser = await chromium.launch({ executablePath: CHROMIUM });
    const results: RunResult[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      if (i > 0 && Date.now() - started > DEADLINE_MS) {
        console.warn(`stopping after ${i} rounds: the benchmark keeps within a few minutes`);
        break;
      }
      // Every page in each round, so all see the same machine load.
      for (const spec of pages) {
        const r = await runOnce(browser, spec);
        results.push(r);
        console.log(
          `round ${i + 1} ${spec.key}: LCP ${ms(r.lcpMs)} ms, FCP ${ms(r.fcpMs)} ms, visible ${ms(r.visibleMs)} ms${spec.wechat ? ` (+${ms(r.consentMs)} ms on the consent page)` : ''}, ${r.requestsBeforeLcp} requests and JS ${kb(r.jsBeforeLcp.transferred)} KB before LCP; load ${loadavg()[0].toFixed(2)}`,
        );
      }
    }

    const summary: Partial<Record<PageKey, Summary & { url: string; visibleText: string }>> = {};
    for (const p of pages)
      summary[p.key] = {
        url: p.label,
        visibleText: p.visibleText,
        ...summarise(results.filter((r) => r.page === p.key)),
      };
    for (const p of pages) {
      const own = results.filter((r) => r.page === p.key);
      const byVisible = p.wechat ? (r: RunResult) => r.visibleMs : (r: RunResult) => r.lcpMs;
      const mid = [...own].sort((a, b) => byVisible(a) - byVisible(b))[Math.floor((own.length - 1) / 2)];
      printWaves(p.label, mid);
    }
    console.log('');
    const bareLcp = summary.bare?.lcpMs.median;
    console.table(
      pages.map((p) => {
        const s = summary[p.key]!;
        return {
          page: p.key,
          runs: s.runs,
          'LCP med/worst ms': `${s.lcpMs.median} / ${s.lcpMs.worst}`,
          'FCP med/worst ms': `${s.fcpMs.median} / ${s.fcpMs.worst}`,
          'visible med/worst ms': `${s.visibleMs.median} / ${s.visibleMs.worst}`,
          'requests before LCP': `${s.requestsBeforeLcp.median} / ${s.requestsBeforeLcp.worst}`,
          'JS KB before LCP (files)': `${s.jsBeforeLcpKB.median} (${s.jsBeforeLcpKB.files}${s.jsInlineKB ? ` + ${s.jsInlineKB} inline` : ''})`,
          'smallest JS KB': kb(s.smallestJsBeforeLcp.bytes),
          'JS ≥512 B all br': s.jsAllBrotli,
          'LCP ÷ bare': bareLcp ? +(s.lcpMs.median / bareLcp).toFixed(2) : '',
        };
      }),
    );
    const notBrotli = [...new Set(results.flatMap((r) => r.jsNotBrotli))];
    if (notBrotli.length > 0) console.warn(`JS sent without brotli: ${notBrotli.join(', ')}`);
    const goals = checkGoals(summary);
    console.log(`goals (docs/benchmarks.md#goals):\n  ${goals.join('\n  ')}`);
    const loadAfter = loadavg();
    console.log(
      `load average ${loadBefore.map((n) => n.toFixed(2)).join(' ')} at start, ${loadAfter.map((n) => n.toFixed(2)).join(' ')} at end; ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );

    mkdirSync('.bench', { recursive: true });
    writeFileSync(
      '.bench/web.json',
      JSON.stringify(
        {
          at: new Date().toISOString(),
          chromium: browser.version(),
          throttling: {
            ...NETWORK,
            downloadKbps: (NETWORK.downloadThroughput * 8) / 1024,
            uploadKbps: (NETWORK.uploadThroughput * 8) / 1024,
            cpuSlowdown: CPU_SLOWDOWN,
          },
          device: {
            name: 'iPhone 13',
            viewport: DEVICE.viewport,
            deviceScaleFactor: DEVICE.deviceScaleFactor,
            userAgent: DEVICE.userAgent,
          },
          loadAverage: { start: loadBefore, end: loadAfter },
          goals,
          summary,
          runs: results,
        },
        null,
        2,
      ),
    );
  } finally {
    await browser?.close();
    bare?.close();
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
