/**
 * Web benchmark: the product detail page and the home page (`/#/index`) opened cold in Chromium
 * under Lighthouse's mobile throttling, applied through the Chrome DevTools Protocol. Per run it
 * records Largest Contentful Paint, First Contentful Paint, the time until the page shows the
 * product (not a spinner or an empty state) and the JS and CSS bytes the page loads, transferred
 * (compressed) and decoded. The built product runs as a child process on a fresh embedded database.
 *
 *   npm run build && npm run bench:web      (BENCH_RUNS=5 by default; writes .bench/web.json)
 *
 * "Cold": every run is a new browser context with an empty cache, the HTTP cache disabled and
 * service workers blocked; the only state it carries is the two session cookies of a fresh
 * sign-in, since the product detail route is a signed-in menu route.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, devices, type Browser, type CDPSession } from '@playwright/test';
import { json, waitFor } from './lib/http.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** The whole run stays under 3 minutes: no new run starts after this. */
const DEADLINE_MS = 150_000;
const NAV_TIMEOUT_MS = 45_000;
/** After network idle, a moment for late paints before LCP is read. */
const SETTLE_MS = 1_000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BASIC = `Basic ${Buffer.from('insure-h5:insure-h5-secret').toString('base64')}`;

/*
 * Lighthouse's mobile preset (constants.js, `mobileSlow4G`): rttMs 150, throughputKbps 1.6 * 1024
 * = 1,638.4 Kbps down, 750 Kbps up, cpuSlowdownMultiplier 4. Those are the figures of its default
 * *simulated* throttling. They are applied here as they are, through DevTools: CDP takes latency in
 * ms and throughput in bytes/s, so 1,638.4 Kbps = 1.6 * 1024 * 1024 / 8 = 209,715.2 B/s. (Lighthouse's
 * own DevTools-throttling mode would instead use 150 * 3.75 = 562.5 ms and 90 % of the throughputs to
 * imitate its simulation; we keep the preset's raw numbers, as the issue asks.)
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

/** Lighthouse's mobile screen (a Moto G Power): 412×823 CSS px at DPR 1.75, with Pixel 7's mobile UA. */
const DEVICE = { ...devices['Pixel 7'], viewport: { width: 412, height: 823 }, screen: { width: 412, height: 823 }, deviceScaleFactor: 1.75 };

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

interface PageSpec {
  key: 'productDetails' | 'index';
  label: string;
  hash: string;
  /** Text that proves the page shows real content, and where to look for it. */
  visibleText: string;
  selector: string;
}

interface Transfer { transferred: number; decoded: number; count: number; brotli: number }

