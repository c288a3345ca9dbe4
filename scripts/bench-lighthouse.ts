/**
 * Lighthouse audits of the H5 (docs/accessibility.md#audits): Lighthouse 12.2.3 (the last release
 * for Node 20) with its mobile preset (Moto G Power emulation, simulated slow 4G and 4× CPU),
 * Debian's Chromium headless, against the built product on a fresh embedded database. Pages:
 *
 * - `/#/index`, `/#/product/index`, `/#/know/index` as a visitor;
 * - `/#/productDetails/index?id=<id>` signed in: a fresh password sign-in per run, its two
 *   session cookies set in the audited browser context before the audit (as the H5 keeps them);
 * - the bare React 19 + antd-mobile page (scripts/bench-bare), the reference for LCP ÷ bare.
 *
 * Each page runs BENCH_LH_RUNS times (3 by default) in two modes, every page once per round so that
 * all see the same machine load; each run is a new browser context:
 *
 * - `preset`: the mobile preset as it comes, 4× CPU;
 * - `calibrated`: the same with the CPU slowdown the Lighthouse docs give for this host's
 *   benchmarkIndex to emulate the preset's target phone (scripts/lib/cpu-slowdown.ts), from the
 *   benchmarkIndex Lighthouse measured in the page's preset run just before
 *   (docs/decisions/lighthouse-calibrated-cpu.md). `BENCH_LH_MODES=preset` runs one mode only.
 *
 * It prints, per page and mode, the medians of the four category scores and of the metrics, the
 * host's benchmarkIndex, the multiplier and Lighthouse's run warnings of every run, the load average,
 * the audits that did not pass, and checks the goals in both modes. Writes `.bench/lighthouse.json`
 * and each page's median report as `.bench/lighthouse/<page>[-calibrated].html` (Lighthouse's own
 * report, with its diagnostics).
 *
 *   npm run build && npm run bench:lighthouse     (BENCH_LH_RUNS, BENCH_LH_PAGES=index,know…, BENCH_PORT)
 *
 * Lighthouse's element diagnostics (layout-shift culprits, LCP element) fail with this Chromium
 * ("frame_sequence"); the scores and metrics do not depend on them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { loadavg } from 'node:os';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { freePort, pickProducts, serveBarePage, signIn, startProduct } from './lib/bench-product.ts';
import { calibratedCpuSlowdown } from './lib/cpu-slowdown.ts';

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Goals (docs/accessibility.md#audits): category scores as Lighthouse shows them (0–100), metrics per page. */
const LIGHTHOUSE_GOALS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  cumulativeLayoutShift: 0.02,
  totalBlockingTimeMs: 150,
};

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
  ttiMs: 'interactive',
} as const;
type MetricKey = keyof typeof METRICS;

type PageKey = 'bare' | 'index' | 'product' | 'know' | 'productDetails';
type Mode = 'preset' | 'calibrated';
const PRESET_CPU_SLOWDOWN = 4;
/**
 * Lighthouse's own threshold for its "slower CPU than Lighthouse expects" warning
 * (core/gather/driver/environment.js). It gives that warning on its CLI only, so the bench adds it
 * to the run's warnings itself when a run through the Node API falls under it.
 */
const SLOW_HOST_BENCHMARK_INDEX = 1000;
const SLOW_HOST_WARNING = `benchmarkIndex ≤ ${SLOW_HOST_BENCHMARK_INDEX}: the host is slower than Lighthouse expects (Lighthouse's warning, given on its CLI only)`;

interface PageSpec {
  key: PageKey;
  url: string;
  signedIn: boolean;
}

interface RunResult {
  page: PageKey;
  mode: Mode;
  round: number;
  /** Lighthouse's measure of the host's CPU in this run (lhr.environment.benchmarkIndex). */
  benchmarkIndex: number;
  /** The CPU slowdown this run simulated; calibrated runs: from the preset run's benchmarkIndex. */
  cpuSlowdown: number;
  /** The host was too slow to emulate the target phone (calibrated runs; 1× then). */
  hostTooSlow: boolean;
  /** Lighthouse's run warnings (a slow host CPU among them). */
  runWarnings: string[];
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<MetricKey, number>;
  /** Audits of the scored categories (metrics aside) that did not pass: id → title. */
  failed: Record<string, string>;
  /** Load average (1 min) when the run started and ended. */
  load: [number, number];
  /** The audited load's layout shifts as the page saw them (Lighthouse's own culprit list fails here). */
  shifts: Shift[];
  report: string;
}

