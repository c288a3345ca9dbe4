import { eq, sql } from 'drizzle-orm';
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

function prepareAccessQuery(db: Db) {
  return db
    .select({ status: members.status, roles: members.roles })
    .from(members)
    .where(eq(members.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_member_access');
}

const accessQueries = new WeakMap<Db, ReturnType<typeof prepareAccessQuery>>();

/**
 * Only the columns access checks need, as a prepared statement: the menu asks this on every call
 * and is measured against a bare route.
 */
export async function requireActiveRoles(db: Db, memberId: number): Promise<string[]> {
  let query = accessQueries.get(db);
  if (!query) {
    query = prepareAccessQuery(db);
    accessQueries.set(db, query);
  }
  const [row] = await query.execute({ id: memberId });
  return assertActive(row).roles;
}

function assertActive<T extends { status: 'active' | 'disabled' }>(row: T | undefined): T {
  if (!row) throw new AppError('A0230');
  if (row.status !== 'active') throw new AppError('A0202');
  return row;
}
