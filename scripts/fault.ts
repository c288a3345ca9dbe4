/**
 * scripts/fault: what two instances behind nginx do when PostgreSQL is restarted, stopped for 30 s,
 * has `members` locked for 15 s, or answers every query 300 ms late, under a steady mixed load
 * (catalogue, product, members/me, open/user/me, quotes, sign-ins, purchases with payment). Prints
 * the figures docs/decisions/database-trouble.md names for each (README "What to expect when the
 * database is in trouble").
 *
 *   node --import tsx scripts/fault.ts [restart] [stop] [lock] [slow]   (default: all four)
 *
 * Everything is real: a throw-away PostgreSQL (scripts/pg-test-server.sh, in .fault/pg, restarted
 * and stopped with pg_ctl), the instances reach it through a TCP proxy in this process (which holds
 * each of its answers 300 ms in the last scenario), nginx from deploy/nginx. FAULT_PORT (default
 * 8190) is nginx; the instances listen on the two ports after it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { OAUTH_CLIENT_ID } from '#shared/constants.ts';
import { DEMO_PASSWORD } from '#server/seeds/seed.ts';
import { startDate, yearsBefore } from '#server/test/dates.ts';
import { idNumber } from '#server/test/id-number.ts';
import { TcpProxy } from '#server/test/tcp-proxy.ts';
import { clusterEnv, startInstance, stopInstance, type Instance } from './lib/cluster.ts';
import { startFront } from './lib/nginx.ts';

const root = join(import.meta.dirname, '..');
const frontPort = Number(process.env.FAULT_PORT ?? 8190);
const scenarios = process.argv.slice(2).length ? process.argv.slice(2) : ['restart', 'stop', 'lock', 'slow'];
const V1 = '/prod-api/app-api/v1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------ the parts

const pgEnv = { ...process.env, PG_TEST_PORT: String(frontPort + 100), PG_TEST_DIR: join(root, '.fault', 'pg') };
const pgScript = join(root, 'scripts/pg-test-server.sh');
const pgBin = execFileSync('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1'], {
  encoding: 'utf8',
}).trim();
/** pg_ctl on the throw-away server, as its owner. */
function pgCtl(...args: string[]) {
  const command = `${pgBin}/pg_ctl -D ${pgEnv.PG_TEST_DIR} ${args.join(' ')}`;
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? 'su' : 'bash', asRoot ? ['postgres', '-s', '/bin/bash', '-c', command] : ['-c', command], {
    stdio: 'ignore',
  });
}

rmSync(join(root, '.fault'), { recursive: true, force: true });
mkdirSync(join(root, '.fault', 'data'), { recursive: true });
const adminUrl = execFileSync('bash', [pgScript, 'start'], { env: pgEnv, encoding: 'utf8' }).trim();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query('CREATE DATABASE insure_h5_fault');
await admin.end();
const directUrl = Object.assign(new URL(adminUrl), { pathname: '/insure_h5_fault' }).toString();
const proxy = new TcpProxy({ host: '127.0.0.1', port: Number(new URL(adminUrl).port) });
await proxy.up();
const viaProxy = Object.assign(new URL(directUrl), { port: String(proxy.port) }).toString();

const ports = [frontPort + 1, frontPort + 2];
const env = clusterEnv({
  databaseUrl: viaProxy,
  wechatHost: `http://127.0.0.1:${ports[0]}`,
  dataDir: join(root, '.fault', 'data'),
  extra: {
    PUBLIC_URL: `http://127.0.0.1:${frontPort}`,
    TRUST_PROXY: 'true',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
    // One load generator on one address: the per-address limits would measure themselves.
    RATE_LIMIT_SIGNIN_PER_MIN: '100000',
    RATE_LIMIT_QUOTE_PER_MIN: '100000',
  },
});

/** What each instance logged, by message (its JSON lines on stdout). */
const logged = ports.map(() => new Map<string, number>());
const outageEnds: { instance: number; failed: number; seconds: number }[] = [];
function countLines(i: number, instance: Instance) {
  let rest = '';
  instance.process.stdout!.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      try {
        const { msg, level, failed, seconds } = JSON.parse(line) as {
          msg: string;
          level: number;
          failed?: number;
          seconds?: number;
        };
        const key = level >= 50 ? `error: ${msg}` : msg;
        logged[i].set(key, (logged[i].get(key) ?? 0) + 1);
        if (msg === 'database trouble ended') outageEnds.push({ instance: i + 1, failed: failed!, seconds: seconds! });
      } catch {
        // not a log line
      }
    }
  });
}

