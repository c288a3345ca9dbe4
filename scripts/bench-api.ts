/**
 * API benchmark: requests/s and p99 latency of the product's hot routes with autocannon, next to a
 * bare Fastify route measured in the same run on the same machine, reported as ratios so the numbers
 * mean something on any machine. The product runs as a child process, once on a fresh embedded
 * PGlite and once on a throw-away PostgreSQL server started like the tests start theirs
 * (scripts/pg-test-server.sh), each time measured directly; it also reports the process's resident
 * memory idle and after a minute of mixed load, and on PostgreSQL the commits per wx_web grant.
 * The wx_web grant's "WeChat" is the simulator in a process of its own (scripts/wechat-simulator.ts),
 * as WeChat is a remote service in a deployment: the product only waits for its code exchange, and
 * the exchange alone is measured against the simulator in its own row.
 * Then, as deployed: two instances on PostgreSQL behind nginx with the shipped configuration
 * (deploy/nginx, scripts/lib/nginx.ts), the read routes measured through nginx, each still paired
 * with the bare route measured directly.
 *
 *   npm run bench:api            (prints a table per run and writes .bench/api.json)
 *
 * Environment: BENCH_PORT (product; bare = +1, the two instances behind nginx +2 and +3, nginx +4,
 * the WeChat simulator +5, PostgreSQL +100; default 18480), BENCH_DATABASES (`pglite,postgres,nginx`), BENCH_DURATION_S (8),
 * BENCH_CONNECTIONS (20), BENCH_NGINX_WORKERS (2),
 * BENCH_MIXED_S (60, or 0 with BENCH_ROUTES; 0 skips the mixed load), BENCH_WX_CODES (1500), BENCH_CPU_PROF (a folder:
 * the product writes a V8 CPU profile there, for `node --cpu-prof` analysis), BENCH_NODE_FLAGS (Node's flags
 * for the product; default those of `npm start`), BENCH_WECHAT (`own-process`, or `in-process`: the
 * simulator inside the measured product, as development runs it, for a paired comparison).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Options as AutocannonOptions } from 'autocannon';
import { build } from 'esbuild';
import pg from 'pg';
import { json, waitFor } from './lib/http.ts';
import { startFront, type Front } from './lib/nginx.ts';
import { currentAgreement } from '#shared/consent.ts';

const PORT = Number(process.env.BENCH_PORT ?? 18480);
const PRODUCT_PORT = PORT;
const BARE_PORT = PORT + 1;
const FRONT_INSTANCE_PORTS = [PORT + 2, PORT + 3];
const FRONT_PORT = PORT + 4;
const WECHAT_PORT = PORT + 5;
const PG_PORT = PORT + 100;
/** Each server's metrics listener (as deployed): its port + 50. */
const METRICS_OFFSET = 50;
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres,nginx').split(',').map((d) => d.trim()) as (
  'pglite' | 'postgres' | 'nginx'
)[];
const NGINX_WORKERS = Number(process.env.BENCH_NGINX_WORKERS ?? 2);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** BENCH_ROUTES: a pattern of the route names to measure (the bare route always is), for profiling one. */
const ONLY = process.env.BENCH_ROUTES ? new RegExp(process.env.BENCH_ROUTES) : null;
// Profiling one route: the mixed load would pollute its profile, so it runs only when asked for.
const MIXED_S = Number(process.env.BENCH_MIXED_S ?? (ONLY ? 0 : 60));
const WX_CODES = Number(process.env.BENCH_WX_CODES ?? 1500);
const WX_USERS = 200;
const CPU_PROF = process.env.BENCH_CPU_PROF;
const WECHAT_IN_PROCESS = process.env.BENCH_WECHAT === 'in-process';
const BASIC = `Basic ${Buffer.from('insure-h5:insure-h5-secret').toString('base64')}`;
const OA_SECRET = 'simulator-oa-secret';
const base = `http://127.0.0.1:${PRODUCT_PORT}`;
const v1 = `${base}/prod-api/app-api/v1`;
/** WeChat's base for the product and for the benchmark's own calls (codes, the exchange alone). */
const wxSim = WECHAT_IN_PROCESS ? `${base}/wx-sim` : `http://127.0.0.1:${WECHAT_PORT}/wx-sim`;

