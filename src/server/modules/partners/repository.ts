import { and, asc, count, eq, gt, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { maskMobile } from '#shared/identity.ts';
import {
  PARTNER_RELATION_LABELS, PARTNER_STATUS_LABELS, type Partner, type PartnerEdit, type PartnerRelation, type RelationRemoved,
} from '#shared/partners.ts';
import type { Db, Tx } from '../../db/client.ts';
import { commissions, members, orders, partnerNotes } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeAuditIn } from '../../lib/audit.ts';
import { revokeMemberTokens } from '../auth/refresh-tokens.ts';
import { settleDueCommissions } from '../finance/settlement.ts';

/**
 * Partners and the relation between two of them. The relation is members.recommenderId (set once,
 * at the first WeChat sign-in through a partner's recommendId link); only members holding the
 * partner role count as partners, on both ends of a relation.
 */

const isPartner = sql<boolean>`'partner' = any(${members.roles})`;
const recommender = alias(members, 'recommender');
const fen = (v: unknown) => Number(v ?? 0);

export const partnerNotFound = () => new AppError('A0404', '合作伙伴不存在');
export const relationNotFound = () => new AppError('A0404', '这两位合作伙伴之间没有推荐关系');

/** `channel` = every partner; `partner` = the partners related to that member. */
export type Viewer = { kind: 'channel' } | { kind: 'partner'; memberId: number };

const displayName = (m: { nickname: string; username: string | null; id: number }) => m.nickname.trim() || m.username || `用户${m.id}`;

export async function listPartners(db: Db, viewer: Viewer, q: { keyword?: string; page: number; pageSize: number; id?: number }): Promise<{ list: Partner[]; total: number }> {
  const conds: (SQL | undefined)[] = [isPartner, q.id === undefined ? undefined : eq(members.id, q.id)];
  if (viewer.kind === 'partner') {
    // Those I recommended, and the partner who recommended me.
    const [me] = await db.select({ recommenderId: members.recommenderId }).from(members).where(eq(members.id, viewer.memberId));
    conds.push(or(eq(members.recommenderId, viewer.memberId), me?.recommenderId ? eq(members.id, me.recommenderId) : undefined));
    conds.push(sql`${members.id} <> ${viewer.memberId}`);
  }
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(members.nickname, like), ilike(members.username, like), ilike(members.mobile, like)));
  }
  const where = and(...conds);
  const [tot] = await db.select({ n: count() }).from(members).where(where);
  const rows = await db.select({
    m: members,
    remark: partnerNotes.remark,
    recommenderName: recommender.nickname,
    recommenderUsername: recommender.username,
    recommenderIsPartner: sql<boolean>`'partner' = any(${recommender.roles})`,
    total: sql<number>`(select count(*) from ${orders} where ${orders.recommendId} = ${members.id})`,
    unpaid: sql<number>`(select count(*) from ${orders} where ${orders.recommendId} = ${members.id} and ${orders.status} = 'unpaid')`,
    paid: sql<number>`(select count(*) from ${orders} where ${orders.recommendId} = ${members.id} and ${orders.status} = 'paid')`,
  }).from(members)
    .leftJoin(partnerNotes, eq(partnerNotes.memberId, members.id))
    .leftJoin(recommender, eq(recommender.id, members.recommenderId))
    .where(where).orderBy(asc(members.id)).limit(q.pageSize).offset((q.page - 1) * q.pageSize);

  const list = rows.map((r): Partner => {
    const relation: PartnerRelation | null = viewer.kind === 'channel' ? null : r.m.recommenderId === viewer.memberId ? 'downline' : 'upline';
    // A partner learns nothing beyond their own relations: an upline's own recommender stays hidden.
    const upline = r.recommenderIsPartner && relation !== 'upline' ? r.m.recommenderId : null;
    return {
      id: r.m.id,
      name: displayName(r.m),
      mobile: r.m.mobile ? maskMobile(r.m.mobile) : null,
      status: r.m.status,
      statusText: PARTNER_STATUS_LABELS[r.m.status],
      relation,
      relationText: relation ? PARTNER_RELATION_LABELS[relation] : null,
      recommenderId: upline,
      recommenderName: upline ? (r.recommenderName?.trim() || r.recommenderUsername || `用户${upline}`) : null,
      // The recommendation is recorded when the member is created (first sign-in through the link).
      relatedSince: upline ? r.m.createdAt.toISOString() : null,
      remark: viewer.kind === 'channel' ? (r.remark ?? '') : null,
      orders: { total: fen(r.total), unpaid: fen(r.unpaid), paid: fen(r.paid) },
      createdAt: r.m.createdAt.toISOString(),
    };
  });
  // A partner's upline row: the relation began when I (the recommended one) came in.
  if (viewer.kind === 'partner' && list.some((p) => p.relation === 'upline')) {
    const [me] = await db.select({ createdAt: members.createdAt }).from(members).where(eq(members.id, viewer.memberId));
    for (const p of list) if (p.relation === 'upline') p.relatedSince = me?.createdAt.toISOString() ?? null;
  }
  return { list, total: fen(tot?.n) };
}

