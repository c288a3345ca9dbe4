import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema.ts';

/** How long a "still signed in" answer is reused: the longest another process may honour a revoked session. */
const ACTIVE_CACHE_MS = 10_000;
const CACHE_MAX = 50_000;

const active = new Map<string, number>();

/**
 * Whether the session (refresh-token family) an access token was issued to is still live: logout,
 * a password change or reset, disabling the member or a detected token re-use revoke the family,
 * and from then on its access tokens are refused too, not only its refresh token. Live answers are
 * kept 10 s per family, so this is about one indexed query per session every 10 s; revocations in
 * this process clear them at once.
 */
export async function sessionActive(db: Db, familyId: string, now = Date.now()): Promise<boolean> {
  const until = active.get(familyId);
  if (until !== undefined && until > now) return true;
  const [row] = await db.select({ id: refreshTokens.id }).from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt))).limit(1);
  if (!row) {
    active.delete(familyId);
    return false;
  }
  if (active.size >= CACHE_MAX) active.clear();
  active.set(familyId, now + ACTIVE_CACHE_MS);
  return true;
}

/** Called by every revocation: the next request of any session asks the database again. */
export function forgetActiveSessions(): void {
  active.clear();
}