const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/bare', async () => ({ code: '00000', msg: '一切ok', data: [] }));
await app.listen({ port: ${BARE_PORT}, host: '127.0.0.1' });
`;

const children = new Set<ChildProcess>();
// However the benchmark ends, the servers it started end with it.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));

function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

interface Row {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  statuses: string;
  bareRps?: number;
  /** Server CPU time (user + system) per answered request, µs: the route's and the paired bare route's. */
  cpuUs?: number;
  bareCpuUs?: number;
}

/**
 * The processes whose CPU time is read: the product under test (or, through the front, the group
 * of processes that serve a request) and the bare route's server.
 */
const servers: { product?: number; bare?: number; wechat?: number; group?: () => number[] } = {};

/** CPU time processes have used so far, in µs (Linux /proc; clock ticks of 10 ms). */
function cpuUs(pid: number | number[] | undefined): number {
  if (Array.isArray(pid)) return pid.reduce((sum, one) => sum + cpuUs(one), 0);
  if (!pid) return 0;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000; // utime, stime
}

async function load(opts: AutocannonOptions, pid: number | number[] | undefined) {
  const cpuBefore = cpuUs(pid);
  const r = await autocannon({ connections: CONNECTIONS, ...(opts.amount ? {} : { duration: DURATION_S }), ...opts });
  const answered = r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'];
  return { r, answered, cpuUs: answered ? (cpuUs(pid) - cpuBefore) / answered : 0 };
}

async function run(
  route: string,
  opts: AutocannonOptions,
  pid: number | number[] | undefined = servers.group?.() ?? servers.product,
): Promise<Row> {
  const { r, answered, cpuUs } = await load(opts, pid);
  const statuses = (['2xx', '3xx', '4xx', '5xx'] as const)
    .filter((k) => r[k] > 0)
    .map((k) => `${k}:${r[k]}`)
    .join(' ');
  // Requests over elapsed time: right for runs of a fixed amount too (shorter than a second).
  const rps = r.duration > 0 ? answered / r.duration : r.requests.average;
  return {
    route,
    rps,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r['4xx'] + r['5xx'],
    statuses,
    cpuUs,
  };
}

/**
 * A route and, right before it, the bare route for half as long: on a shared machine the load
 * changes from minute to minute, so each ratio compares two measurements taken together. The
 * CPU time each server spent per request is the steadier figure when the machine is busy: it
 * does not count the time the server waited for a core.
 */
async function measure(route: string, opts: AutocannonOptions, pid?: number): Promise<Row> {
  if (ONLY && !ONLY.test(route)) return { route, rps: 0, p50: 0, p99: 0, errors: 0, statuses: 'skipped' };
  const bare = await load(
    { duration: Math.max(2, DURATION_S / 2), url: `http://127.0.0.1:${BARE_PORT}/bare` },
    servers.bare,
  );
  return { ...(await run(route, opts, pid)), bareRps: bare.r.requests.average, bareCpuUs: bare.cpuUs };
}

/** Resident memory of a process in MB (Linux /proc), current and peak. */
function rssMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function passwordToken(at = base): Promise<string> {
  const form = new FormData();
  form.set('grant_type', 'member_password');
  form.set('username', 'demo.member');
  form.set('password', 'Demo@123456');
  const data = await json<{ access_token: string }>(
    await fetch(`${at}/prod-api/auth/oauth2/token`, {
      method: 'POST',
      body: form,
      headers: { authorization: BASIC },
    }),
  );
  return data.access_token;
}

