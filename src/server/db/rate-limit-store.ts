import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { and, eq, gt, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';
import { rateLimits } from './schema.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Past this the count stops growing: an endless flood must not overflow the integer column. */
const HITS_CAP = 2_000_000_000;

/** Milliseconds left in a row's window, by the database's clock (the one clock every instance shares). */
const ttlMs = sql<number>`greatest(ceil(extract(epoch from (${rateLimits.resetAt} - now())) * 1000), 0)::int`;

/** A window as the counter stores it: whole milliseconds, at least one. */
export const wholeWindowMs = (ms: number): number => Math.max(1, Math.trunc(ms));

/**
 * The statement counting one hit of `key` in a fixed window of `windowMs`, returning `current` and
 * `ttl`: one upsert, atomic on the key's row, so hits from any number of instances add up. A
 * window that has ended starts again at 1. Also a data-modifying CTE of a larger statement (the
 * WeChat sign-in counts its hit in its own statement, docs/decisions/wechat-sign-in-one-commit.md).
 */
export function rateLimitHit(key: string | Placeholder, windowMs: number | Placeholder): SQL {
  // A placeholder (a prepared statement's parameter) gets wholeWindowMs from its caller.
  const window = typeof windowMs === 'number' ? wholeWindowMs(windowMs) : windowMs;
  const resetAt = sql`now() + ${window}::int * interval '1 millisecond'`;
  const expired = sql`${rateLimits.resetAt} <= now()`;
  return sql`insert into ${rateLimits} (key, hits, reset_at) values (${key}, 1, ${resetAt})
    on conflict (key) do update set
      hits = case when ${expired} then 1 else least(${rateLimits.hits}, ${HITS_CAP}::int) + 1 end,
      reset_at = case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end
    returning ${rateLimits.hits} as current, ${ttlMs} as ttl`;
}

/** Counts one hit of `key` in a fixed window of `windowMs` (see rateLimitHit). */
export async function hitRateLimit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const result = await db.execute(rateLimitHit(key, windowMs));
  const [row] = (result as unknown as { rows: { current: number; ttl: number }[] }).rows;
  return { current: Number(row.current), ttl: Number(row.ttl) };
}

/** The state of `key` without counting a hit (a window that has ended reads as empty). */
export async function readRateLimit(db: Db, key: string): Promise<{ current: number; ttl: number }> {
  const [row] = await db
    .select({ current: rateLimits.hits, ttl: ttlMs })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)));
  return row ?? { current: 0, ttl: 0 };
}

/** Drops the rows of ended windows (run by the interval job); a key seen again starts a new row. */
export async function pruneRateLimits(db: Db): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.resetAt, sql`now()`))
    .returning({ key: rateLimits.key });
  return rows.length;
}

/**
 * @fastify/rate-limit's store on the database (`rate_limits`), so that a limit counts for the whole
 * deployment, not per instance (docs/decisions/rate-limits-in-database.md). Each route's limit gets its own
 * key space (method and URL), as the plugin's Redis store does; limiters made with
 * `createRateLimit` share one and tell their keys apart by their key generators. Fixed windows:
 * `continueExceeding`, `exponentialBackoff` and `ban` are not used by this app and not supported.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      hitRateLimit(db, this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      readRateLimit(db, this.prefix + key).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    // Typed as route options, but the plugin passes the route's merged limit settings, whose
    // `routeInfo` is the route (empty for `createRateLimit`).
    child(options: object): FastifyRateLimitStore {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
      return new DatabaseRateLimitStore({}, `${this.prefix}${method}${route?.url ?? ''}|`);
    }
  }
  return DatabaseRateLimitStore;
}
