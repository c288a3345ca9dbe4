import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bonusTemplates, commissions, ledgerEntries, members, orders, products } from '../../db/schema.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * Commission in fen: premium fen × rate in basis points / 10000, rounded half up to the fen.
 * Integer arithmetic only (no floats): floor((premium × rate + 5000) / 10000).
 */
export function commissionFen(premiumFen: number, rateBp: number): number {
  if (!Number.isSafeInteger(premiumFen) || !Number.isSafeInteger(rateBp) || premiumFen <= 0 || rateBp <= 0) return 0;
  return Number((BigInt(premiumFen) * BigInt(rateBp) + 5000n) / 10000n);
}

/** The template of a product type in force at a moment: the newest version effective by then. */
export async function templateInForce(db: Db | Tx, productTypeId: number, at: Date) {
  const [row] = await db
    .select()
    .from(bonusTemplates)
    .where(and(eq(bonusTemplates.productTypeId, productTypeId), lte(bonusTemplates.effectiveFrom, at)))
    .orderBy(desc(bonusTemplates.effectiveFrom), desc(bonusTemplates.version))
    .limit(1);
  return row ?? null;
}

/**
 * A paid order sold through a partner's or channel member's link earns that member a commission,
 * at the rate of the template in force at payment time. Called inside settlePaid's transaction;
 * one commission per order (unique order id), so a repeated notification adds nothing.
 */
export async function earnCommission(tx: Tx, order: OrderRow, policyId: number | null, paidAt: Date): Promise<void> {
  const partnerId = order.recommendId;
  if (!partnerId || partnerId === order.memberId) return;
  const [partner] = await tx
    .select({ roles: members.roles, status: members.status })
    .from(members)
    .where(eq(members.id, partnerId));
  if (!partner || partner.status !== 'active' || !partner.roles.some((r) => r === 'partner' || r === 'channel')) return;
  const [product] = await tx.select({ typeId: products.typeId }).from(products).where(eq(products.id, order.productId));
  if (!product) return;
  const template = await templateInForce(tx, product.typeId, paidAt);
  if (!template) return;
  const amountFen = commissionFen(order.premiumFen, template.rateBp);
  if (amountFen <= 0) return;
  const [row] = await tx
    .insert(commissions)
    .values({
      memberId: partnerId,
      orderId: order.id,
      policyId,
      orderNo: order.orderNo,
      productName: order.productName,
      basePremiumFen: order.premiumFen,
      rateBp: template.rateBp,
      templateId: template.id,
      templateVersion: template.version,
      amountFen,
      status: 'earned',
      earnedAt: paidAt,
    })
    .onConflictDoNothing()
    .returning({ id: commissions.id });
  if (!row) return;
  await tx.insert(ledgerEntries).values({
    memberId: partnerId,
    kind: 'commission',
    amountFen,
    commissionId: row.id,
    note: `${order.productName} ${order.orderNo}`,
    createdAt: paidAt,
  });
}

/**
 * A surrender (in the cooling-off period, or before cover starts): the order's earned commission is
 * reversed by a negative ledger entry (the balance goes down, possibly below zero if it was already
 * withdrawn; later commission covers it).
 * Called inside surrenderPolicy's transaction; at most once per commission.
 */
export async function reverseCommission(tx: Tx, orderId: number, at: Date): Promise<void> {
  const [row] = await tx
    .update(commissions)
    .set({ status: 'reversed', reversedAt: at })
    .where(and(eq(commissions.orderId, orderId), sql`${commissions.status} <> 'reversed'`))
    .returning();
  if (!row) return;
  await tx
    .insert(ledgerEntries)
    .values({
      memberId: row.memberId,
      kind: 'reversal',
      amountFen: -row.amountFen,
      commissionId: row.id,
      note: `退保冲回 ${row.orderNo}`,
      createdAt: at,
    })
    .onConflictDoNothing();
}
