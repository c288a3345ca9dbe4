/**
 * Two instances of the server (two Node processes) on one PostgreSQL must behave exactly like one
 * (docs/decisions/several-instances.md), reached as a deployment reaches them: through nginx with
 * the shipped configuration (deploy/nginx/insure-h5.conf, scripts/lib/nginx.ts). A call meant for
 * one instance goes through an nginx of its own in front of that instance alone; the others go
 * through the nginx in front of both, which spreads them. WeChat (the first instance's simulators)
 * is outside the front and is called directly, as WeChat would be. Runs in the PostgreSQL phase of
 * scripts/test (with TEST_DATABASE_URL); skipped on PGlite-only runs. Waits are generous limits
 * while polling for a visible state, never expectations of speed.
 */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_CLIENT_ID } from '#shared/constants.ts';
import { currentAgreement } from '#shared/consent.ts';
import { MENU_ROUTES, type RouteDef } from '#shared/routes.ts';
import type { OrderStatusAnswer, PayAnswer } from '#shared/orders.ts';
import type { Db } from '#server/db/client.ts';
import { postgresExclusive } from '#server/db/exclusive.ts';
import * as schema from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '#server/seeds/seed.ts';
import { paidPolicy, productByCode, unpaidOrder } from '#server/test/buying.ts';
import type { TestContext } from '#server/test/helper.ts';
import { api, type Answer } from '#server/test/http.ts';
import type { Caller } from '#server/test/sign-in.ts';
import { clusterEnv, freePort, startInstance, stopInstance, type Instance } from './lib/cluster.ts';
import { startFront, type Front } from './lib/nginx.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const LIMIT_MS = 60_000;
const CLIENT_SECRET = 'insure-h5-secret';