async function simulatorCodes(appid: string, count: number, offset = 0): Promise<string[]> {
  const codes: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await fetch(`${wxSim}/test/oauth-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appid, user: `bench-${(i + offset) % WX_USERS}` }),
    });
    codes.push(((await res.json()) as { code: string }).code);
  }
  return codes;
}

const wxWebBody = (code: string) => new URLSearchParams({ grant_type: 'wx_web', code, channel: 'demo' }).toString();
const formHeaders = { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' };

/**
 * Signs every benchmark user in once, so the measured grants are all returning users, CONNECTIONS
 * at a time like the measured run: the server then has what it has under steady traffic (its pool
 * of database connections open, each with the grant's statement prepared) rather than opening
 * them during the first few measured grants.
 */
async function firstSignins(appid: string): Promise<void> {
  const codes = await simulatorCodes(appid, WX_USERS);
  const signIn = async (code: string) => {
    // A first sign-in creates the member, which needs the consent (docs/decisions/consent-at-sign-in.md).
    const body = `${wxWebBody(code)}&agreement=${encodeURIComponent(currentAgreement())}`;
    const call = () => fetch(`${base}/prod-api/auth/oauth2/token`, { method: 'POST', headers: formHeaders, body });
    let res = await call();
    // A busy machine can lag the product's event loop past its shedding bound: it answers 503 before
    // reading the code, and a client tries again after the Retry-After it names.
    for (let tries = 1; res.status === 503 && tries < 5; tries += 1) {
      await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
      res = await call();
    }
    await json(res);
  };
  for (let i = 0; i < codes.length; i += CONNECTIONS) await Promise.all(codes.slice(i, i + CONNECTIONS).map(signIn));
}

function codesRequest(
  codes: string[],
  build: (code: string) => { path?: string; body?: string },
): AutocannonOptions['requests'] {
  let next = 0;
  return [{ setupRequest: (req) => ({ ...req, ...build(codes[next++ % codes.length]) }) }];
}

/** Commits of the database so far (PostgreSQL's statistics, flushed by idle backends within 10 s). */
async function commits(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

interface Sample {
  planCode: string;
  termDays: number;
  startDate: string;
  insured: { age: number; occupationClass: number }[];
}

async function catalogueSample(at = v1): Promise<{ productId: number; quote: Sample; etag: string }> {
  const list = await fetch(`${at}/prodType/listTypeProds`);
  const etag = list.headers.get('etag') ?? '';
  const types = await json<{ products: { id: number; team: boolean }[] }[]>(list);
  const productId = types.flatMap((t) => t.products).find((p) => !p.team)!.id;
  const detail = await json<{
    plans: { code: string }[];
    terms: { days: number }[];
    limits: { startOffsetDays: { min: number } };
  }>(await fetch(`${at}/product/${productId}`));
  const startDate = new Date(Date.now() + (detail.limits.startOffsetDays.min + 1) * 86_400_000 + 8 * 3_600_000)
    .toISOString()
    .slice(0, 10);
  const quote = {
    planCode: detail.plans[0].code,
    termDays: detail.terms[0].days,
    startDate,
    insured: [{ age: 30, occupationClass: 1 }],
  };
  // Fails loudly if the sample quote is refused, rather than benchmarking an error.
  await json(
    await fetch(`${at}/product/${productId}/quote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(quote),
    }),
  );
  return { productId, quote, etag };
}

interface DatabaseRun {
  database: 'pglite' | 'postgres' | 'nginx';
  loadAverage: number[];
  /** The product's memory (the direct runs). */
  rssMb?: {
    firstStart: { rss: number; peak: number };
    idle: number;
    afterMixed: number | null;
    peak: number | null;
    mixedSeconds: number;
  };
  commitsPerGrant: number | null;
  table: Record<string, string | number>[];
}

