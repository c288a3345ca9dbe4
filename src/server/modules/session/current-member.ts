import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { feedCachePerFeed } from '../../db/feed-cache.ts';
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

const profileQuery = preparedPerDb((db) =>
  db
    .select({
      member: members,
      // Spelled out: in a one-table select Drizzle writes columns without their table, and inside the
      // subquery a bare "id" would be the identity's own id, not the member's.
      wechatBound: sql<boolean>`exists (select 1 from ${wechatIdentities} as "bound" where "bound"."member_id" = "members"."id")`,
    })
    .from(members)
    .where(eq(members.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_member_profile'),
);

export interface MemberProfileRow {
  member: MemberRow;
  wechatBound: boolean;
}

/**
 * The member's row (with whether a WeChat identity is bound) is asked on every menu and members/me
 * call: kept per member, dropped through the change feed (topic `roles`, key = member id) by every
 * change of the row or its bindings (`memberChanged`) — at once here, within about a second on the
 * other instances (docs/decisions/feed-cache.md). The 10 s bound covers only a change made
 * outside the product (an operator's SQL).
 */
export const MEMBER_TTL_MS = 10_000;
const memberRows = feedCachePerFeed<MemberProfileRow | null>();
const memberCache = (database: Database) =>
  memberRows(database.changes, { topic: 'roles', ttlMs: MEMBER_TTL_MS, max: 20_000 });

/** Tells every instance that the member's row or WeChat bindings changed; call it after the commit. */
export function memberChanged(database: Database, memberId: number): Promise<void> {
  return database.changes.publish('roles', memberId);
}

async function cachedMember(database: Database, memberId: number): Promise<MemberProfileRow | null> {
  return memberCache(database).get(memberId, async () => {
    const [row] = await profileQuery(database.db).execute({ id: memberId });
    return row ?? null;
  });
}

/** `members/me`: the active member and whether a WeChat identity is bound; refuses like requireActiveMember. */
export async function requireActiveProfile(database: Database, memberId: number): Promise<MemberProfileRow> {
  const row = await cachedMember(database, memberId);
  assertActive(row?.member);
  return row!;
}

/** The roles of an active member (for access checks such as the menu); refuses like requireActiveMember. */
export async function requireActiveRoles(database: Database, memberId: number): Promise<string[]> {
  const row = await cachedMember(database, memberId);
  return assertActive(row?.member).roles;
}

function assertActive<T extends { status: 'active' | 'disabled' }>(row: T | undefined): T {
  if (!row) throw new AppError('A0230');
  if (row.status !== 'active') throw new AppError('A0202');
  return row;
}