/** Polls until `check` answers true; fails after a generous limit. */
async function until(what: string, check: () => Promise<boolean>, ms = LIMIT_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const menuSize = (items: RouteDef[]): number => items.reduce((n, item) => n + 1 + menuSize(item.children ?? []), 0);

// A test polls for up to LIMIT_MS per step; its own limit leaves room for several steps on a slow machine.
describe.skipIf(!adminUrl)('two instances on one PostgreSQL', { timeout: 240_000 }, () => {
  const name = `cluster_${randomBytes(5).toString('hex')}`;
  let a: Instance;
  let b: Instance;
  let env: Record<string, string>;
  let dataDir: string;
  let pool: pg.Pool;
  let db: Db;
  /** nginx in front of both instances, and one in front of each (by the instance's name). */
  let front: Front;
  const pinned = new Map<string, Front>();
  const nginxFolders: string[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
    db = drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    dataDir = await mkdtemp(join(tmpdir(), 'insure-h5-cluster-'));
    const [portA, portB, portFront] = [await freePort(), await freePort(), await freePort()];
    env = clusterEnv({
      databaseUrl: url.toString(),
      wechatHost: `http://127.0.0.1:${portA}`,
      dataDir,
      extra: {
        SEED_DEMO: 'true',
        // Behind nginx: the caller's address comes from X-Forwarded-For, which nginx sets.
        TRUST_PROXY: 'true',
        // WeChat's links and the WeChat Pay notify address lead to the front.
        PUBLIC_URL: `http://127.0.0.1:${portFront}`,
        // The fallback bound far above the polling limit: a refusal seen in time came through the change feed.
        SESSION_CACHE_S: '3600',
        RATE_LIMIT_QUOTE_PER_MIN: '3',
        ORDER_SWEEP_INTERVAL_S: '5',
        // A busy test machine lags every event loop: shedding is proven by its own test.
        PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      },
    });
    // Started together on the empty database, as a deployment's instances are.
    [a, b] = await Promise.all([startInstance('A', portA, env), startInstance('B', portB, env)]);
    const nginx = async (port: number, instances: Instance[]) => {
      const folder = await mkdtemp(join(tmpdir(), 'insure-h5-cluster-nginx-'));
      nginxFolders.push(folder);
      return startFront({
        port,
        instances: instances.map((i) => `127.0.0.1:${i.port}`),
        webRoot: join(import.meta.dirname, '..', 'dist', 'web'),
        folder,
      });
    };
    front = await nginx(portFront, [a, b]);
    for (const at of [a, b]) pinned.set(at.name, await nginx(await freePort(), [at]));
  }, 300_000);

  afterAll(async () => {
    await Promise.all([front, ...pinned.values()].map((f) => f?.stop()));
    for (const folder of nginxFolders) await rm(folder, { recursive: true, force: true });
    await Promise.all([a && stopInstance(a), b && stopInstance(b)]);
    await pool?.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  // ------------------------------------------------------------------ HTTP helpers

  /** Where calls meant for one instance go: nginx in front of it alone. */
  const door = (at: Instance) => pinned.get(at.name)!.url;

  /** The server test kit's context, reaching the instances over HTTP (through `base()`) instead of `inject`. */
  function over(base: () => string): TestContext {
    const inject = async (opts: {
      method: string;
      url: string;
      headers?: Record<string, string>;
      payload?: object;
    }) => {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.payload !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${base()}${opts.url}`, {
        method: opts.method,
        headers,
        body: opts.payload === undefined ? undefined : JSON.stringify(opts.payload),
      });
      const rawPayload = Buffer.from(await res.arrayBuffer());
      return {
        statusCode: res.status,
        headers: Object.fromEntries(res.headers),
        rawPayload,
        json: () => JSON.parse(rawPayload.toString()),
      };
    };
    return { app: { inject }, url: a.url, database: { db } } as unknown as TestContext;
  }
  /** Each call through the nginx in front of both, which spreads them over the two. */
  function alternating(): TestContext {
    return over(() => front.url);
  }
  const call = <T = unknown>(
    at: Instance,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    who: Caller | null,
    body?: unknown,
  ): Promise<Answer<T>> => api(over(() => door(at)))<T>(method, path, who, body);

  interface Session extends Caller {
    refreshToken: string;
  }

  /**
   * Each sign-in comes from an address of its own, unless one is given: a loopback address the
   * call leaves from (127.0.0.0/8 is all this machine's), which nginx hands on as X-Forwarded-For
   * in place of anything the caller said, as it does for a real caller's.
   */
  let clients = 0;
  const ownAddress = () => `127.1.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;
  async function tokenCall(
    at: Instance,
    fields: Record<string, string>,
    from = ownAddress(),
  ): Promise<{ status: number; code: string; data: Record<string, unknown> | null }> {
    const form = new URLSearchParams(fields).toString();
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        `${door(at)}/prod-api/auth/oauth2/token`,
        {
          method: 'POST',
          localAddress: from,
          headers: {
            authorization: `Basic ${Buffer.from(`${OAUTH_CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(form),
            // Said by the caller, replaced by nginx: it must count for nothing.
            'x-forwarded-for': '192.0.2.1',
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, text }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(form);
    });
    const body = JSON.parse(text) as { code: string; data: Record<string, unknown> | null };
    return { status, code: body.code, data: body.data };
  }

  async function session(
    at: Instance,
    answer: Promise<{ status: number; code: string; data: Record<string, unknown> | null }>,
  ): Promise<Session> {
    const { status, code, data } = await answer;
    expect(status, code).toBe(200);
    const token = String(data!.access_token);
    const me = await call<{ id: number }>(at, 'GET', 'members/me', {
      memberId: 0,
      token,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
    return {
      memberId: Number(me.data.id),
      token,
      headers: { authorization: `Bearer ${token}` },
      refreshToken: String(data!.refresh_token),
    };
  }
  const signIn = (at: Instance, username: string, password = DEMO_PASSWORD) =>
    session(at, tokenCall(at, { grant_type: 'member_password', username, password }));

  const meStatus = async (at: Instance, who: Caller) => (await call(at, 'GET', 'members/me', who)).status;
  const refusedAt = (at: Instance, who: Caller, what: string) =>
    until(`${what}: refused at ${at.name}`, async () => (await meStatus(at, who)) === 401);

  // ------------------------------------------------------------------ start-up

  it('started together on an empty database, migrated and seeded once', async () => {
    const journal = JSON.parse(
      await readFile(join(import.meta.dirname, '..', 'drizzle', 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const { rows: migrations } = await pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(migrations[0].n).toBe(journal.entries.length);
    const [menu] = await db.select({ n: count() }).from(schema.menuItems);
    expect(menu.n).toBe(menuSize(MENU_ROUTES));
    const members = await db.select({ username: schema.members.username }).from(schema.members);
    expect(members.map((m) => m.username).sort()).toEqual(DEMO_ACCOUNTS.map((m) => m.username).sort());
    const [types] = await db.select({ n: count() }).from(schema.productTypes);
    expect(types.n).toBe(4);
    for (const at of [a, b]) {
      // What a probing balancer asks each instance, and the API through each one's front.
      expect((await fetch(`${at.url}/prod-api/health/ready`)).status).toBe(200);
      expect((await fetch(`${door(at)}/prod-api/version`)).status).toBe(200);
    }
  });

  it('one instance at a time holds an exclusive section: the other skips it, or waits its turn', async () => {
    const exclusive = postgresExclusive(pool);
    const other = postgresExclusive(pool);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let holding = false;
    const first = exclusive('cluster-test', 'skip', async () => {
      holding = true;
      await held;
    });
    await until('first holder', async () => holding);
    expect(await other('cluster-test', 'skip', async () => 'ran')).toEqual({ ran: false });
    const waiting = other('cluster-test', 'wait', async () => 'after');
    release();
    expect(await first).toEqual({ ran: true, value: undefined });
    expect(await waiting).toEqual({ ran: true, value: 'after' });
  });

  // ------------------------------------------------------------------ sessions

  describe('a session ended on one instance is refused on the other', () => {
    it('logout', async () => {
      const s = await signIn(a, 'demo.member');
      expect(await meStatus(b, s)).toBe(200);
      const out = await call(a, 'DELETE', 'users/logout', s, { refresh_token: s.refreshToken });
      expect(out.status, out.msg).toBe(200);
      await refusedAt(b, s, 'logout');
      expect(await meStatus(a, s)).toBe(401);
    });

    it('a re-used refresh token ends its family everywhere', async () => {
      const s = await signIn(a, 'demo.member');
      const rotated = await session(a, tokenCall(a, { grant_type: 'refresh_token', refresh_token: s.refreshToken }));
      expect(await meStatus(b, rotated)).toBe(200);
      const reuse = await tokenCall(b, { grant_type: 'refresh_token', refresh_token: s.refreshToken });
      expect(reuse.code).toBe('A0231');
      await refusedAt(a, rotated, 'refresh re-use');
    });

    it('a password change ends the other sessions', async () => {
      const here = await signIn(b, 'demo.company');
      const there = await signIn(a, 'demo.company');
      expect(await meStatus(a, there)).toBe(200);
      const changed = await call(b, 'PUT', 'members/me/password', here, {
        oldPassword: DEMO_PASSWORD,
        newPassword: 'Cluster@2026x',
      });
      expect(changed.status, changed.msg).toBe(200);
      await refusedAt(a, there, 'password change');
    });

    it('a partner disabled by the channel', async () => {
      const partner = await signIn(a, 'demo.partner');
      const channel = await signIn(b, 'demo.channel');
      expect(await meStatus(a, partner)).toBe(200);
      const disabled = await call(b, 'PUT', `partner/${partner.memberId}`, channel, { status: 'disabled' });
      expect(disabled.status, disabled.msg).toBe(200);
      await refusedAt(a, partner, 'disabled member');
    });
  });

  // ------------------------------------------------------------------ limits and single use

  it('sign-in attempts from one address count across both instances (10 a minute)', async () => {
    const codes: string[] = [];
    const wrong = (i: number) => ({
      grant_type: 'member_password',
      username: `nobody.${name}.${i}`,
      password: 'Wrong@123456',
    });
    for (let i = 0; i < 12; i++) codes.push((await tokenCall(i % 2 === 0 ? a : b, wrong(i), '127.2.0.7')).code);
    expect(
      codes.slice(0, 10).every((c) => c === 'A0210'),
      codes.join(' '),
    ).toBe(true);
    expect(codes.slice(10)).toEqual(['A0429', 'A0429']);
  });

  it("a returning WeChat user's sign-ins count with the same address's other attempts on both instances", async () => {
    const wxCode = async () => {
      const res = await fetch(`${a.url}/wx-sim/test/oauth-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: `w${name.slice(-6)}` }),
      });
      return ((await res.json()) as { code: string }).code;
    };
    expect(
      (
        await tokenCall(a, {
          grant_type: 'wx_web',
          code: await wxCode(),
          channel: 'demo',
          agreement: currentAgreement(),
        })
      ).code,
    ).toBe('00000');
    const ip = '127.2.0.9';
    const codes: string[] = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (
          await tokenCall(
            i % 2 === 0 ? a : b,
            { grant_type: 'member_password', username: `nobody.w.${i}`, password: 'Wrong@123456' },
            ip,
          )
        ).code,
      );
    for (let i = 0; i < 8; i++)
      codes.push(
        (await tokenCall(i % 2 === 0 ? a : b, { grant_type: 'wx_web', code: await wxCode(), channel: 'demo' }, ip))
          .code,
      );
    expect(codes.slice(0, 4)).toEqual(['A0210', 'A0210', 'A0210', 'A0210']);
    expect(codes.slice(4, 10)).toEqual(Array(6).fill('00000'));
    expect(codes.slice(10)).toEqual(['A0429', 'A0429']);
  });

  it('quotes count across both instances (RATE_LIMIT_QUOTE_PER_MIN=3 here)', async () => {
    const product = await productByCode(
      over(() => door(a)),
      'MED-BW',
    );
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await call(i % 2 === 0 ? a : b, 'POST', `product/${product.id}/quote`, null, {})).status);
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });

  it('an SMS cooldown started on one instance holds on the other', async () => {
    const first = await call(a, 'POST', 'sms/login?phoneNumber=13911112222', null);
    expect(first.status, first.msg).toBe(200);
    const again = await call(b, 'POST', 'sms/login?phoneNumber=13911112222', null);
    expect(again.code).toBe('A0132');
  });

  it('a WeChat code exchanged on one instance is refused on the other', async () => {
    const res = await fetch(`${a.url}/wx-sim/test/oauth-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: `u${name.slice(-6)}` }),
    });
    const { code } = (await res.json()) as { code: string };
    const first = await tokenCall(a, { grant_type: 'wx_web', code, channel: 'demo', agreement: currentAgreement() });
    expect(first.code).toBe('00000');
    const second = await tokenCall(b, { grant_type: 'wx_web', code, channel: 'demo', agreement: currentAgreement() });
    expect(second.status).not.toBe(200);
  });

  // ------------------------------------------------------------------ jobs

  it('a refund that ends is recorded once and its member told once, with both instances sweeping', async () => {
    const ctx = alternating();
    const owner = await signIn(a, 'demo.member');
    const simulator = (path: string, body: unknown) =>
      fetch(`${a.url}/wx-sim/pay/test/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await simulator('refund-mode', { mode: 'processing' });
    const p = await paidPolicy(ctx, owner, await productByCode(ctx, 'MED-BW'));
    const surrendered = await call(b, 'POST', `order/policyInfo/${p.policyId}/surrender`, owner, {
      reason: '重复投保',
    });
    await simulator('refund-mode', { mode: 'instant' });
    expect(surrendered.status, surrendered.msg).toBe(200);
    const told = () =>
      db
        .select({ n: count() })
        .from(schema.messages)
        .where(and(eq(schema.messages.memberId, owner.memberId), eq(schema.messages.title, '退款已到账')));
    const before = (await told())[0].n;
    await simulator('refund-complete', { outRefundNo: `R${p.policyNo}`, status: 'SUCCESS' });
    await until(
      'refund recorded',
      async () =>
        (
          await db.select({ s: schema.orders.refundStatus }).from(schema.orders).where(eq(schema.orders.id, p.order.id))
        )[0].s === 'SUCCESS',
    );
    // Both instances get several more turns (5 s apart) to tell the member again; they must not.
    await new Promise((r) => setTimeout(r, 12_000));
    expect((await told())[0].n).toBe(before + 1);
  });

  it('a WeChat notification goes out once, with both instances sending', async () => {
    const ctx = alternating();
    const res = await fetch(`${a.url}/wx-sim/test/oauth-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: `n${name.slice(-6)}` }),
    });
    const { code, openid } = (await res.json()) as { code: string; openid: string };
    const owner = await session(
      b,
      tokenCall(b, { grant_type: 'wx_web', code, channel: 'demo', agreement: currentAgreement() }),
    );
    const chose = await call(a, 'PUT', 'members/me/notifications', owner, { kinds: ['payment'] });
    expect(chose.status, chose.msg).toBe(200);
    const paid = await paidPolicy(ctx, owner, await productByCode(ctx, 'MED-BW'));
    const sentTo = async () =>
      (
        (await (await fetch(`${a.url}/wx-sim/test/template-messages?touser=${openid}`)).json()) as {
          messages: { url: string }[];
        }
      ).messages;
    await until('notification sent', async () => (await sentTo()).length > 0);
    // One claim ever (attempts 1) and one message at WeChat, though both instances look at the outbox every 5 s.
    const rows = await db
      .select()
      .from(schema.notificationOutbox)
      .where(eq(schema.notificationOutbox.memberId, owner.memberId));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([['sent', 1]]);
    const messages = await sentTo();
    expect(messages).toHaveLength(1);
    expect(messages[0].url).toMatch(
      // The link leads to the front, whichever instance sent it.
      new RegExp(`^${front.url.replaceAll('.', '\\.')}/#/policy/index\\?id=${paid.policyId}$`),
    );
  });

  it('an expired unpaid order is closed by the sweep, once', async () => {
    const ctx = alternating();
    const owner = await signIn(b, 'demo.member');
    const order = await unpaidOrder(ctx, owner, await productByCode(ctx, 'MED-BW'));
    const pay = await call(a, 'POST', `order/${order.id}/pay`, owner, {});
    expect(pay.status, pay.msg).toBe(200);
    await db
      .update(schema.orders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(schema.orders.id, order.id));
    await until(
      'expired order closed',
      async () =>
        (await db.select({ s: schema.orders.status }).from(schema.orders).where(eq(schema.orders.id, order.id)))[0]
          .s === 'expired',
    );
  });

  // ------------------------------------------------------------------ a crash

  it('one instance killed (-9) during purchases loses nothing: every paid order has exactly one policy', async () => {
    const ctx = alternating();
    const owner = await signIn(a, 'demo.member');
    const product = await productByCode(ctx, 'MED-BW');
    const paidAtWechat: number[] = [];
    let attempts = 0;
    let stop = false;
    /** One purchase after another, each step to the next instance in turn, until told to stop. */
    const buyer = async () => {
      while (!stop) {
        try {
          const order = await unpaidOrder(ctx, owner, product);
          const pay = await api(ctx)<PayAnswer>('POST', `order/${order.id}/pay`, owner, {});
          if (pay.status !== 200) continue;
          // The cashier's 确认支付 at WeChat Pay (the simulator on A); its notice comes back through the front.
          const res = await fetch(`${a.url}/wx-sim/pay/test/pay`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ prepayId: pay.data.payParams.package.slice('prepay_id='.length) }),
          });
          if (res.status === 200) paidAtWechat.push(order.id);
        } catch {
          // A step that reached B as it died, or B while it is gone: the buyer would try again.
        } finally {
          attempts += 1;
        }
      }
    };
    const buyers = [buyer(), buyer(), buyer()];
    // Killed once a first payment went through: the three buyers are in the middle of purchases.
    await until('a first payment', async () => paidAtWechat.length > 0);
    await stopInstance(b, 'SIGKILL');
    const atKill = attempts;
    await until('purchases tried after the crash', async () => attempts >= atKill + 6);
    stop = true;
    await Promise.all(buyers);

    // The other instance kept serving: a whole purchase through it alone.
    const afterCrash = await paidPolicy(
      over(() => door(a)),
      owner,
      product,
    );
    expect(afterCrash.policyNo).toBeTruthy();

    b = await startInstance('B', b.port, env);
    // Every order WeChat Pay took becomes paid (the status poll asks WeChat Pay when a notice was lost).
    const orders = await db
      .select({ id: schema.orders.id, prepayId: schema.orders.prepayId })
      .from(schema.orders)
      .where(eq(schema.orders.memberId, owner.memberId));
    for (const o of orders.filter((x) => x.prepayId)) {
      await until(`order ${o.id} settled`, async () => {
        const s = await call<OrderStatusAnswer>(b, 'GET', `order/${o.id}/status`, owner);
        return s.status === 200 && (s.data.status !== 'unpaid' || !paidAtWechat.includes(o.id));
      });
    }
    const { rows } = await pool.query<{ id: number; policies: number }>(
      `SELECT o.id, count(p.id)::int AS policies FROM orders o LEFT JOIN policies p ON p.order_id = o.id
       WHERE o.member_id = $1 AND o.status = 'paid' GROUP BY o.id`,
      [owner.memberId],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.policies !== 1)).toEqual([]);
    for (const id of paidAtWechat) expect(rows.map((r) => r.id)).toContain(id);
  });
});