// Started together: migrations and seeding take turns under the start-up lock.
const instances = await Promise.all(ports.map((port, i) => startInstance(`instance ${i + 1}`, port, env)));
instances.forEach((instance, i) => countLines(i, instance));
const front = await startFront({
  port: frontPort,
  instances: ports.map((p) => `127.0.0.1:${p}`),
  webRoot: join(root, 'dist', 'web'),
  folder: join(root, '.fault', 'nginx'),
  simulator: `127.0.0.1:${ports[0]}`,
  workers: 2,
});

// ------------------------------------------------------------------ calls

interface Sample {
  kind: string;
  at: number;
  ms: number;
  status: number;
  code: string;
}
const samples: Sample[] = [];

async function call(
  kind: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; form?: string; record?: boolean } = {},
): Promise<{ status: number; code: string; data: Record<string, unknown> | null }> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    headers.authorization = `Basic ${Buffer.from(`${OAUTH_CLIENT_ID}:insure-h5-secret`).toString('base64')}`;
  }
  const at = performance.now();
  let status = 0;
  let code = '';
  let data: Record<string, unknown> | null = null;
  try {
    const res = await fetch(`${front.url}${path.startsWith('/') ? path : `${V1}/${path}`}`, {
      method,
      headers,
      body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
      signal: AbortSignal.timeout(60_000),
    });
    status = res.status;
    const text = await res.text();
    try {
      ({ code, data } = JSON.parse(text) as { code: string; data: Record<string, unknown> | null });
    } catch {
      code = '';
    }
  } catch {
    status = 0;
  }
  if (opts.record !== false) samples.push({ kind, at, ms: performance.now() - at, status, code });
  return { status, code, data };
}

async function signIn(kind = 'sign-in'): Promise<string | null> {
  const form = new URLSearchParams({ grant_type: 'member_password', username: 'demo.member', password: DEMO_PASSWORD });
  const answer = await call(kind, 'POST', '/prod-api/auth/oauth2/token', { form: form.toString() });
  return answer.status === 200 ? String(answer.data!.access_token) : null;
}

const token = (await signIn('setup'))!;
const product = (await call('setup', 'GET', 'product/1')).data as {
  id: number;
  versionId: number;
  plans: { code: string }[];
  terms: { days: number }[];
  documents: { kind: string }[];
};
const quoteBody = {
  planCode: product.plans[0].code,
  termDays: product.terms[0].days,
  startDate: startDate(),
  insured: [{ birthDate: '1990-01-01' }],
};

/** A purchase up to a started payment, as the H5 makes it: the order's id, number and prepay id. */
async function startPurchase(kind = 'purchase'): Promise<{ id: number; prepayId: string } | null> {
  const step = (method: string, path: string, body?: unknown) => call(kind, method, path, { token, body });
  const created = await step('POST', 'order/drafts', { productId: product.id });
  if (created.status !== 200) return null;
  const draftId = Number(created.data!.id);
  const start = startDate();
  const saved = await step('PUT', `order/drafts/${draftId}`, {
    planCode: product.plans[0].code,
    termDays: product.terms[0].days,
    startDate: start,
    applicant: {
      name: '李投保',
      idType: 'id_card',
      idNumber: idNumber(yearsBefore(start, 35), 123),
      mobile: '13912345678',
      email: 'li@example.com',
    },
    insured: { relation: 'self' },
  });
  if (saved.status !== 200) return null;
  const trail = (body: unknown) => step('POST', `order/drafts/${draftId}/trail`, body);
  await trail({ type: 'page', step: 'confirm', pageVersion: 'fault-1' });
  for (const document of ['clause', 'notice', 'exclusions'])
    await trail({ type: 'open', document, versionId: product.versionId });
  await trail({ type: 'confirm', documents: ['clause', 'notice', 'exclusions'], versionId: product.versionId });
  if (product.documents.some((d) => d.kind === 'health')) {
    const doc = await step('GET', `product/${product.id}/documents/health`);
    const questions = (doc.data?.questions ?? []) as { id: string }[];
    await trail({
      type: 'health',
      versionId: product.versionId,
      answers: Object.fromEntries(questions.map((q) => [q.id, false])),
    });
  }
  if ((await trail({ type: 'consent', granted: true })).status !== 200) return null;
  const order = await step('POST', `order/drafts/${draftId}/submit`, {});
  if (order.status !== 200) return null;
  const pay = await step('POST', `order/${order.data!.id}/pay`, {});
  if (pay.status !== 200) return null;
  const pkg = String((pay.data!.payParams as { package: string }).package);
  return { id: Number(order.data!.id), prepayId: pkg.slice('prepay_id='.length) };
}

