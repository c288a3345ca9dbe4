import { and, count, desc, eq, gte, lt, sql, sum } from 'drizzle-orm';
import type { Withdrawal } from '#shared/finance.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  bonusTemplates,
  commissions,
  ledgerEntries,
  members,
  orders,
  productTypes,
  withdrawals,
} from '../../db/schema.ts';

/** The partner's money: the ledger (balance = its sum), commissions, withdrawals, bonus templates. */

const n = (v: unknown) => Number(v ?? 0);

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export async function balanceOf(db: Db | Tx, memberId: number): Promise<number> {
  const [row] = await db
    .select({ s: sum(ledgerEntries.amountFen) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.memberId, memberId));
  return n(row?.s);
}

/** Commission totals of the member: all, reversed, within [from, to), and how many orders earned one. */
export async function commissionTotals(db: Db, memberId: number, from: Date, to: Date) {
  const [c] = await db
    .select({
      total: sql<string>`coalesce(sum(${commissions.amountFen}) filter (where ${commissions.status} <> 'reversed'), 0)`,
      reversed: sql<string>`coalesce(sum(${commissions.amountFen}) filter (where ${commissions.status} = 'reversed'), 0)`,
      month: sql<string>`coalesce(sum(${commissions.amountFen}) filter (where ${commissions.status} <> 'reversed' and ${commissions.earnedAt} >= ${from.toISOString()} and ${commissions.earnedAt} < ${to.toISOString()}), 0)`,
      orders: sql<string>`count(*) filter (where ${commissions.status} <> 'reversed')`,
    })
    .from(commissions)
    .where(eq(commissions.memberId, memberId));
  return { totalFen: n(c?.total), reversedFen: n(c?.reversed), rangeFen: n(c?.month), orders: n(c?.orders) };
}

/** Withdrawn money of the member: waiting for review, and paid out. */
export async function withdrawalTotals(db: Db, memberId: number) {
  const [w] = await db
    .select({
      pending: sql<string>`coalesce(sum(${withdrawals.amountFen}) filter (where ${withdrawals.status} = 'pending'), 0)`,
      paid: sql<string>`coalesce(sum(${withdrawals.amountFen}) filter (where ${withdrawals.status} = 'paid'), 0)`,
    })
    .from(withdrawals)
    .where(eq(withdrawals.memberId, memberId));
  return { pendingFen: n(w?.pending), paidFen: n(w?.paid) };
}

/** A page of the member's ledger, newest first, within [from, to) when given, with its totals. */
export async function ledgerRows(
  db: Db,
  memberId: number,
  range: { from: Date; to: Date } | null,
  pageNum: number,
  pageSize: number,
) {
  const where = [eq(ledgerEntries.memberId, memberId)];
  if (range) where.push(gte(ledgerEntries.createdAt, range.from), lt(ledgerEntries.createdAt, range.to));
  const cond = and(...where);
  const [tot] = await db
    .select({
      n: count(),
      income: sql<string>`coalesce(sum(${ledgerEntries.amountFen}) filter (where ${ledgerEntries.amountFen} > 0), 0)`,
      out: sql<string>`coalesce(sum(${ledgerEntries.amountFen}) filter (where ${ledgerEntries.amountFen} < 0), 0)`,
    })
    .from(ledgerEntries)
    .where(cond);
  const rows = await db
    .select({ e: ledgerEntries, c: commissions, versionId: orders.versionId })
    .from(ledgerEntries)
    .leftJoin(commissions, eq(commissions.id, ledgerEntries.commissionId))
    // The version sold names the product in the reader's language.
    .leftJoin(orders, eq(orders.id, commissions.orderId))
    .where(cond)
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  return { rows, total: n(tot?.n), incomeFen: n(tot?.income), outFen: n(tot?.out) };
}

