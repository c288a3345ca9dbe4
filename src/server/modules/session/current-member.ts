import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

export type MemberRow = typeof members.$inferSelect;

/**
 * The signed-in member as the database has it now. A token outlives changes to its member, so a
 * member that is gone makes the token stale (401 A0230) and a disabled one is refused (403 A0202).
 */
export async function requireActiveMember(db: Db, memberId: number): Promise<MemberRow> {
  const [row] = await db.select().from(members).where(eq(members.id, memberId)).limit(1);
  return assertActive(row);
}

/** Only the columns access checks need: the menu asks this on every call. */
export async function requireActiveRoles(db: Db, memberId: number): Promise<string[]> {
  const [row] = await db
    .select({ status: members.status, roles: members.roles })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return assertActive(row).roles;
}

function assertActive<T extends { status: 'active' | 'disabled' }>(row: T | undefined): T {
  if (!row) throw new AppError('A0230');
  if (row.status !== 'active') throw new AppError('A0202');
  return row;
}
