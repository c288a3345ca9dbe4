import { and, count, desc, eq, gte, lt, sql, sum } from 'drizzle-orm';
import { LEDGER_KIND_LABELS, WITHDRAWAL_MIN_FEN, WITHDRAWAL_STATUS_LABELS, type BonusTemplate, type FinanceSummary, type LedgerPage, type Withdrawal } from '#shared/finance.ts';
import type { Db } from '../../db/client.ts';
import { bonusTemplates, commissions, ledgerEntries, members, productTypes, withdrawals } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { beijingMonth, monthRange } from '#shared/beijing-time.ts';


const n = (v: unknown) => Number(v ?? 0);

export async function balanceOf(db: Db, memberId: number): Promise<number> {
  const [row] = await db.select({ s: sum(ledgerEntries.amountFen) }).from(ledgerEntries).where(eq(ledgerEntries.memberId, memberId));
  return n(row?.s);
}

export async function summary(db: Db, memberId: number, now = new Date()): Promise<FinanceSummary> {
  const month = beijingMonth(now);
  const { from, to } = monthRange(month);
  const [c] = await db.select({
    total: sql<string>`coalesce(sum(${commissions.amountFen}) filter (where ${commissions.status} <> 'reversed'), 0)`,
    reversed: sql<string>`coalesce(sum(${commissions.amountFen}) filter (where ${commissions.status} = 'reversed'), 0)`,
    month: sql<string>`coalesce(sum(${commissions.amountFen}) filter (where ${commissions.status} <> 'reversed' and ${commissions.earnedAt} >= ${from.toISOString()} and ${commissions.earnedAt} < ${to.toISOString()}), 0)`,
    orders: sql<string>`count(*) filter (where ${commissions.status} <> 'reversed')`,
  }).from(commissions).where(eq(commissions.memberId, memberId));
  const [w] = await db.select({
    pending: sql<string>`coalesce(sum(${withdrawals.amountFen}) filter (where ${withdrawals.status} = 'pending'), 0)`,
    paid: sql<string>`coalesce(sum(${withdrawals.amountFen}) filter (where ${withdrawals.status} = 'paid'), 0)`,
  }).from(withdrawals).where(eq(withdrawals.memberId, memberId));
  return {
    balanceFen: await balanceOf(db, memberId),
    pendingWithdrawalFen: n(w?.pending),
    monthIncomeFen: n(c?.month),
    totalIncomeFen: n(c?.total),
    reversedFen: n(c?.reversed),
    withdrawnFen: n(w?.paid),
    paidOrders: n(c?.orders),
    month,
    minWithdrawalFen: WITHDRAWAL_MIN_FEN,
  };
}

export async function ledgerPage(db: Db, memberId: number, q: { month?: string; pageNum: number; pageSize: number }): Promise<LedgerPage> {
  const where = [eq(ledgerEntries.memberId, memberId)];
  if (q.month) {
    const { from, to } = monthRange(q.month);
    where.push(gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to));
  }
  const cond = and(...where);
  const [tot] = await db.select({
    n: count(),
    income: sql<string>`coalesce(sum(${ledgerEntries.amountFen}) filter (where ${ledgerEntries.amountFen} > 0), 0)`,
    out: sql<string>`coalesce(sum(${ledgerEntries.amountFen}) filter (where ${ledgerEntries.amountFen} < 0), 0)`,
  }).from(ledgerEntries).where(cond);
  const rows = await db.select({ e: ledgerEntries, c: commissions }).from(ledgerEntries)
    .leftJoin(commissions, eq(commissions.id, ledgerEntries.commissionId))
    .where(cond).orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(q.pageSize).offset((q.pageNum - 1) * q.pageSize);
  return {
    list: rows.map(({ e, c }) => ({
      id: e.id, kind: e.kind, kindText: LEDGER_KIND_LABELS[e.kind], amountFen: e.amountFen, note: e.note,
      orderNo: c?.orderNo ?? null, productName: c?.productName ?? null, premiumFen: c?.basePremiumFen ?? null,
      rateBp: c?.rateBp ?? null, templateVersion: c?.templateVersion ?? null, createdAt: e.createdAt.toISOString(),
    })),
    total: n(tot?.n), month: q.month ?? null, incomeFen: n(tot?.income), outFen: n(tot?.out),
  };
}

const presentWithdrawal = (w: typeof withdrawals.$inferSelect): Withdrawal => ({
  id: w.id, memberId: w.memberId, amountFen: w.amountFen, status: w.status, statusText: WITHDRAWAL_STATUS_LABELS[w.status],
  payeeMasked: w.payeeMasked, reviewNote: w.reviewNote, requestedAt: w.requestedAt.toISOString(), reviewedAt: w.reviewedAt?.toISOString() ?? null,
});

export async function listWithdrawals(db: Db, filter: { memberId?: number; status?: Withdrawal['status'] }, pageNum = 1, pageSize = 20) {
  const where = and(filter.memberId ? eq(withdrawals.memberId, filter.memberId) : undefined, filter.status ? eq(withdrawals.status, filter.status) : undefined);
  const [tot] = await db.select({ n: count() }).from(withdrawals).where(where);
  const rows = await db.select().from(withdrawals).where(where).orderBy(desc(withdrawals.requestedAt), desc(withdrawals.id)).limit(pageSize).offset((pageNum - 1) * pageSize);
  return { list: rows.map(presentWithdrawal), total: n(tot?.n) };
}