async function runOne(database: 'pglite' | 'postgres', databaseUrl: string | undefined): Promise<DatabaseRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const env = {
    PORT: String(PRODUCT_PORT),
    METRICS_PORT: String(PRODUCT_PORT + METRICS_OFFSET),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SIGNIN_PER_MIN: '1000000',
    RATE_LIMIT_QUOTE_PER_MIN: '1000000',
    // The wx_web grants need codes from the WeChat simulator: its own process, or inside the product.
    ...(WECHAT_IN_PROCESS ? { WECHAT_SIMULATOR: 'true' } : { WECHAT_API_BASE: wxSim }),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, SEED_DEMO: 'true' } : {}),
  };
  // The first start creates, migrates and seeds the database (PGlite's initdb peaks far above a
  // running server); the product is measured as it usually runs: restarted over that database.
  const first = start([...START_FLAGS, SERVER_BUNDLE], env);
  await waitFor(`${base}/prod-api/version`, 120_000);
  await sleep(2_000);
  const firstStart = rssMb(first.pid!);
  await stop(first);
  const prof = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${join(CPU_PROF, database)}`] : [];
  const product = start([...prof, ...START_FLAGS, SERVER_BUNDLE], env);
  servers.product = product.pid;
  try {
    await waitFor(`${base}/prod-api/version`, 120_000);
    await sleep(3_000);
    const idle = rssMb(product.pid!).rss;
    const auth = { authorization: `Bearer ${await passwordToken()}` };
    const { wechatAppId } = await json<{ wechatAppId: string }>(await fetch(`${v1}/open/client-config`));
    const { productId, quote, etag } = await catalogueSample();
    const rows: Row[] = [];
    rows.push(await run('bare Fastify route', { url: `http://127.0.0.1:${BARE_PORT}/bare` }, servers.bare));
    rows.push(await measure('GET prodType/listTypeProds (anonymous)', { url: `${v1}/prodType/listTypeProds` }));
    rows.push(
      await measure('GET prodType/listTypeProds, If-None-Match → 304', {
        url: `${v1}/prodType/listTypeProds`,
        headers: { 'if-none-match': etag },
      }),
    );
    rows.push(await measure('GET product/{id} (Bearer)', { url: `${v1}/product/${productId}`, headers: auth }));
    rows.push(await measure('GET open/menu (Bearer)', { url: `${v1}/open/menu`, headers: auth }));
    rows.push(await measure('GET members/me (Bearer)', { url: `${v1}/members/me`, headers: auth }));
    rows.push(
      await measure('POST product/{id}/quote', {
        url: `${v1}/product/${productId}/quote`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(quote),
      }),
    );

    // wx_web: every request needs its own single-use code, made beforehand through the simulator;
    // every user has signed in once before, so these are returning users.
    const wx = !ONLY || ONLY.test('wx_web');
    if (wx) await firstSignins(wechatAppId);
    const codes = wx ? await simulatorCodes(wechatAppId, WX_CODES) : [];
    // The first sign-ins' statistics must be flushed before the first reading (idle backends: ≤ 10 s).
    if (databaseUrl && wx) await sleep(11_000);
    const before = databaseUrl && wx ? await commits(databaseUrl) : 0;
    rows.push(
      await measure(
        `POST oauth2/token wx_web (returning user, simulator ${WECHAT_IN_PROCESS ? 'in-process' : 'own process'})`,
        {
          url: `${base}/prod-api/auth/oauth2/token`,
          method: 'POST',
          headers: formHeaders,
          amount: codes.length,
          requests: codesRequest(codes, (code) => ({ body: wxWebBody(code) })),
        },
      ),
    );
    let commitsPerGrant: number | null = null;
    if (databaseUrl && wx) {
      await sleep(11_000); // idle backends flush their statistics within PGSTAT_IDLE_INTERVAL (10 s)
      // - 1: the first reading's own query.
      // Three decimals: what the grants do not explain (the interval jobs' own statements, a
      // notification poll every 5 s: about 5 in the window) shows up in the third.
      commitsPerGrant = +(((await commits(databaseUrl)) - before - 1) / codes.length).toFixed(3);
    }
    // The simulator's own part of a grant: the code exchange it answers, alone.
    const simCodes = wx ? await simulatorCodes(wechatAppId, WX_CODES) : [];
    rows.push(
      await measure(
        "  of which: the simulator's wx_web code exchange alone",
        {
          url: `${wxSim}/sns/oauth2/access_token`,
          amount: simCodes.length,
          requests: codesRequest(simCodes, (code) => ({
            path: `/wx-sim/sns/oauth2/access_token?${new URLSearchParams({ appid: wechatAppId, secret: OA_SECRET, code, grant_type: 'authorization_code' })}`,
          })),
        },
        servers.wechat ?? servers.product,
      ),
    );

    let afterMixed: number | null = null;
    let peak: number | null = null;
    if (MIXED_S > 0) {
      await autocannon({
        url: base,
        connections: CONNECTIONS,
        duration: MIXED_S,
        requests: [
          { method: 'GET', path: '/prod-api/app-api/v1/prodType/listTypeProds' },
          { method: 'GET', path: `/prod-api/app-api/v1/product/${productId}`, headers: auth },
          { method: 'GET', path: '/prod-api/app-api/v1/open/menu', headers: auth },
          { method: 'GET', path: '/prod-api/app-api/v1/members/me', headers: auth },
          {
            method: 'POST',
            path: `/prod-api/app-api/v1/product/${productId}/quote`,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(quote),
          },
          { method: 'GET', path: `/prod-api/app-api/v1/prodType/listTypeProds?keyword=${encodeURIComponent('险')}` },
        ],
      });
      await sleep(2_000);
      ({ rss: afterMixed, peak } = rssMb(product.pid!));
    }

    const table = tableOf(rows);
    return {
      database,
      loadAverage: loadavg().map((l) => +l.toFixed(2)),
      rssMb: { firstStart, idle, afterMixed, peak, mixedSeconds: MIXED_S },
      commitsPerGrant,
      table,
    };
  } finally {
    await stop(product);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function tableOf(rows: Row[]): Record<string, string | number>[] {
  return rows.map((r) => ({
    route: r.route,
    'req/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'bare req/s (paired)': Math.round(r.bareRps ?? r.rps),
    'req/s vs bare': r.rps ? +(r.rps / (r.bareRps ?? r.rps)).toFixed(3) : 0,
    'CPU µs/req': Math.round(r.cpuUs ?? 0),
    'CPU vs bare': r.cpuUs ? +((r.bareCpuUs ?? r.cpuUs) / r.cpuUs).toFixed(3) : 0,
    errors: r.errors,
    statuses: r.statuses,
  }));
}

/**
 * As deployed: two instances on one PostgreSQL behind nginx (the shipped configuration, rendered
 * for local ports), the read routes measured through nginx, each paired with the bare route
 * measured directly. The anonymous list is answered from nginx's cache; the routes with a token
 * always reach an instance. The CPU figures here are nginx's workers' and both instances' together.
 */
async function runFront(databaseUrl: string): Promise<DatabaseRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const nginxDir = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
  const env = (port: number) => ({
    PORT: String(port),
    METRICS_PORT: String(port + METRICS_OFFSET),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'true',
    TRUST_PROXY: 'true',
    RATE_LIMIT_SIGNIN_PER_MIN: '1000000',
  });
  const instances = FRONT_INSTANCE_PORTS.map((port) => start([...START_FLAGS, SERVER_BUNDLE], env(port)));
  let front: Front | undefined;
  try {
    await Promise.all(
      FRONT_INSTANCE_PORTS.map((port) => waitFor(`http://127.0.0.1:${port}/prod-api/health/ready`, 120_000, 200)),
    );
    front = await startFront({
      port: FRONT_PORT,
      instances: FRONT_INSTANCE_PORTS.map((port) => `127.0.0.1:${port}`),
      webRoot: join(process.cwd(), 'dist', 'web'),
      folder: nginxDir,
      workers: NGINX_WORKERS,
    });
    const frontV1 = `${front.url}/prod-api/app-api/v1`;
    await sleep(2_000);
    const auth = { authorization: `Bearer ${await passwordToken(front.url)}` };
    const { productId } = await catalogueSample(frontV1);
    // Every process that serves a request through the front: nginx's master and workers, both instances.
    const pids = () => [front!.process.pid!, ...workerPids(front!.process.pid!), ...instances.map((i) => i.pid!)];
    servers.product = undefined;
    servers.group = pids;
    const rows: Row[] = [];
    rows.push(await run('bare Fastify route (direct)', { url: `http://127.0.0.1:${BARE_PORT}/bare` }, servers.bare));
    rows.push(
      await measure('GET prodType/listTypeProds (anonymous, nginx cache)', {
        url: `${frontV1}/prodType/listTypeProds`,
      }),
    );
    // What a phone's browser sends with it: the compressed form nginx keeps beside the plain one.
    rows.push(
      await measure('the same as a browser asks (Accept-Encoding br, Accept-Language zh-CN)', {
        url: `${frontV1}/prodType/listTypeProds`,
        headers: { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'zh-CN,zh;q=0.9' },
      }),
    );
    rows.push(await measure('GET product/{id} (anonymous, nginx cache)', { url: `${frontV1}/product/${productId}` }));
    rows.push(await measure('GET product/{id} (Bearer)', { url: `${frontV1}/product/${productId}`, headers: auth }));
    rows.push(await measure('GET open/menu (Bearer)', { url: `${frontV1}/open/menu`, headers: auth }));
    rows.push(await measure('GET members/me (Bearer)', { url: `${frontV1}/members/me`, headers: auth }));
    return {
      database: 'nginx',
      loadAverage: loadavg().map((l) => +l.toFixed(2)),
      commitsPerGrant: null,
      table: tableOf(rows),
    };
  } finally {
    servers.group = undefined;
    await front?.stop();
    await Promise.all(instances.map(stop));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(nginxDir, { recursive: true, force: true });
  }
}

