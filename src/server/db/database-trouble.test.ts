import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { setupTestApp, type TestContext } from '../test/helper.ts';
import { collectedLog, type LogLine } from '../test/collected-log.ts';
import { productByCode } from '../test/buying.ts';
import { V1 } from '../test/http.ts';
import { signIn, type Caller } from '../test/sign-in.ts';
import { TcpProxy } from '../test/tcp-proxy.ts';

/**
 * The database gone, locked or slow (docs/decisions/database-trouble.md), on PostgreSQL reached
 * through a TCP proxy this file cuts. The waits here are generous: they check that answers are
 * bounded and clear, never how fast they come (scripts/fault.ts measures that).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const WAIT = { timeout: 40_000, interval: 200 };

async function appThroughProxy(): Promise<{ ctx: TestContext; proxy: TcpProxy; lines: LogLine[] }> {
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const proxy = new TcpProxy({ host: admin.hostname, port: Number(admin.port) });
  await proxy.up();
  const log = collectedLog();
  const ctx = await setupTestApp(
    {},
    {
      logger: log.logger,
      postgres: {
        // Small bounds, so a handful of requests fills the pool and its queue.
        limits: { size: 3, maxWaiting: 3, connectMs: 2000, lockMs: 1000 },
        reach: (url) => Object.assign(new URL(url), { port: String(proxy.port) }),
      },
    },
  );
  return { ctx, proxy, lines: log.lines };
}

const ctxAnd = onPostgres ? await appThroughProxy() : null;

function get(path: string, who?: Caller) {
  const url = path.startsWith('/') ? path : `${V1}/${path}`;
  return ctxAnd!.ctx.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
}

/** A 503 C0300 as a client sees it: Retry-After, and the request id in the body. */
function expectDatabaseTrouble(res: Awaited<ReturnType<typeof get>>) {
  expect(res.statusCode, res.body).toBe(503);
  const body = res.json();
  expect(body.code).toBe('C0300');
  expect(body.msg).toBe('数据服务暂时不可用，请稍后再试');
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(body.data.requestId).toBe(res.headers['x-request-id']);
}

describe.runIf(onPostgres)('when the database is gone, locked or slow', () => {
  it('answers 503 C0300 while it is gone, is not ready, logs the outage once, and recovers', async () => {
    const { ctx, proxy, lines } = ctxAnd!;
    const member = await signIn(ctx, 'demo.member');
    // A connection checked out between two statements (as a transaction or a job's lock holds it):
    // its loss must not end the process (an 'error' nobody hears would), and the pool drops it.
    const held = await (ctx.database.db as unknown as { $client: pg.Pool }).$client.connect();
    await proxy.down();
    await new Promise((resolve) => setTimeout(resolve, 500));
    held.release();
    for (let i = 0; i < 5; i += 1) expectDatabaseTrouble(await get('open/user/me', member));
    const polish = await ctx.app.inject({
      method: 'GET',
      url: `${V1}/open/user/me`,
      headers: { ...member.headers, 'accept-language': 'pl' },
    });
    expect(polish.json().msg).toBe('Dane są chwilowo niedostępne, spróbuj ponownie później');
    // An operator's alert sees them: counted by kind of trouble.
    const counted = await ctx.app.metrics.registry.getSingleMetric('insure_h5_database_unavailable_total')!.get();
    expect(counted.values.reduce((sum, v) => sum + v.value, 0)).toBeGreaterThanOrEqual(6);

    await vi.waitFor(async () => {
      const ready = await get('/prod-api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().data.down).toEqual(expect.arrayContaining(['database', 'changeFeed']));
    }, WAIT);
    expect((await get('/prod-api/health/live')).statusCode).toBe(200);
    expect(lines.filter((l) => l.msg === 'database trouble began')).toHaveLength(1);
    expect(lines.filter((l) => l.msg === 'unhandled error')).toHaveLength(0);

    await proxy.up();
    await vi.waitFor(async () => expect((await get('/prod-api/health/ready')).statusCode).toBe(200), WAIT);
    expect((await get('open/user/me', member)).statusCode).toBe(200);
    await vi.waitFor(() => {
      const ended = lines.filter((l) => l.msg === 'database trouble ended') as (LogLine & { failed: number })[];
      expect(ended).toHaveLength(1);
      expect(ended[0].failed).toBeGreaterThanOrEqual(6);
    }, WAIT);
  });

  it('fails readers of a locked table within their bound, while other routes answer', async () => {
    const { ctx } = ctxAnd!;
    const member = await signIn(ctx, 'demo.member');
    const product = await productByCode(ctx, 'ACC-ZH');
    const url = (ctx.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
    const locker = new pg.Client({
      connectionString: url.replace(/:\d+\//, `:${new URL(process.env.TEST_DATABASE_URL!).port}/`),
    });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE members IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      expectDatabaseTrouble(await get('open/user/me', member));
      // lock_timeout is 1 s here: far below this, however busy the machine.
      expect(Date.now() - started).toBeLessThan(8000);
      expect((await get(`product/${product.id}`)).statusCode).toBe(200);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect((await get('open/user/me', member)).statusCode).toBe(200);
  });

  it('sheds what the pool cannot serve with 503 at once, and answers everything', async () => {
    const { ctx, proxy } = ctxAnd!;
    const member = await signIn(ctx, 'demo.member');
    proxy.delayMs = 300;
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => get('open/user/me', member)));
      const shed = answers.filter((res) => res.statusCode === 503);
      expect(shed.length).toBeGreaterThan(0);
      for (const res of shed) expectDatabaseTrouble(res);
      expect(answers.filter((res) => res.statusCode === 200).length).toBeGreaterThan(0);
      expect(answers.every((res) => res.statusCode === 200 || res.statusCode === 503)).toBe(true);
    } finally {
      proxy.delayMs = 0;
    }
    expect((await get('/prod-api/health/live')).statusCode).toBe(200);
  });
});
