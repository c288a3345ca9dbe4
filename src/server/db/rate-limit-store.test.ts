import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/helper.ts';
import { hitRateLimit, pruneRateLimits, readRateLimit } from './rate-limit-store.ts';
import { rateLimits } from './schema.ts';

const ctx = await setupTestApp({}, { listen: false, seed: false });
const db = ctx.database.db;
const MINUTE = 60_000;

/** Ends a key's window now, as if its minute had passed. */
const endWindow = (key: string) =>
  db
    .update(rateLimits)
    .set({ resetAt: sql`now() - interval '1 second'` })
    .where(eq(rateLimits.key, key));

describe('rate-limit counters in the database (what every instance shares)', () => {
  it('counts hits of a key within its window, apart from other keys, and says how long is left', async () => {
    expect(await hitRateLimit(db, 'k1', MINUTE)).toMatchObject({ current: 1 });
    expect(await hitRateLimit(db, 'k1', MINUTE)).toMatchObject({ current: 2 });
    const third = await hitRateLimit(db, 'k1', MINUTE);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(0);
    expect(third.ttl).toBeLessThanOrEqual(MINUTE);
    expect(await hitRateLimit(db, 'k2', MINUTE)).toMatchObject({ current: 1 });
  });

  it('starts again at 1 once the window has ended; reading counts nothing', async () => {
    await hitRateLimit(db, 'k3', MINUTE);
    await hitRateLimit(db, 'k3', MINUTE);
    expect(await readRateLimit(db, 'k3')).toMatchObject({ current: 2 });
    expect(await readRateLimit(db, 'k3')).toMatchObject({ current: 2 });
    await endWindow('k3');
    expect(await readRateLimit(db, 'k3')).toEqual({ current: 0, ttl: 0 });
    expect(await hitRateLimit(db, 'k3', MINUTE)).toMatchObject({ current: 1 });
  });

  it('counts simultaneous hits exactly (one atomic upsert each)', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(db, 'k4', MINUTE)));
    expect(answers.map((a) => a.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('the interval job drops ended windows only', async () => {
    await hitRateLimit(db, 'k5', MINUTE);
    await hitRateLimit(db, 'k6', MINUTE);
    await endWindow('k5');
    await pruneRateLimits(db);
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).not.toContain('k5');
    expect(keys).toContain('k6');
  });
});
