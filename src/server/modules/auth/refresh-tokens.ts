import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema.ts';

/** Only the SHA-256 of a refresh token is stored; the token itself is 32 random bytes, base64url. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function insertRefreshToken(
  db: Db | Tx,
  memberId: number,
  ttlS: number,
  familyId: string = randomUUID(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    memberId,
    familyId,
    tokenHash: hashRefreshToken(token),
    expiresAt: new Date(Date.now() + ttlS * 1000),
  });
  return token;
}

export type RotateResult =
  | { status: 'rotated'; memberId: number; familyId: string; refreshToken: string }
  /** An already rotated token came back: its family has been revoked. */
  | { status: 'reused'; memberId: number; familyId: string }
  | { status: 'invalid' };

/**
 * Marks the token used and issues its successor in the same family, in one transaction. The
 * conditional UPDATE … WHERE used_at IS NULL RETURNING lets exactly one of two parallel uses win;
 * the loser sees a used token, which counts as re-use and revokes the family.
 */
export async function rotateRefreshToken(db: Db, token: string, ttlS: number): Promise<RotateResult> {
  const tokenHash = hashRefreshToken(token);
  const rotated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, new Date()),
        ),
      )
      .returning({ memberId: refreshTokens.memberId, familyId: refreshTokens.familyId });
    if (!row) return null;
    const refreshToken = await insertRefreshToken(tx, row.memberId, ttlS, row.familyId);
    return { status: 'rotated' as const, ...row, refreshToken };
  });
  if (rotated) return rotated;

  const [known] = await db
    .select({ memberId: refreshTokens.memberId, familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (!known?.usedAt) return { status: 'invalid' };
  await revokeFamily(db, known.familyId);
  return { status: 'reused', memberId: known.memberId, familyId: known.familyId };
}

/** Revokes a family's tokens; the caller announces it with `sessionsEnded` once committed. */
export async function revokeFamily(db: Db, familyId: string): Promise<number> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}

/** Every family of the member that still has an unrevoked token; answers the number of tokens revoked. The caller announces it with `sessionsEnded` once committed. */
export async function revokeMemberTokens(db: Db, memberId: number): Promise<number> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.memberId, memberId), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length;
}

export async function findRefreshTokenFamily(
  db: Db,
  token: string,
): Promise<{ memberId: number; familyId: string } | undefined> {
  const [row] = await db
    .select({ memberId: refreshTokens.memberId, familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  return row;
}
