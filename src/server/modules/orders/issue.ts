import { and, asc, eq, sql } from 'drizzle-orm';
import { policyStatusOf } from '#shared/orders.ts';
import type { Tx } from '../../db/client.ts';
import { orderPersons, type orders, policies, policyInsureds } from '../../db/schema.ts';
import { beijingCompactDate } from '#shared/beijing-time.ts';
import { coverWindow } from './cover-window.ts';

/**
 * Policy issuance, called by the order module inside the transaction that marks an order paid, so
 * that "paid" and "insured" never disagree. The policy number is P + yyyymmdd (Beijing) + 8 digits
 * from a database sequence; each insured person gets a voucher number (保险凭证) derived from it.
 */

type OrderRow = typeof orders.$inferSelect;

export interface IssuedPolicy {
  id: number;
  policyNo: string;
  effectiveAt: Date;
  expiresAt: Date;
  status: ReturnType<typeof policyStatusOf>;
  voucherNos: string[];
}

export function formatPolicyNo(issuedAt: Date, sequence: number): string {
  return `P${beijingCompactDate(issuedAt)}${String(sequence % 100_000_000).padStart(8, '0')}`;
}

/** `P2026052000000042-0003`: the policy number and the person's place in the list. */
export function formatVoucherNo(policyNo: string, index: number): string {
  return `${policyNo}-${String(index + 1).padStart(4, '0')}`;
}

export async function issuePolicy(tx: Tx, order: OrderRow, issuedAt: Date = new Date()): Promise<IssuedPolicy> {
  const [{ seq }] = await tx.select({ seq: sql<string>`nextval('policy_no_seq')` }).from(sql`(select 1) as one`);
  const policyNo = formatPolicyNo(issuedAt, Number(seq));
  const { effectiveAt, expiresAt } = coverWindow(order.startDate, order.endDate);
  const snapshot = order.snapshot;
  const [policy] = await tx
    .insert(policies)
    .values({
      policyNo,
      orderId: order.id,
      memberId: order.memberId,
      productId: order.productId,
      versionId: order.versionId,
      productName: order.productName,
      planName: order.planName,
      insurer: snapshot.product.insurer,
      startDate: order.startDate,
      endDate: order.endDate,
      effectiveAt,
      expiresAt,
      premiumFen: order.premiumFen,
      insuredCount: order.insuredCount,
      issuedAt,
    })
    .returning({ id: policies.id });
  const insured = await tx
    .select({ id: orderPersons.id })
    .from(orderPersons)
    .where(and(eq(orderPersons.orderId, order.id), eq(orderPersons.role, 'insured')))
    .orderBy(asc(orderPersons.sort));
  const voucherNos = insured.map((_, i) => formatVoucherNo(policyNo, i));
  for (let i = 0; i < insured.length; i += 500) {
    await tx.insert(policyInsureds).values(
      insured.slice(i, i + 500).map((p, k) => ({
        policyId: policy.id,
        orderPersonId: p.id,
        voucherNo: voucherNos[i + k],
        sort: i + k,
      })),
    );
  }
  return {
    id: policy.id,
    policyNo,
    effectiveAt,
    expiresAt,
    status: policyStatusOf({ effectiveAt, expiresAt }, issuedAt.getTime()),
    voucherNos,
  };
}
