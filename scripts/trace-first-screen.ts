/**
 * A Chromium performance trace of each first screen, for finding what its long tasks are
 * (docs/benchmarks.md#where-the-main-thread-goes): the built product on a fresh embedded database,
 * Debian's Chromium headless with the CPU slowed 4× (as Lighthouse's mobile preset simulates it),
 * the network unthrottled (as Lighthouse's observed load). Per page it prints every main-thread
 * task of 50 ms or more (at 4×) until the page is still, what each consists of (script by file,
 * style, layout, parsing) and the JavaScript functions that took the most of them (from V8's
 * sampling profiler). Writes each trace to `.bench/trace/<page>.json` (DevTools opens it).
 *
 *   npm run build && node --import tsx scripts/trace-first-screen.ts     (TRACE_PAGES=index,know…)
 *
 * Function names are the built code's: build with `npx vite build --minify false` for readable ones.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { pickProducts, signIn, startProduct } from './lib/bench-product.ts';

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown> & { data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const short = (url: unknown) => String(url ?? '').replace(/^https?:\/\/[^/]+/, '') || '(document)';

function mainThread(events: TraceEvent[], origin: string): { pid: number; tid: number } {
  // The renderer main thread that parsed the page's own document.
  const parse = events.find(
    (e) => e.name === 'ParseHTML' && String((e.args?.beginData as { url?: string })?.url ?? '').startsWith(origin),
  );
  if (!parse) throw new Error(`no ParseHTML of ${origin} in the trace`);
  return { pid: parse.pid, tid: parse.tid };
}

/** Self time per event kind inside [start, end] on the main thread (nested events subtract). */
function breakdown(events: TraceEvent[], start: number, end: number): Map<string, number> {
  const inside = events
    .filter((e) => e.ph === 'X' && e.ts >= start && e.ts + (e.dur ?? 0) <= end && e.name !== 'RunTask')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { e: TraceEvent; key: string; end: number }[] = [];
  const keyOf = (e: TraceEvent) => {
    const data = e.args?.data ?? {};
    if (e.name === 'EvaluateScript' || e.name === 'v8.compile' || e.name === 'v8.compileModule')
      return `${e.name} ${short(data.url ?? e.args?.fileName)}`;
    if (e.name === 'FunctionCall') return `FunctionCall ${short(data.url)} ${String(data.functionName ?? '')}`;
    if (e.name === 'v8.evaluateModule') return `v8.evaluateModule`;
    return e.name;
  };
  for (const e of inside) {
    while (stack.length && stack[stack.length - 1].end <= e.ts) stack.pop();
    const key = keyOf(e);
    const dur = e.dur ?? 0;
    self.set(key, (self.get(key) ?? 0) + dur);
    const parent = stack[stack.length - 1];
    if (parent) self.set(parent.key, (self.get(parent.key) ?? 0) - dur);
    stack.push({ e, key, end: e.ts + dur });
  }
  return self;
}

