import { and, asc, count, eq, gt, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PartnerEdit } from '#shared/partners.ts';
import type { Db, Tx } from '../../db/client.ts';
import { commissions, members, orders, partnerNotes } from '../../db/schema.ts';

/**
 * Partners and the relation between two of them. The relation is members.recommenderId (set once,
 * at the first WeChat sign-in through a partner's recommendId link); only members holding the
 * partner role count as partners, on both ends of a relation.
 */

const isPartner = sql<boolean>`'partner' = any(${members.roles})`;
const recommender = alias(members, 'recommender');
const fen = (v: unknown) => Number(v ?? 0);

/** `channel` = every partner; `partner` = the partners related to that member. */
export type Viewer = { kind: 'channel' } | { kind: 'partner'; memberId: number };

/** The partners the viewer sees, a page of them with their notes, recommenders and order counts. */
export async function findPartnerRows(
  db: Db,
  viewer: Viewer,
  q: { keyword?: string; page: number; pageSize: number; id?: number },
) {
  const conds: (SQL | undefined)[] = [isPartner, q.id === undefined ? undefined : eq(members.id, q.id)];
  if (viewer.kind === 'partner') {
    // Those I recommended, and the partner who recommended me.
    const [me] = await db
      .select({ recommenderId: members.recommenderId })
      .from(members)
      .where(eq(members.id, viewer.memberId));
    conds.push(
      or(eq(members.recommenderId, viewer.memberId), me?.recommenderId ? eq(members.id, me.recommenderId) : undefined),
    );
    conds.push(sql`${members.id} <> ${viewer.memberId}`);
  }
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(members.nickname, like), ilike(members.username, like), ilike(members.mobile, like)));
  }
  const where = and(...conds);
  const [tot] = await db.select({ n: count() }).from(members).where(where);
  const rows = await db
    .select({
      m: members,
      remark: partnerNotes.remark,
      recommenderName: recommender.nickname,
      recommenderUsername: recommender.username,
      recommenderIsPartner: sql<boolean>`'partner' = any(${recommender.roles})`,
      total: sql<number>`(select count(*) from ${orders} where ${orders.recommendId} = ${members.id})`,
      unpaid: sql<number>`(select count(*) from ${orders} where ${orders.recommendId} = ${members.id} and ${orders.status} = 'unpaid')`,
      paid: sql<number>`(select count(*) from ${orders} where ${orders.recommendId} = ${members.id} and ${orders.status} = 'paid')`,
    })
    .from(members)
    .leftJoin(partnerNotes, eq(partnerNotes.memberId, members.id))
    .leftJoin(recommender, eq(recommender.id, members.recommenderId))
    .where(where)
    .orderBy(asc(members.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, total: fen(tot?.n) };
}

export type PartnerRow = Awaited<ReturnType<typeof findPartnerRows>>['rows'][number];

export async function memberSince(db: Db, memberId: number): Promise<Date | undefined> {
  const [me] = await db.select({ createdAt: members.createdAt }).from(members).where(eq(members.id, memberId));
  return me?.createdAt;
}

/** The member row, locked for the rest of the transaction. */
export async function lockMember(tx: Tx, id: number) {
  const [m] = await tx
    .select({ id: members.id, roles: members.roles })
    .from(members)
    .where(eq(members.id, id))
    .for('update');
  return m;
}

export async function updatePartnerMember(
  tx: Tx,
  id: number,
  edit: Pick<PartnerEdit, 'name' | 'status'>,
  now: Date,
): Promise<void> {
  await tx
    .update(members)
    .set({
      ...(edit.name !== undefined ? { nickname: edit.name } : {}),
      ...(edit.status !== undefined ? { status: edit.status } : {}),
      updatedAt: now,
    })
    .where(eq(members.id, id));
}

export async function saveRemark(tx: Tx, memberId: number, remark: string, editorId: number, now: Date): Promise<void> {
  await tx
    .insert(partnerNotes)
    .values({ memberId, remark, updatedBy: editorId, updatedAt: now })
    .onConflictDoUpdate({ target: partnerNotes.memberId, set: { remark, updatedBy: editorId, updatedAt: now } });
}

/** What still depends on the relation recommender → recommended. */
export async function relationDependencies(
  db: Db | Tx,
  recommenderId: number,
  recommendedId: number,
  now = new Date(),
) {
  const through = and(eq(orders.memberId, recommendedId), eq(orders.recommendId, recommenderId));
  const [open] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(through, eq(orders.status, 'unpaid'), gt(orders.expiresAt, now)));
  const [unsettled] = await db
    .select({ n: count(), fen: sql<string>`coalesce(sum(${commissions.amountFen}), 0)` })
    .from(commissions)
    .innerJoin(orders, eq(orders.id, commissions.orderId))
    .where(and(through, eq(commissions.memberId, recommenderId), eq(commissions.status, 'earned')));
  return { openOrders: fen(open?.n), unsettledCommissions: fen(unsettled?.n), unsettledFen: fen(unsettled?.fen) };
}

/** Both member rows, locked in id order (so two transactions locking the same pair cannot deadlock). */
export async function lockPair(tx: Tx, a: number, b: number) {
  return tx
    .select({ id: members.id, roles: members.roles, recommenderId: members.recommenderId })
    .from(members)
    .where(inArray(members.id, [a, b]))
    .orderBy(asc(members.id))
    .for('update');
}

/** Clears the relation, only while it is still there; false when it was gone. */
export async function clearRelation(tx: Tx, pair: { recommenderId: number; recommendedId: number }): Promise<boolean> {
  const [done] = await tx
    .update(members)
    .set({ recommenderId: null, updatedAt: new Date() })
    .where(
      and(
        eq(members.id, pair.recommendedId),
        eq(members.recommenderId, pair.recommenderId),
        isNotNull(members.recommenderId),
      ),
    )
    .returning({ id: members.id });
  return done !== undefined;
}