/** nginx's worker processes: the processes whose parent is its master (Linux /proc). */
function workerPids(master: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (ppid === master) children.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return children;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const pgScript = (verb: 'start' | 'stop') =>
  execFileSync('bash', ['scripts/pg-test-server.sh', verb], {
    env: { ...process.env, PG_TEST_PORT: String(PG_PORT), PG_TEST_DIR: join(tmpdir(), `bench-pg-${PG_PORT}`) },
    encoding: 'utf8',
  }).trim();

/** A fresh database on the throw-away server, so every run starts empty like the PGlite one. */
async function freshPostgres(): Promise<string> {
  const admin = pgScript('start');
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The server as production runs it (`npm run build:server`), bundled beside the results. */
const SERVER_BUNDLE = '.bench/server/main.js';
/** WeChat's stand-in for the product, bundled the same way. */
const WECHAT_BUNDLE = '.bench/server/wechat-simulator.js';
/** Node's flags as production starts the server (package.json's `start`), so the same process is measured. */
const START_FLAGS = (
  process.env.BENCH_NODE_FLAGS ??
  (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start
)
  .split(/\s+/)
  .filter((arg) => arg.startsWith('--'));

async function buildServer(): Promise<void> {
  await build({
    entryPoints: { main: 'src/server/main.ts', 'wechat-simulator': 'scripts/wechat-simulator.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target: 'node20',
    outdir: '.bench/server',
    sourcemap: true,
    logLevel: 'warning',
  });
}

async function main() {
  await buildServer();
  const bare = start(['--input-type=module', '-e', BARE_SERVER], {});
  servers.bare = bare.pid;
  // WeChat for the direct runs, as a deployment has it: another process the product calls over HTTP.
  const wechat = WECHAT_IN_PROCESS
    ? undefined
    : start([...START_FLAGS, WECHAT_BUNDLE], { PORT: String(WECHAT_PORT), LOG_LEVEL: 'warn' });
  servers.wechat = wechat?.pid;
  const runs: DatabaseRun[] = [];
  let pgStarted = false;
  try {
    await waitFor(`http://127.0.0.1:${BARE_PORT}/bare`);
    if (wechat) await waitFor(`${wxSim}/test/identity?user=bench`);
    for (const database of DATABASES) {
      let url: string | undefined;
      if (database !== 'pglite') {
        url = await freshPostgres();
        pgStarted = true;
      }
      if (database === 'nginx') {
        const run = await runFront(url!);
        runs.push(run);
        console.log(
          `\ntwo instances on PostgreSQL behind nginx (${NGINX_WORKERS} workers): load average ${run.loadAverage.join(' ')}`,
        );
        console.table(run.table);
        continue;
      }
      const run = await runOne(database, url);
      runs.push(run);
      const rss = run.rssMb!;
      console.log(
        `\n${database}: load average ${run.loadAverage.join(' ')}; RSS on the first start ${rss.firstStart.rss} MB (peak ${rss.firstStart.peak} MB), idle after a restart ${rss.idle} MB, after ${rss.mixedSeconds} s of mixed load ${rss.afterMixed ?? '-'} MB (peak ${rss.peak ?? '-'} MB)` +
          (run.commitsPerGrant === null ? '' : `; commits per wx_web grant ${run.commitsPerGrant}`),
      );
      console.table(run.table);
    }
    mkdirSync('.bench', { recursive: true });
    writeFileSync(
      '.bench/api.json',
      JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, durationS: DURATION_S, runs }, null, 2),
    );
  } finally {
    await stop(bare);
    if (wechat) await stop(wechat);
    if (pgStarted) pgScript('stop');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