/** JS self time per function inside [start, end], from the sampling profiler's chunks. */
function jsFunctions(events: TraceEvent[], pid: number, start: number, end: number): Map<string, number> {
  const nodes = new Map<number, ProfileNode>();
  const samples: { node: number; ts: number }[] = [];
  let time = 0;
  for (const e of events.filter((x) => x.pid === pid && (x.name === 'Profile' || x.name === 'ProfileChunk'))) {
    if (e.name === 'Profile') time = Number((e.args?.data as { startTime?: number })?.startTime ?? 0);
    const data = e.args?.data as
      { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((id, i) => {
      time += deltas[i] ?? 0;
      samples.push({ node: id, ts: time });
    });
  }
  const self = new Map<string, number>();
  for (let i = 0; i < samples.length - 1; i += 1) {
    const { node, ts } = samples[i];
    if (ts < start || ts > end) continue;
    const frame = nodes.get(node)?.callFrame;
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
    const key = `${frame.functionName || '(anonymous)'} ${short(frame.url)}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (samples[i + 1].ts - ts));
  }
  return self;
}

const top = (map: Map<string, number>, n: number, min = 0) =>
  [...map.entries()]
    .filter(([, v]) => v / 1000 >= min)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${(v / 1000).toFixed(1).padStart(7)} ms  ${k}`);

function analyse(key: string, text: string, base: string): void {
  const events = (JSON.parse(text) as { traceEvents: TraceEvent[] }).traceEvents;
  const { pid, tid } = mainThread(events, base);
  const own = events.filter((e) => e.pid === pid && e.tid === tid);
  const navStart =
    events.find((e) => e.name === 'navigationStart' && e.pid === pid)?.ts ?? Math.min(...own.map((e) => e.ts));
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts;
  const lcps = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === pid);
  const tasks = own.filter((e) => e.name === 'RunTask' && e.ph === 'X');
  const total = tasks.reduce((s, t) => s + (t.dur ?? 0), 0) / 1000;
  const long = tasks.filter((t) => (t.dur ?? 0) / 1000 >= LONG_TASK_MS);
  const rel = (ts: number) => `${((ts - navStart) / 1000).toFixed(0)} ms`;
  console.log(`\n=== ${key}: ${tasks.length} tasks, ${total.toFixed(0)} ms main thread at ${CPU_SLOWDOWN}×`);
  console.log(
    `FCP ${fcp ? rel(fcp) : '?'}; LCP candidates ${lcps.map((e) => rel(e.ts)).join(', ')}; long tasks ${long.length}, ` +
      `${long.reduce((s, t) => s + (t.dur ?? 0) / 1000 - LONG_TASK_MS, 0).toFixed(0)} ms over ${LONG_TASK_MS}`,
  );
  for (const task of long) {
    const end = task.ts + (task.dur ?? 0);
    console.log(`-- task at ${rel(task.ts)}: ${((task.dur ?? 0) / 1000).toFixed(0)} ms`);
    console.log(top(breakdown(own, task.ts, end), 8, 1).join('\n'));
    console.log('   JS functions (self):');
    console.log(top(jsFunctions(events, pid, task.ts, end), 12, 1).join('\n'));
  }
  const whole = own.length ? [navStart, Math.max(...own.map((e) => e.ts + (e.dur ?? 0)))] : [0, 0];
  console.log('-- whole load, by kind:');
  console.log(top(breakdown(own, whole[0], whole[1]), 15, 2).join('\n'));
  console.log('-- whole load, JS functions (self):');
  console.log(top(jsFunctions(events, pid, whole[0], whole[1]), 30, 2).join('\n'));
}

async function main() {
  if (process.env.TRACE_FROM) {
    // Analyses traces written before: TRACE_FROM=<folder> TRACE_ORIGIN=http://127.0.0.1:<port>
    for (const key of (process.env.TRACE_PAGES ?? 'index,product,know,productDetails').split(','))
      analyse(
        key,
        readFileSync(`${process.env.TRACE_FROM}/${key}.json`, 'utf8'),
        process.env.TRACE_ORIGIN ?? 'http://127.0.0.1',
      );
    return;
  }
  const only = process.env.TRACE_PAGES?.split(',');
  const product = await startProduct();
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  try {
    const { base } = product;
    const { detail } = await pickProducts(base);
    const pages = [
      { key: 'index', url: `${base}/#/index`, signedIn: false },
      { key: 'product', url: `${base}/#/product/index`, signedIn: false },
      { key: 'know', url: `${base}/#/know/index`, signedIn: false },
      { key: 'productDetails', url: `${base}/#/productDetails/index?id=${detail.id}`, signedIn: true },
    ].filter((p) => !only || only.includes(p.key));
    mkdirSync('.bench/trace', { recursive: true });
    for (const spec of pages) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      if (spec.signedIn) {
        const { tokenUser, tokenResh } = await signIn(base);
        await context.setCookie(
          { name: 'tokenUser', value: encodeURIComponent(tokenUser), domain: '127.0.0.1', path: '/' },
          { name: 'tokenResh', value: encodeURIComponent(tokenResh), domain: '127.0.0.1', path: '/' },
        );
      }
      const cdp = await page.createCDPSession();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.tracing.start({
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'v8',
          'blink.user_timing',
          'loading',
          'disabled-by-default-v8.cpu_profiler',
        ],
      });
      await page.goto(spec.url, { waitUntil: 'networkidle0' });
      await new Promise((done) => setTimeout(done, 1500));
      const text = Buffer.from((await page.tracing.stop())!).toString();
      await context.close();
      writeFileSync(`.bench/trace/${spec.key}.json`, text);
      analyse(spec.key, text, base);
    }
  } finally {
    await browser.close();
    await product.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