/** One partner as the viewer's list shows it, or null when it is not in that list. */
export async function findPartner(db: Db, viewer: Viewer, id: number): Promise<Partner | null> {
  const { list } = await listPartners(db, viewer, { page: 1, pageSize: 1, id });
  return list[0] ?? null;
}

/**
 * Channel staff: name (the member's nickname), remark and status. The member row is locked for the
 * step; disabling also revokes the partner's refresh tokens (sign-in and refresh answer A0202).
 */
export async function editPartner(db: Db, editorId: number, id: number, edit: PartnerEdit): Promise<void> {
  await db.transaction(async (tx) => {
    const [m] = await tx.select({ id: members.id, roles: members.roles }).from(members).where(eq(members.id, id)).for('update');
    if (!m || !m.roles.includes('partner')) throw partnerNotFound();
    if (edit.status === 'disabled' && id === editorId) throw new AppError('A0400', '不能停用自己的账号');
    const now = new Date();
    if (edit.name !== undefined || edit.status !== undefined) {
      await tx.update(members).set({
        ...(edit.name !== undefined ? { nickname: edit.name } : {}),
        ...(edit.status !== undefined ? { status: edit.status } : {}),
        updatedAt: now,
      }).where(eq(members.id, id));
    }
    if (edit.remark !== undefined) {
      await tx.insert(partnerNotes).values({ memberId: id, remark: edit.remark, updatedBy: editorId, updatedAt: now })
        .onConflictDoUpdate({ target: partnerNotes.memberId, set: { remark: edit.remark, updatedBy: editorId, updatedAt: now } });
    }
    if (edit.status === 'disabled') await revokeMemberTokens(tx as unknown as Db, id);
  });
}

/** What still depends on the relation recommender → recommended. */
export async function relationDependencies(db: Db | Tx, recommenderId: number, recommendedId: number, now = new Date()) {
  const through = and(eq(orders.memberId, recommendedId), eq(orders.recommendId, recommenderId));
  const [open] = await db.select({ n: count() }).from(orders)
    .where(and(through, eq(orders.status, 'unpaid'), gt(orders.expiresAt, now)));
  const [unsettled] = await db.select({ n: count(), fen: sql<string>`coalesce(sum(${commissions.amountFen}), 0)` }).from(commissions)
    .innerJoin(orders, eq(orders.id, commissions.orderId))
    .where(and(through, eq(commissions.memberId, recommenderId), eq(commissions.status, 'earned')));
  return { openOrders: fen(open?.n), unsettledCommissions: fen(unsettled?.n), unsettledFen: fen(unsettled?.fen) };
}

const yuan = (f: number) => (f / 100).toFixed(2);

/**
 * Removes the relation between partners a and b, whichever recommended the other. Both member rows
 * are locked (in id order, so two removals cannot deadlock) before the checks, and the clearing is
 * conditional on the relation still being there, so of two simultaneous removals one succeeds and
 * the other answers 404; a removal racing an edit waits for it.
 */
export async function removeRelation(db: Db, actorId: number, a: number, b: number): Promise<RelationRemoved> {
  if (a === b) throw new AppError('A0400', '请选择两位不同的合作伙伴', [{ field: 'b', message: '请选择两位不同的合作伙伴' }]);
  // Commissions whose cooling-off period ended since the last sweep count as settled right away.
  await settleDueCommissions(db);
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: members.id, roles: members.roles, recommenderId: members.recommenderId }).from(members)
      .where(inArray(members.id, [a, b])).orderBy(asc(members.id)).for('update');
    const ma = rows.find((r) => r.id === a);
    const mb = rows.find((r) => r.id === b);
    if (!ma || !mb || !ma.roles.includes('partner') || !mb.roles.includes('partner')) throw relationNotFound();
    const pair = mb.recommenderId === a ? { recommenderId: a, recommendedId: b } : ma.recommenderId === b ? { recommenderId: b, recommendedId: a } : null;
    if (!pair) throw relationNotFound();

    const dep = await relationDependencies(tx, pair.recommenderId, pair.recommendedId);
    if (dep.openOrders > 0) {
      throw new AppError('A0480', `该合作关系下还有 ${dep.openOrders} 笔未支付的订单，请在订单支付或关闭后再解除`);
    }
    if (dep.unsettledCommissions > 0) {
      throw new AppError('A0481', `该合作关系下还有 ${dep.unsettledCommissions} 笔未结算的佣金（共 ${yuan(dep.unsettledFen)} 元），请在佣金结算后再解除`);
    }
    const [done] = await tx.update(members).set({ recommenderId: null, updatedAt: new Date() })
      .where(and(eq(members.id, pair.recommendedId), eq(members.recommenderId, pair.recommenderId), isNotNull(members.recommenderId)))
      .returning({ id: members.id });
    if (!done) throw relationNotFound();
    await writeAuditIn(tx, {
      memberId: actorId, type: 'partner_relation_removed', subject: `${pair.recommenderId}-${pair.recommendedId}`, detail: pair,
    });
    return pair;
  });
}