export async function listWithdrawalRows(
  db: Db,
  filter: { memberId?: number; status?: Withdrawal['status'] },
  pageNum: number,
  pageSize: number,
) {
  const where = and(
    filter.memberId ? eq(withdrawals.memberId, filter.memberId) : undefined,
    filter.status ? eq(withdrawals.status, filter.status) : undefined,
  );
  const [tot] = await db.select({ n: count() }).from(withdrawals).where(where);
  const rows = await db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(desc(withdrawals.requestedAt), desc(withdrawals.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  return { rows, total: n(tot?.n) };
}

/** The member's name and mobile, the row locked for the rest of the transaction. */
export async function lockMember(tx: Tx, memberId: number) {
  const [me] = await tx
    .select({ nickname: members.nickname, mobile: members.mobile })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update');
  return me;
}

export async function hasPendingWithdrawal(tx: Tx, memberId: number): Promise<boolean> {
  const [pending] = await tx
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.status, 'pending')));
  return pending !== undefined;
}

/** The request, and the amount leaving the balance at once (ledger −amount). */
export async function insertWithdrawal(
  tx: Tx,
  memberId: number,
  amountFen: number,
  payeeMasked: string,
): Promise<WithdrawalRow> {
  const [w] = await tx.insert(withdrawals).values({ memberId, amountFen, payeeMasked }).returning();
  await tx.insert(ledgerEntries).values({
    memberId,
    kind: 'withdrawal',
    amountFen: -amountFen,
    withdrawalId: w.id,
    note: '提现申请',
    createdAt: w.requestedAt,
  });
  return w;
}

/** Decides a pending withdrawal; undefined when there is none pending with that id. */
export async function decideWithdrawal(
  tx: Tx,
  id: number,
  decision: { status: 'paid' | 'rejected'; reviewedBy: number; reviewNote: string; reviewedAt: Date },
) {
  const [w] = await tx
    .update(withdrawals)
    .set(decision)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
    .returning();
  return w;
}

export async function withdrawalExists(tx: Tx, id: number): Promise<boolean> {
  const [exists] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, id));
  return exists !== undefined;
}

/** A rejected withdrawal's amount back on the balance. */
export async function refundWithdrawal(tx: Tx, w: WithdrawalRow, note: string, at: Date): Promise<void> {
  await tx.insert(ledgerEntries).values({
    memberId: w.memberId,
    kind: 'withdrawal_rejected',
    amountFen: w.amountFen,
    withdrawalId: w.id,
    note,
    createdAt: at,
  });
}

/** Every template version with its product type's name, by type, newest version first. */
export async function templateRows(db: Db) {
  return db
    .select({ t: bonusTemplates, typeCode: productTypes.code, typeName: productTypes.name })
    .from(bonusTemplates)
    .innerJoin(productTypes, eq(productTypes.id, bonusTemplates.productTypeId))
    .orderBy(productTypes.sort, bonusTemplates.productTypeId, desc(bonusTemplates.version));
}

/** The product type, its row locked so two edits get consecutive versions. */
export async function lockProductType(tx: Tx, id: number) {
  const [type] = await tx
    .select({ id: productTypes.id, code: productTypes.code, name: productTypes.name })
    .from(productTypes)
    .where(eq(productTypes.id, id))
    .for('update');
  return type;
}

/** Inserts the type's next template version, effective now. */
export async function insertTemplateVersion(
  tx: Tx,
  input: { productTypeId: number; rateBp: number; name: string },
  createdBy: number,
) {
  const [last] = await tx
    .select({ v: sql<number>`coalesce(max(${bonusTemplates.version}), 0)` })
    .from(bonusTemplates)
    .where(eq(bonusTemplates.productTypeId, input.productTypeId));
  const [t] = await tx
    .insert(bonusTemplates)
    .values({
      productTypeId: input.productTypeId,
      version: Number(last?.v ?? 0) + 1,
      rateBp: input.rateBp,
      name: input.name,
      createdBy,
    })
    .returning();
  return t;
}