function maskPayee(nickname: string, mobile: string | null): string {
  if (mobile && mobile.length >= 7) return `微信零钱（${mobile.slice(0, 3)}****${mobile.slice(-4)}）`;
  const name = nickname.trim();
  return name ? `微信零钱（${name.slice(0, 1)}**）` : '微信零钱';
}

/**
 * A withdrawal request: the member row is locked for the step, so two parallel requests are
 * serialised; the amount must not exceed the balance, and only one request may wait at a time (also
 * a partial unique index). The amount leaves the balance at once (ledger −amount); a rejection
 * gives it back.
 */
export async function requestWithdrawal(db: Db, memberId: number, amountFen: number): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const [me] = await tx.select({ nickname: members.nickname, mobile: members.mobile }).from(members).where(eq(members.id, memberId)).for('update');
    if (!me) throw new AppError('A0404', '账户不存在');
    const [pending] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.status, 'pending')));
    if (pending) throw new AppError('A0409', '已有一笔提现在审核中，请等待审核完成后再申请');
    const [b] = await tx.select({ s: sum(ledgerEntries.amountFen) }).from(ledgerEntries).where(eq(ledgerEntries.memberId, memberId));
    const balance = n(b?.s);
    if (amountFen > balance) throw new AppError('A0400', `提现金额超过可提现余额（${(balance / 100).toFixed(2)} 元）`);
    const [w] = await tx.insert(withdrawals).values({ memberId, amountFen, payeeMasked: maskPayee(me.nickname, me.mobile) }).returning();
    await tx.insert(ledgerEntries).values({ memberId, kind: 'withdrawal', amountFen: -amountFen, withdrawalId: w.id, note: '提现申请', createdAt: w.requestedAt });
    return presentWithdrawal(w);
  });
}

/** Channel staff: 已打款 or 已驳回, once; a rejection puts the amount back on the balance. */
export async function reviewWithdrawal(db: Db, reviewerId: number, id: number, action: 'approve' | 'reject', note: string): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [w] = await tx.update(withdrawals).set({ status: action === 'approve' ? 'paid' : 'rejected', reviewedBy: reviewerId, reviewNote: note, reviewedAt: now })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending'))).returning();
    if (!w) {
      const [exists] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, id));
      throw exists ? new AppError('A0409', '该提现申请已审核') : new AppError('A0404', '提现申请不存在');
    }
    if (action === 'reject') {
      await tx.insert(ledgerEntries).values({ memberId: w.memberId, kind: 'withdrawal_rejected', amountFen: w.amountFen, withdrawalId: w.id, note: note ? `提现驳回：${note}` : '提现驳回', createdAt: now });
    }
    return presentWithdrawal(w);
  });
}

export async function listTemplates(db: Db, now = new Date()): Promise<BonusTemplate[]> {
  const rows = await db.select({ t: bonusTemplates, typeName: productTypes.name }).from(bonusTemplates)
    .innerJoin(productTypes, eq(productTypes.id, bonusTemplates.productTypeId))
    .orderBy(productTypes.sort, bonusTemplates.productTypeId, desc(bonusTemplates.version));
  const current = new Map<number, number>();
  for (const { t } of rows) {
    if (t.effectiveFrom <= now && !current.has(t.productTypeId)) current.set(t.productTypeId, t.id);
  }
  return rows.map(({ t, typeName }) => ({
    id: t.id, productTypeId: t.productTypeId, productTypeName: typeName, version: t.version, rateBp: t.rateBp, name: t.name,
    effectiveFrom: t.effectiveFrom.toISOString(), current: current.get(t.productTypeId) === t.id, createdAt: t.createdAt.toISOString(),
  }));
}

/**
 * Editing a template inserts version n+1 effective now; older versions stay (commission already
 * earned keeps the rate it was computed with). The product type's row is locked so two edits get
 * consecutive versions.
 */
export async function createTemplateVersion(db: Db, createdBy: number, input: { productTypeId: number; rateBp: number; name: string }): Promise<BonusTemplate> {
  return db.transaction(async (tx) => {
    const [type] = await tx.select({ id: productTypes.id, name: productTypes.name }).from(productTypes).where(eq(productTypes.id, input.productTypeId)).for('update');
    if (!type) throw new AppError('A0404', '险种不存在');
    const [last] = await tx.select({ v: sql<number>`coalesce(max(${bonusTemplates.version}), 0)` }).from(bonusTemplates).where(eq(bonusTemplates.productTypeId, type.id));
    const [t] = await tx.insert(bonusTemplates).values({ productTypeId: type.id, version: Number(last?.v ?? 0) + 1, rateBp: input.rateBp, name: input.name, createdBy }).returning();
    return {
      id: t.id, productTypeId: t.productTypeId, productTypeName: type.name, version: t.version, rateBp: t.rateBp, name: t.name,
      effectiveFrom: t.effectiveFrom.toISOString(), current: true, createdAt: t.createdAt.toISOString(),
    };
  });
}