/** The cashier's 确认支付 at the simulated WeChat Pay; its notification goes to the instances through nginx. */
async function payAtWechat(prepayId: string): Promise<boolean> {
  const res = await fetch(`${instances[0].url}/wx-sim/pay/test/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prepayId }),
  }).catch(() => null);
  return res?.status === 200;
}

// ------------------------------------------------------------------ the steady load

const MIXED: [string, () => Promise<unknown>][] = [
  ['catalogue', () => call('catalogue', 'GET', 'prodType/listTypeProds?page=1&pageSize=10')],
  ['product', () => call('product', 'GET', `product/${product.id}`)],
  ['members/me', () => call('members/me', 'GET', 'members/me', { token })],
  ['open/user/me', () => call('open/user/me', 'GET', 'open/user/me', { token })],
  ['quote', () => call('quote', 'POST', `product/${product.id}/quote`, { body: quoteBody })],
  ['sign-in', () => signIn()],
];
/** Kinds that read `members` (the locked table); the others do not. */
const TOUCH_MEMBERS = new Set(['members/me', 'open/user/me', 'sign-in', 'purchase']);
const paidAtWechat: number[] = [];
let loadOn = true;
async function steadyLoad(perSecond: number) {
  let n = 0;
  while (loadOn) {
    void MIXED[n++ % MIXED.length][1]();
    await sleep(1000 / perSecond);
  }
}
async function buyer() {
  while (loadOn) {
    const started = await startPurchase();
    if (started && (await payAtWechat(started.prepayId))) paidAtWechat.push(started.id);
    await sleep(500);
  }
}

/** Each instance's readiness every half second: when it turned 503 and 200 again. */
const readiness = ports.map(() => [] as { at: number; ready: boolean }[]);
async function watchReadiness() {
  while (loadOn) {
    await Promise.all(
      instances.map(async (instance, i) => {
        const res = await fetch(`${instance.url}/prod-api/health/ready`, { signal: AbortSignal.timeout(5000) }).catch(
          () => null,
        );
        const ready = res?.status === 200;
        const last = readiness[i].at(-1);
        if (!last || last.ready !== ready) readiness[i].push({ at: performance.now(), ready });
      }),
    );
    await sleep(500);
  }
}

// ------------------------------------------------------------------ figures

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function answers(list: Sample[]) {
  const by = (test: (x: Sample) => boolean) => list.filter(test).length;
  return {
    total: list.length,
    ok: by((x) => x.status >= 200 && x.status < 400),
    refused: by((x) => x.status >= 400 && x.status < 500),
    c0300: by((x) => x.status === 503 && x.code === 'C0300'),
    other503: by((x) => x.status === 503 && x.code !== 'C0300'),
    e500: by((x) => x.status >= 500 && x.status !== 503),
    /** The other answers by status and code. */
    kinds: [
      ...new Set(list.filter((x) => x.status >= 500 && x.code !== 'C0300').map((x) => `${x.status} ${x.code || '-'}`)),
    ]
      .map((k) => `${k} ×${list.filter((x) => `${x.status} ${x.code || '-'}` === k).length}`)
      .join(', '),
    failed: by((x) => x.status === 0),
  };
}
const line = (a: ReturnType<typeof answers>) =>
  `${a.total} requests: ${a.ok} answered${a.refused ? `, ${a.refused} 4xx` : ''}, ${a.c0300} 503 C0300, ${a.other503} other 503, ${a.e500} other 5xx, ${a.failed} unanswered${a.kinds ? ` (${a.kinds})` : ''}`;

function readinessFigures(faultAt: number, backAt: number): string {
  return readiness
    .map((changes, i) => {
      const down = changes.find((c) => !c.ready && c.at >= faultAt);
      const up = changes.find((c) => c.ready && down && c.at > down.at);
      const again = up
        ? up.at >= backAt
          ? `${s(up.at - backAt)} after the return`
          : 'before the restart ended'
        : 'not yet';
      return `instance ${i + 1} not ready ${down ? `${s(down.at - faultAt)} after the fault` : 'never'}, ready ${again}`;
    })
    .join('; ');
}

function logFigures(before: Map<string, number>[]): string {
  return logged
    .map((now, i) => {
      const delta = (key: string) => (now.get(key) ?? 0) - (before[i].get(key) ?? 0);
      const errors = [...now.keys()].filter((k) => k.startsWith('error: ') && delta(k) > 0);
      const named = errors.map((k) => `${k.slice('error: '.length)} ×${delta(k)}`).join(', ');
      return `instance ${i + 1}: ${delta('database trouble began')} began, ${delta('database trouble ended')} ended, ${errors.reduce((n, k) => n + delta(k), 0)} error lines${named ? ` (${named})` : ''}`;
    })
    .join('; ');
}

/** Orders paid at WeChat whose notification met the outage: when each settled after the database came back. */
async function settledAfter(orderIds: number[], backAt: number, limitMs: number): Promise<string> {
  if (!orderIds.length) return 'none paid during the fault';
  const client = new pg.Client({ connectionString: directUrl });
  await client.connect();
  try {
    while (performance.now() - backAt < limitMs) {
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM orders WHERE id = ANY($1) AND status = 'paid'",
        [orderIds],
      );
      if (rows[0].n === orderIds.length)
        return `${orderIds.length} of ${orderIds.length} settled ${s(performance.now() - backAt)} after the return`;
      await sleep(500);
    }
    return `not all settled within ${s(limitMs)}`;
  } finally {
    await client.end();
  }
}

async function policyCheck(): Promise<string> {
  const client = new pg.Client({ connectionString: directUrl });
  await client.connect();
  const { rows } = await client.query<{ paid: number; wrong: number }>(
    `SELECT count(*)::int AS paid,
            count(*) FILTER (WHERE (SELECT count(*) FROM policies p WHERE p.order_id = o.id) <> 1)::int AS wrong
       FROM orders o WHERE o.status = 'paid'`,
  );
  await client.end();
  return `${rows[0].paid} paid orders, ${rows[0].wrong} without exactly one policy`;
}

// ------------------------------------------------------------------ scenarios

/** An outage of the database: payments made at WeChat meanwhile, and what the load saw. */
async function outage(name: string, fault: () => Promise<void>, back: () => Promise<void>) {
  const prepared = (await Promise.all([0, 1, 2].map(() => startPurchase('setup')))).filter((p) => p !== null);
  const logBefore = logged.map((m) => new Map(m));
  const faultAt = performance.now();
  await fault();
  // Paid at WeChat while the database is away: the notifications fail and are retried in vain.
  await sleep(2000);
  for (const p of prepared) await payAtWechat(p.prepayId);
  await back();
  const backAt = performance.now();
  const settled = await settledAfter(
    prepared.map((p) => p.id),
    backAt,
    90_000,
  );
  await sleep(Math.max(0, 20_000 - (performance.now() - backAt)));
  const during = samples.filter((x) => x.at >= faultAt && x.at < backAt);
  const after = samples.filter((x) => x.at >= backAt);
  const firstOk = after.find((x) => x.status === 200);
  console.log(`\n## ${name}`);
  console.log(
    `- during (${s(backAt - faultAt)}): ${line(answers(during))}; longest ${s(Math.max(0, ...during.map((x) => x.ms)))}`,
  );
  console.log(
    `- after the return: ${line(answers(after))}; first answer 200 ${firstOk ? s(firstOk.at + firstOk.ms - backAt) : 'never'} after it`,
  );
  console.log(`- readiness: ${readinessFigures(faultAt, backAt)}`);
  console.log(`- logs: ${logFigures(logBefore)}`);
  console.log(`- payments made at WeChat during the fault: ${settled}`);
}

async function lockMembers() {
  const logBefore = logged.map((m) => new Map(m));
  const locker = new pg.Client({ connectionString: directUrl });
  await locker.connect();
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE members IN ACCESS EXCLUSIVE MODE');
  const faultAt = performance.now();
  await sleep(15_000);
  await locker.query('COMMIT');
  await locker.end();
  const backAt = performance.now();
  // Long enough for the outage's end line (15 s after its last failure).
  await sleep(20_000);
  // Requests started while the lock was held (their answers may come after it).
  const during = samples.filter((x) => x.at >= faultAt && x.at < backAt);
  const touching = during.filter((x) => TOUCH_MEMBERS.has(x.kind));
  const others = during.filter((x) => !TOUCH_MEMBERS.has(x.kind));
  console.log(`\n## members locked for 15 s`);
  console.log(
    `- touching members: ${line(answers(touching))}; longest ${s(Math.max(0, ...touching.map((x) => x.ms)))}, ${touching.filter((x) => x.ms > 10_000).length} waited over 10 s`,
  );
  console.log(
    `- not touching it (catalogue, product, quote): ${line(answers(others))}; p99 ${s(
      percentile(
        others.map((x) => x.ms),
        99,
      ),
    )}, longest ${s(Math.max(0, ...others.map((x) => x.ms)))}`,
  );
  console.log(`- readiness: ${readinessFigures(faultAt, backAt)}`);
  console.log(`- logs: ${logFigures(logBefore)}`);
}

async function slowDatabase() {
  const logBefore = logged.map((m) => new Map(m));
  proxy.delayMs = 300;
  await sleep(3000);
  const burstAt = performance.now();
  let liveMs = 0;
  const live = (async () => {
    await sleep(1000);
    const at = performance.now();
    await fetch(`${instances[1].url}/prod-api/health/live`).catch(() => null);
    liveMs = performance.now() - at;
  })();
  const burst: Promise<unknown>[] = [];
  const BURST: [string, string, object | undefined][] = [
    ['GET', 'prodType/listTypeProds?page=1&pageSize=10', undefined],
    ['GET', `product/${product.id}`, undefined],
    ['GET', 'members/me', undefined],
    ['GET', 'open/user/me', undefined],
    ['POST', `product/${product.id}/quote`, quoteBody],
  ];
  for (let i = 0; i < 200; i += 1) {
    const [method, path, body] = BURST[i % BURST.length];
    burst.push(call('burst', method, path, { token, body }));
  }
  await Promise.all([...burst, live]);
  const burstSamples = samples.filter((x) => x.kind === 'burst' && x.at >= burstAt);
  proxy.delayMs = 0;
  await sleep(20_000);
  const all = answers(burstSamples);
  const times = burstSamples.map((x) => x.ms);
  console.log(`\n## every database answer 300 ms late: a burst of 200 at once`);
  console.log(`- ${line(all)}`);
  console.log(
    `- answered or shed: median ${s(percentile(times, 50))}, p99 ${s(percentile(times, 99))}, last ${s(Math.max(0, ...times))}; over 10 s: ${times.filter((t) => t > 10_000).length}`,
  );
  console.log(`- liveness during the burst answered in ${(liveMs / 1000).toFixed(2)} s`);
  console.log(`- logs: ${logFigures(logBefore)}`);
}

// ------------------------------------------------------------------ run

void Promise.all([steadyLoad(20), buyer(), watchReadiness()]);
await sleep(5000);
console.log(
  `# scripts/fault ${new Date().toISOString().slice(0, 10)}: two instances behind nginx, PostgreSQL ${
    execFileSync(`${pgBin}/postgres`, ['--version'], { encoding: 'utf8' }).trim().split(' ')[2]
  }, steady load about 20 requests/s and one buyer; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${(await import('node:os')).cpus().length} cores`,
);
{
  // What the routes that the lock scenario does not touch take on this machine with nothing wrong.
  const quietAt = performance.now();
  await sleep(10_000);
  const quiet = samples.filter((x) => x.at >= quietAt && ['catalogue', 'product', 'quote'].includes(x.kind));
  console.log(
    `\n## nothing wrong (10 s)\n- catalogue, product, quote: ${line(answers(quiet))}; p99 ${s(
      percentile(
        quiet.map((x) => x.ms),
        99,
      ),
    )}`,
  );
}
for (const name of scenarios) {
  if (name === 'restart')
    await outage(
      'PostgreSQL restarted (pg_ctl restart -m fast)',
      async () => pgCtl('-m', 'fast', '-w', 'restart'),
      async () => {},
    );
  else if (name === 'stop')
    await outage(
      'PostgreSQL stopped for 30 s',
      async () => pgCtl('-m', 'fast', '-w', 'stop'),
      async () => {
        await sleep(28_000);
        // pg_ctl start with the options the test server starts with (its script would make a new one).
        const opts = `-p ${pgEnv.PG_TEST_PORT} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
        pgCtl('-o', `'${opts}'`, '-l', join(pgEnv.PG_TEST_DIR, 'log'), '-w', 'start');
      },
    );
  else if (name === 'lock') await lockMembers();
  else if (name === 'slow') await slowDatabase();
  else console.log(`unknown scenario ${name}`);
  await sleep(5000);
}
loadOn = false;
await sleep(2000);
console.log(
  `\n## after all: ${await policyCheck()}; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `- outages logged: ${outageEnds.map((o) => `instance ${o.instance} ${o.failed} failed over ${o.seconds} s`).join('; ')}`,
);

await front.stop();
await Promise.all(instances.map((instance) => stopInstance(instance)));
await proxy.down();
execFileSync('bash', [pgScript, 'stop'], { env: pgEnv });
process.exit(0);
