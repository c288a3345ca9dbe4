import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { feedCachePerFeed } from '../../db/feed-cache.ts';
import { refreshTokens } from '../../db/schema.ts';

const CACHE_MAX = 50_000;

/**
 * `ttlMs` (SESSION_CACHE_S) is the fallback bound: the longest a "still signed in" answer is reused
 * should a revocation's notice never arrive (docs/decisions/sessions-and-logout.md). Normally every
 * instance drops it within milliseconds of the revocation's commit, through the `sessions` topic.
 */
const liveSessions = feedCachePerFeed<boolean>();

/**
 * Whether the session (refresh-token family) an access token was issued to is still live: logout,
 * a password change or reset, disabling the member or a detected token re-use revoke the family,
 * and from then on its access tokens are refused too, not only its refresh token. Answers are kept
 * per family (about one indexed query per session every `cacheMs`) and dropped on every
 * instance when `sessionsEnded` is published; while this instance cannot hear the other instances
 * (its listening connection is down), every call asks the database.
 */
export async function sessionActive(
  database: Pick<Database, 'db' | 'changes'>,
  familyId: string,
  cacheMs: number,
): Promise<boolean> {
  return liveSessions(database.changes, { topic: 'sessions', ttlMs: cacheMs, max: CACHE_MAX }).get(
    familyId,
    async () => {
      const [row] = await database.db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
        .limit(1);
      return Boolean(row);
    },
  );
}

/**
 * Tells every instance that sessions ended: of one family, or (without one) any of them. Call it
 * after the revocation has committed, never inside its transaction: an instance that re-read the
 * family before the commit would keep it live until the bound.
 */
export async function sessionsEnded(database: Pick<Database, 'changes'>, familyId?: string): Promise<void> {
  await database.changes.publish('sessions', familyId);
}
