import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents, members, refreshTokens } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { MemberRow } from '../session/current-member.ts';

/** Writes the given profile fields; answers the row as it is now. */
export async function updateProfile(
  db: Db,
  memberId: number,
  fields: { nickname?: string; avatar?: string; elderMode?: boolean },
): Promise<MemberRow> {
  const [row] = await db
    .update(members)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(members.id, memberId))
    .returning();
  return row;
}

/**
 * Moves the member to a new mobile. False when another member took the number in the meantime (the
 * unique index decides, so two members can never end up with one number).
 */
export async function setMobile(db: Db, memberId: number, mobile: string): Promise<MemberRow | null> {
  try {
    const [row] = await db
      .update(members)
      .set({ mobile, updatedAt: sql`now()` })
      .where(eq(members.id, memberId))
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export async function setPasswordHash(db: Db, memberId: number, passwordHash: string): Promise<void> {
  await db
    .update(members)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(members.id, memberId));
}

/** Revokes every live refresh token of the member outside `keepFamilyId`; answers how many. */
export async function revokeOtherFamilies(db: Db, memberId: number, keepFamilyId: string | null): Promise<number> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.memberId, memberId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    )
    .returning({ id: refreshTokens.id });
  return rows.length;
}

/** Wrong old passwords the member gave to `members/me/password` since the time given. */
export async function countOldPasswordFailures(db: Db, memberId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.type, 'password_change_failure'),
        eq(auditEvents.memberId, memberId),
        gt(auditEvents.createdAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}
