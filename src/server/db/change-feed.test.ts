import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openChangeFeed, type ChangeFeed } from './change-feed.ts';
import { FeedCache } from './feed-cache.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

/** Resolves with the next key published on `topic`, or rejects after `ms` (a generous limit, not an expectation). */
function next(feed: ChangeFeed, topic: 'roles' | 'sessions', ms = 20_000): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${topic} change within ${ms} ms`)), ms);
    const off = feed.on(topic, (key) => {
      clearTimeout(timer);
      off();
      resolve(key);
    });
  });
}

function until(check: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const tick = () =>
      check() ? resolve() : Date.now() > deadline ? reject(new Error('condition not met')) : setTimeout(tick, 20);
    tick();
  });
}

describe('change feed in one process (PGlite)', () => {
  it('delivers a publish to this process at once, with its key as a string', async () => {
    const feed = await openChangeFeed({ kind: 'pglite' });
    const seen: (string | undefined)[] = [];
    feed.on('roles', (key) => seen.push(key));
    await feed.publish('roles', 42);
    await feed.publish('roles');
    expect(seen).toEqual(['42', undefined]);
    await feed.close();
  });
});

describe.skipIf(!adminUrl)('change feed across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  const pools: pg.Pool[] = [];
  const feeds: ChangeFeed[] = [];
  afterAll(async () => {
    for (const f of feeds) await f.close();
    for (const p of pools) await p.end();
  });

  async function instance(): Promise<{ feed: ChangeFeed; pool: pg.Pool }> {
    const pool = new pg.Pool({ connectionString: adminUrl, max: 2 });
    const feed = await openChangeFeed({ kind: 'postgres', url: adminUrl!, pool });
    pools.push(pool);
    feeds.push(feed);
    return { feed, pool };
  }

  it('a change published by one instance reaches the other, and its own listeners once', async () => {
    const a = await instance();
    const b = await instance();
    expect(a.feed.live && b.feed.live).toBe(true);
    const own: (string | undefined)[] = [];
    a.feed.on('sessions', (key) => own.push(key));
    const atB = next(b.feed, 'sessions');
    await a.feed.publish('sessions', 'family-1');
    expect(await atB).toBe('family-1');
    // Its own notification comes back from PostgreSQL too; give it the chance, then count. The
    // listener is in place before the publish: the notification may be read before publish resolves.
    const atA = next(a.feed, 'roles');
    await b.feed.publish('roles', 1);
    expect(await atA).toBe('1');
    expect(own).toEqual(['family-1']);
  });

  it('a lost listening connection empties the caches, and the feed listens again', async () => {
    const a = await instance();
    const b = await instance();
    const cache = new FeedCache<string>(b.feed, { topic: 'roles', ttlMs: 60_000, max: 10 });
    await cache.get(7, async () => 'member');
    expect(cache.size).toBe(1);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // Ends every backend listening on the channel except the admin's own: b's (and a's) listener.
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()",
    );
    await admin.end();
    await until(() => cache.size === 0);
    await until(() => a.feed.live && b.feed.live);
    const atB = next(b.feed, 'roles');
    await a.feed.publish('roles', 7);
    expect(await atB).toBe('7');
  });
});
