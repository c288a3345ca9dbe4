import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { Database, Db } from '../db/client.ts';
import { setupTestApp } from '../test/helper.ts';

/**
 * Health for a balancer: live while the process answers, ready while the database answers in
 * time, every migration is applied and the change feed listens; otherwise 503 naming each part.
 */
const ctx = await setupTestApp({ READY_CHECK_TIMEOUT_MS: '300' }, { listen: false, seed: false });

// The same database, with switches: a database that stops answering, a change feed that stops listening.
const trouble = { databaseHangs: false, feedDeaf: false };
const db = new Proxy(ctx.database.db, {
  get(target, key, receiver) {
    if (key === 'execute' && trouble.databaseHangs) return () => new Promise(() => {});
    return Reflect.get(target, key, receiver) as unknown;
  },
}) as Db;
const changes = new Proxy(ctx.database.changes, {
  get(target, key) {
    if (key === 'live' && trouble.feedDeaf) return false;
    const value = Reflect.get(target, key) as unknown;
    return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
  },
}) as ChangeFeed;
const database: Database = { ...ctx.database, db, changes };
const app = await buildApp({ config: ctx.config, database, logger: false });
await app.ready();
afterAll(() => app.close());

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
};
const shipped = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../drizzle/meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

describe('GET /prod-api/health/live and /ready', () => {
  it('are live and ready, naming each part checked, never cached', async () => {
    const live = await get('/prod-api/health/live');
    expect(live).toMatchObject({ status: 200, body: { code: '00000', data: { status: 'live' } } });
    const ready = await get('/prod-api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data.status).toBe('ready');
    expect(Object.keys(ready.body.data.checks).sort()).toEqual(['changeFeed', 'database', 'migrations']);
    for (const check of Object.values(ready.body.data.checks)) expect(check).toMatchObject({ status: 'up' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while a migration the build ships is missing', async () => {
    const [last] = (
      (await ctx.database.db.execute(
        sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations) RETURNING *`,
      )) as unknown as { rows: { id: number; hash: string; created_at: string }[] }
    ).rows;
    try {
      const ready = await get('/prod-api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({
        code: 'B0300',
        data: {
          down: ['migrations'],
          checks: { migrations: { status: 'down', reason: `${shipped - 1} of ${shipped} applied` } },
          requestId: ready.headers['x-request-id'],
        },
      });
    } finally {
      await ctx.database.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
    expect((await get('/prod-api/health/ready')).status).toBe(200);
  });

  it('is not ready while the change feed does not listen', async () => {
    trouble.feedDeaf = true;
    try {
      const ready = await get('/prod-api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.data.down).toEqual(['changeFeed']);
      expect(ready.body.data.checks.changeFeed.reason).toBe('not listening');
    } finally {
      trouble.feedDeaf = false;
    }
  });

  it('is not ready while the database does not answer in time, and still live', async () => {
    trouble.databaseHangs = true;
    try {
      const ready = await get('/prod-api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.data.down).toEqual(['database', 'migrations']);
      expect(ready.body.data.checks.database).toMatchObject({ status: 'down', reason: 'no answer within 300 ms' });
      expect((await get('/prod-api/health/live')).status).toBe(200);
    } finally {
      trouble.databaseHangs = false;
    }
    await vi.waitFor(async () => expect((await get('/prod-api/health/ready')).status).toBe(200));
  });
});