interface RunResult {
  page: PageSpec['key'];
  lcpMs: number;
  lcpElement: string;
  fcpMs: number;
  visibleMs: number;
  js: Transfer;
  css: Transfer;
  allTransferred: number;
  requests: number;
  /** JS responses of 512 bytes or more sent without content-encoding br (should be none). */
  jsNotBrotli: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface ListedProduct { id: number; name: string; salesCount: number }

/** The product detail target (the first listed product) and the home's first hot product, as the H5 picks it. */
async function pickProducts(base: string): Promise<{ detail: ListedProduct; hot: ListedProduct }> {
  const url = `${base}/prod-api/app-api/v1/prodType/listTypeProds`;
  const all = (await json<{ products: ListedProduct[] }[]>(await fetch(url))).flatMap((t) => t.products);
  if (all.length === 0) throw new Error('the catalogue is empty: no product to open');
  // The home asks for 5 per type and shows the best sellers first (views/product/catalogue.ts hotProducts).
  const firstPage = (await json<{ products: ListedProduct[] }[]>(await fetch(`${url}?pageSize=5`))).flatMap((t) => t.products);
  const hot = [...firstPage].sort((a, b) => b.salesCount - a.salesCount)[0];
  return { detail: all[0], hot };
}

async function signIn(base: string): Promise<{ tokenUser: string; tokenResh: string }> {
  const body = new URLSearchParams({ grant_type: 'member_password', username: 'demo.member', password: 'Demo@123456' });
  const res = await fetch(`${base}/prod-api/auth/oauth2/token`, {
    method: 'POST',
    body,
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
  });
  const pair = await json<{ token_type: string; access_token: string; refresh_token: string }>(res);
  return { tokenUser: `${pair.token_type} ${pair.access_token}`, tokenResh: pair.refresh_token };
}

/** Counts every response of the page from CDP: bytes on the wire (encodedDataLength) and decoded bytes. */
function recordTransfers(cdp: CDPSession) {
  const byId = new Map<string, { url: string; kind: 'js' | 'css' | 'other'; encoding: string; decoded: number }>();
  const done: { url: string; kind: 'js' | 'css' | 'other'; encoding: string; decoded: number; transferred: number }[] = [];
  cdp.on('Network.responseReceived', (e) => {
    const { url, mimeType, headers } = e.response;
    const path = url.split(/[?#]/)[0];
    const kind = /javascript|ecmascript/i.test(mimeType) || path.endsWith('.js') ? 'js' : mimeType === 'text/css' || path.endsWith('.css') ? 'css' : 'other';
    const encoding = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? '';
    byId.set(e.requestId, { url, kind, encoding: String(encoding), decoded: 0 });
  });
  cdp.on('Network.dataReceived', (e) => {
    const entry = byId.get(e.requestId);
    if (entry) entry.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const entry = byId.get(e.requestId);
    if (entry) done.push({ ...entry, transferred: e.encodedDataLength });
  });
  return () => {
    const sum = (kind: 'js' | 'css'): Transfer => {
      const rows = done.filter((r) => r.kind === kind);
      return {
        transferred: rows.reduce((n, r) => n + r.transferred, 0),
        decoded: rows.reduce((n, r) => n + r.decoded, 0),
        count: rows.length,
        brotli: rows.filter((r) => r.encoding === 'br').length,
      };
    };
    return {
      js: sum('js'),
      css: sum('css'),
      allTransferred: done.reduce((n, r) => n + r.transferred, 0),
      requests: done.length,
      // scripts/compress-dist.ts leaves files under 512 bytes uncompressed on purpose.
      jsNotBrotli: done.filter((r) => r.kind === 'js' && r.encoding !== 'br' && r.decoded >= PRECOMPRESS_MIN_BYTES).map((r) => r.url),
    };
  };
}

async function runOnce(browser: Browser, base: string, spec: PageSpec): Promise<RunResult> {
  const session = await signIn(base);
  const context = await browser.newContext({ ...DEVICE, serviceWorkers: 'block', locale: 'zh-CN' });
  try {
    // Cookie values as the H5 writes them (universal-cookie percent-encodes the space).
    await context.addCookies([
      { name: 'tokenUser', value: encodeURIComponent(session.tokenUser), url: `${base}/` },
      { name: 'tokenResh', value: encodeURIComponent(session.tokenResh), url: `${base}/` },
    ]);
    await context.addInitScript(PERF_INIT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const transfers = recordTransfers(cdp);

    await page.goto(`${base}/${spec.hash}`, { waitUntil: 'load', timeout: NAV_TIMEOUT_MS });
    // Checked on every frame in the page, so the time is the page's own clock (ms since navigation start).
    const visible = await page.waitForFunction(
      `(() => {
        const want = ${JSON.stringify(spec.visibleText)};
        for (const el of document.querySelectorAll(${JSON.stringify(spec.selector)})) {
          if (el.childElementCount === 0 && el.textContent.trim() === want && el.getClientRects().length > 0) return performance.now();
        }
        return false;
      })()`,
      undefined,
      { polling: 'raf', timeout: NAV_TIMEOUT_MS },
    );
    const visibleMs = (await visible.jsonValue()) as number;
    await page.waitForLoadState('networkidle', { timeout: NAV_TIMEOUT_MS });
    await page.waitForTimeout(SETTLE_MS);
    const perf = (await page.evaluate('window.__bench')) as { lcp: { t: number; element: string }[]; fcp: number | null };
    const last = perf.lcp.at(-1);
    if (!last || perf.fcp === null) throw new Error(`${spec.label}: no LCP or FCP entry`);
    return { page: spec.key, lcpMs: last.t, lcpElement: last.element, fcpMs: perf.fcp, visibleMs, ...transfers() };
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

function summarise(runs: RunResult[]) {
  const pick = (f: (r: RunResult) => number) => ({ median: median(runs.map(f)), worst: worst(runs.map(f)) });
  const lcp = pick((r) => r.lcpMs);
  const fcp = pick((r) => r.fcpMs);
  const visible = pick((r) => r.visibleMs);
  const jsT = pick((r) => r.js.transferred);
  const jsD = pick((r) => r.js.decoded);
  const cssT = pick((r) => r.css.transferred);
  const cssD = pick((r) => r.css.decoded);
  return {
    runs: runs.length,
    lcpMs: { median: ms(lcp.median), worst: ms(lcp.worst) },
    fcpMs: { median: ms(fcp.median), worst: ms(fcp.worst) },
    visibleMs: { median: ms(visible.median), worst: ms(visible.worst) },
    jsKB: { transferred: kb(jsT.median), transferredWorst: kb(jsT.worst), decoded: kb(jsD.median), decodedWorst: kb(jsD.worst), files: median(runs.map((r) => r.js.count)), brotliFiles: median(runs.map((r) => r.js.brotli)) },
    cssKB: { transferred: kb(cssT.median), transferredWorst: kb(cssT.worst), decoded: kb(cssD.median), decodedWorst: kb(cssD.worst), files: median(runs.map((r) => r.css.count)) },
    lcpElements: [...new Set(runs.map((r) => r.lcpElement))],
    jsAllBrotli: runs.every((r) => r.jsNotBrotli.length === 0),
  };
}

async function main() {
  if (!existsSync('dist/web/index.html') || !existsSync('dist/server/main.js')) {
    console.error('dist/ is missing: run `npm run build` first.');
    process.exit(1);
  }
  const started = Date.now();
  const loadBefore = loadavg();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-web-'));
  const product: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_SIGNIN_PER_MIN: '1000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let browser: Browser | undefined;
  try {
    await waitFor(`${base}/prod-api/version`);
    const { detail, hot } = await pickProducts(base);
    const pages: PageSpec[] = [
      { key: 'productDetails', label: `/#/productDetails/index?id=${detail.id}`, hash: `#/productDetails/index?id=${detail.id}`, visibleText: detail.name, selector: 'h1' },
      { key: 'index', label: '/#/index', hash: '#/index', visibleText: hot.name, selector: 'body *' },
    ];
    browser = await chromium.launch({ executablePath: CHROMIUM });
    const results: RunResult[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      if (i > 0 && Date.now() - started > DEADLINE_MS) {
        console.warn(`stopping after ${i} runs: the benchmark keeps under 3 minutes`);
        break;
      }
      // Both pages in each round, so both see the same machine load.
      for (const spec of pages) {
        const r = await runOnce(browser, base, spec);
        results.push(r);
        console.log(`run ${i + 1} ${spec.label}: LCP ${ms(r.lcpMs)} ms, FCP ${ms(r.fcpMs)} ms, visible ${ms(r.visibleMs)} ms, JS ${kb(r.js.transferred)} KB`);
      }
    }

    const summary = Object.fromEntries(pages.map((p) => [p.key, { url: p.label, visibleText: p.visibleText, ...summarise(results.filter((r) => r.page === p.key)) }]));
    console.table(pages.map((p) => {
      const s = summary[p.key];
      return {
        page: p.label,
        runs: s.runs,
        'LCP med/worst ms': `${s.lcpMs.median} / ${s.lcpMs.worst}`,
        'FCP med/worst ms': `${s.fcpMs.median} / ${s.fcpMs.worst}`,
        'visible med/worst ms': `${s.visibleMs.median} / ${s.visibleMs.worst}`,
        'JS KB wire / decoded': `${s.jsKB.transferred} / ${s.jsKB.decoded}`,
        'CSS KB wire / decoded': `${s.cssKB.transferred} / ${s.cssKB.decoded}`,
        'JS files (br)': `${s.jsKB.files} (${s.jsKB.brotliFiles})`,
        'JS ≥512 B all br': s.jsAllBrotli,
      };
    }));
    const notBrotli = [...new Set(results.flatMap((r) => r.jsNotBrotli))];
    if (notBrotli.length > 0) console.warn(`JS sent without brotli: ${notBrotli.join(', ')}`);
    const loadAfter = loadavg();
    console.log(`load average ${loadBefore.map((n) => n.toFixed(2)).join(' ')} at start, ${loadAfter.map((n) => n.toFixed(2)).join(' ')} at end; ${((Date.now() - started) / 1000).toFixed(0)} s`);

    mkdirSync('.bench', { recursive: true });
    writeFileSync('.bench/web.json', JSON.stringify({
      at: new Date().toISOString(),
      chromium: browser.version(),
      throttling: { ...NETWORK, downloadKbps: (NETWORK.downloadThroughput * 8) / 1024, uploadKbps: (NETWORK.uploadThroughput * 8) / 1024, cpuSlowdown: CPU_SLOWDOWN },
      device: { viewport: DEVICE.viewport, deviceScaleFactor: DEVICE.deviceScaleFactor, userAgent: DEVICE.userAgent },
      loadAverage: { start: loadBefore, end: loadAfter },
      summary,
      runs: results,
    }, null, 2));
  } finally {
    await browser?.close();
    // The database lives in dataDir: let the server close it before the folder goes.
    const exited = new Promise((resolve) => product.once('exit', resolve));
    product.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
