import { and, desc, eq, sql } from 'drizzle-orm';
import type { OpenUserUpdate, WechatKind } from '#shared/session.ts';
import type { Db } from '../../db/client.ts';
import { openUsers, wechatIdentities } from '../../db/schema.ts';

export type OpenUserRow = typeof openUsers.$inferSelect;
export type WechatIdentityRow = typeof wechatIdentities.$inferSelect;

export async function hasWechatIdentity(db: Db, memberId: number): Promise<boolean> {
  const rows = await db
    .select({ id: wechatIdentities.id })
    .from(wechatIdentities)
    .where(eq(wechatIdentities.memberId, memberId))
    .limit(1);
  return rows.length > 0;
}

/** The member's open-user record, created empty on first read. */
export async function getOrCreateOpenUser(db: Db, memberId: number): Promise<OpenUserRow> {
  await db.insert(openUsers).values({ memberId }).onConflictDoNothing();
  const [row] = await db.select().from(openUsers).where(eq(openUsers.memberId, memberId)).limit(1);
  return row;
}

/** Writes only the fields given; an empty birthday or email is stored as null. */
export async function updateOpenUser(db: Db, memberId: number, input: OpenUserUpdate): Promise<OpenUserRow> {
  const fields: Partial<typeof openUsers.$inferInsert> = {};
  if (input.realName !== undefined) fields.realName = input.realName;
  if (input.gender !== undefined) fields.gender = input.gender;
  if (input.birthday !== undefined) fields.birthday = input.birthday || null;
  if (input.email !== undefined) fields.email = input.email || null;
  if (input.region !== undefined) fields.region = input.region;
  if (input.address !== undefined) fields.address = input.address;
  const [row] = await db
    .insert(openUsers)
    .values({ memberId, ...fields })
    .onConflictDoUpdate({ target: openUsers.memberId, set: { ...fields, updatedAt: sql`now()` } })
    .returning();
  return row;
}

export function listWechatIdentities(db: Db, memberId: number): Promise<WechatIdentityRow[]> {
  return db
    .select()
    .from(wechatIdentities)
    .where(eq(wechatIdentities.memberId, memberId))
    .orderBy(wechatIdentities.createdAt, wechatIdentities.id);
}

/** The binding of one kind; the currently configured app first, then the newest. */
export async function findWechatIdentity(
  db: Db,
  memberId: number,
  kind: WechatKind,
  preferredAppId: string,
): Promise<WechatIdentityRow | null> {
  const [row] = await db
    .select()
    .from(wechatIdentities)
    .where(and(eq(wechatIdentities.memberId, memberId), eq(wechatIdentities.kind, kind)))
    .orderBy(
      desc(sql`${wechatIdentities.appId} = ${preferredAppId}`),
      desc(wechatIdentities.createdAt),
      desc(wechatIdentities.id),
    )
    .limit(1);
  return row ?? null;
}
