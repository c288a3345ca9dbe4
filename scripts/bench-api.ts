/**
 * API benchmark: requests/s and p99 latency of product routes with autocannon, next to a bare
 * Fastify route measured in the same run on the same machine, reported as ratios so the numbers
 * mean something on any machine. The product runs as a child process on a fresh embedded database.
 *
 *   npm run bench:api            (writes .bench/api.json and prints a table)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Options as AutocannonOptions } from 'autocannon';
import { json, waitFor } from './lib/http.ts';

const PRODUCT_PORT = 18480;
const BARE_PORT = 18481;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const BASIC = `Basic ${Buffer.from('insure-h5:insure-h5-secret').toString('base64')}`;

const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/bare', async () => ({ code: '00000', msg: '一切ok', data: [] }));
await app.listen({ port: ${BARE_PORT}, host: '127.0.0.1' });
`;

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

const base = `http://127.0.0.1:${PRODUCT_PORT}`;

async function passwordToken(): Promise<string> {
  const form = new FormData();
  form.set('grant_type', 'member_password');
  form.set('username', 'demo.member');
  form.set('password', 'Demo@123456');
  const data = await json<{ access_token: string }>(await fetch(`${base}/prod-api/auth/oauth2/token`, { method: 'POST', body: form, headers: { authorization: BASIC } }));
  return data.access_token;
}

async function simulatorCodes(count: number): Promise<string[]> {
  const { wechatAppId } = await json<{ wechatAppId: string }>(await fetch(`${base}/prod-api/app-api/v1/open/client-config`));
  const codes: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await fetch(`${base}/wx-sim/test/oauth-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appid: wechatAppId, user: `bench-${i % 200}` }),
    });
    codes.push(((await res.json()) as { code: string }).code);
  }
  return codes;
}

interface Row { name: string; rps: number; p99: number; errors: number; non2xx: number }

async function measure(name: string, opts: AutocannonOptions): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, ...(opts.amount ? {} : { duration: DURATION_S }), ...opts });
  return { name, rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const product = start(['--import', 'tsx', 'src/server/main.ts'], {
    PORT: String(PRODUCT_PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_SIGNIN_PER_MIN: '1000000', RATE_LIMIT_QUOTE_PER_MIN: '1000000',
  });
  const bare = start(['--input-type=module', '-e', BARE_SERVER], {});
  try {
    await Promise.all([waitFor(`${base}/prod-api/version`), waitFor(`http://127.0.0.1:${BARE_PORT}/bare`)]);
    const token = await passwordToken();
    const auth = { authorization: `Bearer ${token}` };
    const rows: Row[] = [];
    rows.push(await measure('bare Fastify route', { url: `http://127.0.0.1:${BARE_PORT}/bare` }));
    rows.push(await measure('GET open/menu', { url: `${base}/prod-api/app-api/v1/open/menu`, headers: auth }));

    // wx_web: every request needs its own single-use code, made beforehand through the simulator.
    const codes = await simulatorCodes(Number(process.env.BENCH_WX_CODES ?? 1500));
    let next = 0;
    rows.push(await measure('POST token (wx_web)', {
      url: `${base}/prod-api/auth/oauth2/token`,
      amount: codes.length,
      requests: [{
        method: 'POST',
        setupRequest: (req) => ({
          ...req,
          headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'wx_web', code: codes[next++ % codes.length], channel: 'demo' }).toString(),
        }),
      }],
    }));

    for (const extra of await extraRoutes(auth)) rows.push(await measure(extra.name, extra.opts));

    const bareRow = rows[0];
    const table = rows.map((r) => ({
      route: r.name,
      'req/s': Math.round(r.rps),
      'p99 ms': r.p99,
      'req/s vs bare': +(r.rps / bareRow.rps).toFixed(3),
      'p99 vs bare': +(r.p99 / Math.max(bareRow.p99, 1)).toFixed(1),
      errors: r.errors + r.non2xx,
    }));
    console.table(table);
    mkdirSync('.bench', { recursive: true });
    writeFileSync('.bench/api.json', JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, durationS: DURATION_S, table }, null, 2));
  } finally {
    product.kill('SIGTERM');
    bare.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Catalogue routes, measured once they exist (the buy issue adds them). */
async function extraRoutes(auth: Record<string, string>): Promise<{ name: string; opts: AutocannonOptions }[]> {
  const list = await fetch(`${base}/prod-api/app-api/v1/prodType/listTypeProds`);
  if (list.status !== 200) return [];
  const types = await json<{ products: { id: number }[] }[]>(list);
  const productId = types.flatMap((t) => t.products)[0]?.id;
  const routes: { name: string; opts: AutocannonOptions }[] = [
    { name: 'GET prodType/listTypeProds', opts: { url: `${base}/prod-api/app-api/v1/prodType/listTypeProds` } },
  ];
  if (!productId) return routes;
  routes.push({ name: 'GET product detail', opts: { url: `${base}/prod-api/app-api/v1/product/${productId}`, headers: auth } });
  const detail = await json<{ plans: { code: string }[]; terms: { days: number }[]; limits: { startOffsetDays: { min: number } } }>(
    await fetch(`${base}/prod-api/app-api/v1/product/${productId}`),
  );
  const start = new Date(Date.now() + (detail.limits.startOffsetDays.min + 1) * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
  const quote = { planCode: detail.plans[0].code, termDays: detail.terms[0].days, startDate: start, insured: [{ age: 30, occupationClass: 1 }] };
  const probe = await fetch(`${base}/prod-api/app-api/v1/product/${productId}/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(quote) });
  await json(probe); // fails loudly if the sample quote is refused, rather than benchmarking an error
  routes.push({ name: 'POST product quote', opts: {
    url: `${base}/prod-api/app-api/v1/product/${productId}/quote`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(quote),
  } });
  return routes;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