interface Shift {
  /** ms since the document's start. */
  at: number;
  value: number;
  sources: string[];
}

/**
 * Reports every layout shift with the elements that moved, from inside the page. Lighthouse loads
 * the page again after the audit (its back/forward cache check): only the first document counts.
 */
const SHIFT_OBSERVER = () => {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      const sources = (entry.sources ?? []).map(({ node, previousRect: a, currentRect: b }) => {
        const el = node instanceof Element ? node : node?.parentElement;
        const name = el
          ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList[0] ? `.${el.classList[0]}` : ''}`
          : '?';
        const text = (node?.textContent ?? '').trim().slice(0, 24);
        return `${name} "${text}" ${Math.round(a.y)},${Math.round(a.height)} → ${Math.round(b.y)},${Math.round(b.height)}`;
      });
      console.debug(
        `lighthouse-bench-shift ${performance.timeOrigin} ${JSON.stringify({ at: Math.round(entry.startTime), value: entry.value, sources })}`,
      );
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Audits that are metrics (scored by their numbers above) or informative are not listed as failures. */
function failedAudits(lhr: Result): Record<string, string> {
  const failed: Record<string, string> = {};
  const metricIds = new Set<string>(Object.values(METRICS));
  for (const id of ['accessibility', 'best-practices', 'seo', 'performance'] as const) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight === 0 && id === 'performance') continue;
      if (metricIds.has(ref.id) || audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual') continue;
      failed[ref.id] = `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`;
    }
  }
  return failed;
}

async function runOnce(
  browser: Browser,
  base: string,
  spec: PageSpec,
  round: number,
  cpu: { mode: Mode; multiplier: number; tooSlow: boolean },
): Promise<RunResult> {
  const context = await browser.createBrowserContext();
  const loadStart = loadavg()[0];
  try {
    const page = await context.newPage();
    const shifts: Shift[] = [];
    let firstDocument: string | null = null;
    page.on('console', (message) => {
      const match = /^lighthouse-bench-shift (\S+) (.*)$/.exec(message.text());
      if (!match) return;
      firstDocument ??= match[1];
      if (match[1] === firstDocument) shifts.push(JSON.parse(match[2]) as Shift);
    });
    await page.evaluateOnNewDocument(SHIFT_OBSERVER);
    if (spec.signedIn) {
      // Cookies in the browser, as the H5 keeps the session (spec §3): a header would not reach its script.
      const { tokenUser, tokenResh } = await signIn(base);
      await context.setCookie(
        { name: 'tokenUser', value: encodeURIComponent(tokenUser), domain: '127.0.0.1', path: '/' },
        { name: 'tokenResh', value: encodeURIComponent(tokenResh), domain: '127.0.0.1', path: '/' },
      );
    }
    const flags: Flags = { output: 'html', logLevel: 'error', locale: 'en-US' };
    // Merged into the preset's throttling: only the CPU slowdown changes.
    if (cpu.mode === 'calibrated') flags.throttling = { cpuSlowdownMultiplier: cpu.multiplier };
    const result = await lighthouse(spec.url, flags, undefined, page);
    if (!result) throw new Error(`${spec.key}: Lighthouse returned nothing`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${spec.key}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const applied = lhr.configSettings.throttling.cpuSlowdownMultiplier;
    if (applied !== cpu.multiplier) throw new Error(`${spec.key}: asked for ${cpu.multiplier}× CPU, ran ${applied}×`);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as RunResult['scores'];
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? Number.NaN]),
    ) as RunResult['metrics'];
    return {
      page: spec.key,
      mode: cpu.mode,
      round,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      cpuSlowdown: applied,
      hostTooSlow: cpu.tooSlow,
      runWarnings: [
        ...lhr.runWarnings.map(String),
        ...(lhr.environment.benchmarkIndex <= SLOW_HOST_BENCHMARK_INDEX ? [SLOW_HOST_WARNING] : []),
      ],
      scores,
      metrics,
      failed: failedAudits(lhr),
      load: [loadStart, loadavg()[0]],
      shifts,
      report: String(result.report),
    };
  } finally {
    await context.close();
  }
}

interface PageSummary {
  url: string;
  mode: Mode;
  runs: number;
  benchmarkIndex: number[];
  cpuSlowdown: number[];
  runWarnings: string[];
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<MetricKey, number>;
  /** Failed audits in any run, with how many runs failed each. */
  failed: Record<string, { title: string; runs: number }>;
  load: number[];
}

function summarise(spec: PageSpec, mode: Mode, runs: RunResult[]): PageSummary {
  const failed: PageSummary['failed'] = {};
  for (const run of runs)
    for (const [id, title] of Object.entries(run.failed)) failed[id] = { title, runs: (failed[id]?.runs ?? 0) + 1 };
  return {
    url: spec.url,
    mode,
    runs: runs.length,
    benchmarkIndex: runs.map((r) => Math.round(r.benchmarkIndex)),
    cpuSlowdown: runs.map((r) => +r.cpuSlowdown.toFixed(2)),
    runWarnings: [...new Set(runs.flatMap((r) => r.runWarnings))],
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]),
    ) as PageSummary['scores'],
    metrics: Object.fromEntries(
      (Object.keys(METRICS) as MetricKey[]).map((m) => [m, median(runs.map((r) => r.metrics[m]))]),
    ) as PageSummary['metrics'],
    failed,
    load: runs.map((r) => +r.load[0].toFixed(2)),
  };
}

function checkGoals(summary: Partial<Record<PageKey, PageSummary>>, mode: Mode): { lines: string[]; met: boolean } {
  const lines: string[] = [];
  let met = true;
  const check = (ok: boolean, text: string) => {
    met &&= ok;
    lines.push(`${ok ? 'met ' : 'MISSED'}  ${mode}: ${text}`);
  };
  const g = LIGHTHOUSE_GOALS;
  for (const [key, s] of Object.entries(summary) as [PageKey, PageSummary][]) {
    if (key === 'bare') continue;
    check(s.scores.performance >= g.performance, `${key}: performance ${s.scores.performance} ≥ ${g.performance}`);
    check(
      s.scores.accessibility >= g.accessibility,
      `${key}: accessibility ${s.scores.accessibility} = ${g.accessibility}`,
    );
    check(
      s.scores['best-practices'] >= g.bestPractices,
      `${key}: best practices ${s.scores['best-practices']} = ${g.bestPractices}`,
    );
    check(
      s.metrics.cls <= g.cumulativeLayoutShift,
      `${key}: cumulative layout shift ${s.metrics.cls.toFixed(3)} ≤ ${g.cumulativeLayoutShift}`,
    );
    check(
      s.metrics.tbtMs <= g.totalBlockingTimeMs,
      `${key}: total blocking time ${Math.round(s.metrics.tbtMs)} ms ≤ ${g.totalBlockingTimeMs}`,
    );
  }
  return { lines, met };
}

const formatRun = (r: RunResult) =>
  `round ${r.round} ${r.page} ${r.mode} (${r.cpuSlowdown.toFixed(2)}× CPU, benchmarkIndex ${Math.round(r.benchmarkIndex)}` +
  `${r.hostTooSlow ? ', host too slow to emulate the target' : ''}): ` +
  `${CATEGORIES.map((c) => `${c} ${r.scores[c]}`).join(', ')}; ` +
  `FCP ${Math.round(r.metrics.fcpMs)} ms, LCP ${Math.round(r.metrics.lcpMs)} ms, TBT ${Math.round(r.metrics.tbtMs)} ms, ` +
  `CLS ${r.metrics.cls.toFixed(3)}, SI ${Math.round(r.metrics.speedIndexMs)} ms; load ${r.load.map((l) => l.toFixed(2)).join(' → ')}` +
  (r.runWarnings.length ? `\n  warnings: ${r.runWarnings.join(' | ')}` : '');

function printMedians(pages: PageSpec[], summary: Partial<Record<PageKey, PageSummary>>, mode: Mode) {
  const bareLcp = summary.bare?.metrics.lcpMs;
  console.log(`\nmedians, ${mode}:`);
  console.table(
    pages.map((p) => {
      const s = summary[p.key]!;
      return {
        page: p.key,
        perf: s.scores.performance,
        a11y: s.scores.accessibility,
        'best pr.': s.scores['best-practices'],
        seo: s.scores.seo,
        'FCP ms': Math.round(s.metrics.fcpMs),
        'LCP ms': Math.round(s.metrics.lcpMs),
        'TBT ms': Math.round(s.metrics.tbtMs),
        CLS: +s.metrics.cls.toFixed(3),
        'SI ms': Math.round(s.metrics.speedIndexMs),
        'LCP ÷ bare': bareLcp ? +(s.metrics.lcpMs / bareLcp).toFixed(2) : '',
        'CPU ×': s.cpuSlowdown.join(' '),
        benchmarkIndex: s.benchmarkIndex.join(' '),
        load: s.load.join(' '),
      };
    }),
  );
  for (const p of pages) {
    const failed = Object.entries(summary[p.key]!.failed);
    if (failed.length)
      console.log(
        `${p.key}: not passed: ${failed.map(([id, f]) => `${id} (${f.runs}/${summary[p.key]!.runs}: ${f.title})`).join('; ')}`,
      );
  }
}

async function main() {
  const only = process.env.BENCH_LH_PAGES?.split(',') as PageKey[] | undefined;
  const modes = (process.env.BENCH_LH_MODES?.split(',') ?? ['preset', 'calibrated']) as Mode[];
  const started = Date.now();
  const loadBefore = loadavg();
  const product = await startProduct(Number(process.env.BENCH_PORT) || undefined);
  let bare: Server | undefined;
  let browser: Browser | undefined;
  try {
    const { base } = product;
    const { detail } = await pickProducts(base);
    const barePort = await freePort();
    bare = await serveBarePage(barePort);
    const allPages: PageSpec[] = [
      { key: 'bare', url: `http://127.0.0.1:${barePort}/`, signedIn: false },
      { key: 'index', url: `${base}/#/index`, signedIn: false },
      { key: 'product', url: `${base}/#/product/index`, signedIn: false },
      { key: 'know', url: `${base}/#/know/index`, signedIn: false },
      { key: 'productDetails', url: `${base}/#/productDetails/index?id=${detail.id}`, signedIn: true },
    ];
    const pages = allPages.filter((p) => !only || only.includes(p.key));
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless=new', '--no-sandbox'],
    });
    const results: RunResult[] = [];
    for (let round = 1; round <= RUNS; round += 1) {
      for (const spec of pages) {
        // The preset run first: its benchmarkIndex, taken minutes before, calibrates the next run.
        const preset = await runOnce(browser, base, spec, round, {
          mode: 'preset',
          multiplier: PRESET_CPU_SLOWDOWN,
          tooSlow: false,
        });
        if (modes.includes('preset')) {
          results.push(preset);
          console.log(formatRun(preset));
        }
        if (!modes.includes('calibrated')) continue;
        const slowdown = calibratedCpuSlowdown(preset.benchmarkIndex);
        const calibrated = await runOnce(browser, base, spec, round, {
          mode: 'calibrated',
          multiplier: +slowdown.multiplier.toFixed(2),
          tooSlow: slowdown.tooSlow,
        });
        results.push(calibrated);
        console.log(formatRun(calibrated));
      }
    }

    for (const r of results.filter((run) => run.metrics.cls > 0.005))
      console.log(
        `${r.page} ${r.mode} round ${r.round}: CLS ${r.metrics.cls.toFixed(3)}; shifts seen by the page:\n${r.shifts
          .map((sh) => `  at ${sh.at} ms ${sh.value.toFixed(4)}: ${sh.sources.join('; ')}`)
          .join('\n')}`,
      );
    const summaries: Partial<Record<Mode, Partial<Record<PageKey, PageSummary>>>> = {};
    const goalLines: string[] = [];
    let met = true;
    mkdirSync('.bench/lighthouse', { recursive: true });
    for (const mode of modes) {
      const summary: Partial<Record<PageKey, PageSummary>> = {};
      for (const spec of pages) {
        const own = results.filter((r) => r.page === spec.key && r.mode === mode);
        summary[spec.key] = summarise(spec, mode, own);
        const byPerformance = [...own].sort((a, b) => a.scores.performance - b.scores.performance);
        const file = `.bench/lighthouse/${spec.key}${mode === 'preset' ? '' : `-${mode}`}.html`;
        writeFileSync(file, byPerformance[Math.floor((own.length - 1) / 2)].report);
      }
      summaries[mode] = summary;
      printMedians(pages, summary, mode);
      const goals = checkGoals(summary, mode);
      goalLines.push(...goals.lines);
      met &&= goals.met;
    }
    console.log(`\ngoals:\n  ${goalLines.join('\n  ')}`);
    const loadAfter = loadavg();
    console.log(
      `load average ${loadBefore.map((n) => n.toFixed(2)).join(' ')} at start, ${loadAfter.map((n) => n.toFixed(2)).join(' ')} at end; ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    writeFileSync(
      '.bench/lighthouse.json',
      JSON.stringify(
        {
          at: new Date().toISOString(),
          lighthouse: '12.2.3',
          chromium: await browser.version(),
          loadAverage: { start: loadBefore, end: loadAfter },
          goals: goalLines,
          summary: summaries,
          runs: results.map(({ report: _report, ...run }) => run),
        },
        null,
        2,
      ),
    );
    if (!met) process.exitCode = 1;
  } finally {
    await browser?.close();
    bare?.close();
    await product.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
