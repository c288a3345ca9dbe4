import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { FeedCache } from '../../db/feed-cache.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { members, wechatIdentities } from '../../db/schema.ts';
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

const profileQuery = preparedPerDb((db) => db
  .select({
    member: members,
    wechatBound: sql<boolean>`exists (select 1 from ${wechatIdentities} where ${wechatIdentities.memberId} = ${members.id})`,
  })
  .from(members)
  .where(eq(members.id, sql.placeholder('id')))
  .limit(1)
  .prepare('session_member_profile'));

/** `members/me` in one prepared query: the active member and whether a WeChat identity is bound. */
export async function requireActiveProfile(db: Db, memberId: number): Promise<{ member: MemberRow; wechatBound: boolean }> {
  const [row] = await profileQuery(db).execute({ id: memberId });
  assertActive(row?.member);
  return row;
}

const accessQuery = preparedPerDb((db) => db
  .select({ status: members.status, roles: members.roles })
  .from(members)
  .where(eq(members.id, sql.placeholder('id')))
  .limit(1)
  .prepare('session_member_access'));

type Access = { status: 'active' | 'disabled'; roles: string[] } | null;

/**
 * Roles and status are asked on every menu call: kept per member, dropped through the change feed
 * (topic `roles`) by whatever changes them — at once here, within about a second on the other
 * instances. The 10 s bound covers only a change made outside the product (an operator's SQL).
 */
export const ACCESS_TTL_MS = 10_000;
const accessCaches = new WeakMap<Database, FeedCache<Access>>();

function accessCache(database: Database): FeedCache<Access> {
  let cache = accessCaches.get(database);
  if (!cache) {
    cache = new FeedCache<Access>(database.changes, { topic: 'roles', ttlMs: ACCESS_TTL_MS, max: 20_000 });
    accessCaches.set(database, cache);
  }
  return cache;
}

/** The roles of an active member (for access checks); refuses like requireActiveMember. */
export async function requireActiveRoles(database: Database, memberId: number): Promise<string[]> {
  const access = await accessCache(database).get(memberId, async () => {
    const [row] = await accessQuery(database.db).execute({ id: memberId });
    return row ?? null;
  });
  return assertActive(access ?? undefined).roles;
}

function assertActive<T extends { status: 'active' | 'disabled' }>(row: T | undefined): T {
  if (!row) throw new AppError('A0230');
  if (row.status !== 'active') throw new AppError('A0202');
  return row;
}
