import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { products, orders, purchaseEvents } from '../../db/schema.ts';
import type { PayTransaction } from '../../providers/pay/index.ts';
import { versionNames } from '../catalogue/repository.ts';
import { sendMessage } from '../messages/repository.ts';
import { issuePolicy } from './issue.ts';
import { earnCommission } from '../finance/commission.ts';

/**
 * Payment confirmed (verified notification or server-side query): in ONE transaction the order
 * becomes paid, the policy is issued, the product's sales count goes up, the member gets a message
 * and the trail gets the payment. `UPDATE … WHERE status = 'unpaid'` lets exactly one of any number
 * of concurrent confirmations through (the others wait on the row lock, then match nothing).
 */
export async function settlePaid(
  app: FastifyInstance,
  orderId: number,
  payment: PayTransaction,
  source: 'notify' | 'query',
): Promise<boolean> {
  let productId: number | null = null;
  const settled = await app.db.transaction(async (tx) => {
    const now = new Date();
    const paidAt =
      payment.successTime && !Number.isNaN(Date.parse(payment.successTime)) ? new Date(payment.successTime) : now;
    const [order] = await tx
      .update(orders)
      .set({
        status: 'paid',
        paidAt,
        transactionId: payment.transactionId ?? null,
        ...(payment.payerOpenid ? { payerOpenid: payment.payerOpenid } : {}),
        updatedAt: now,
      })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid')))
      .returning();
    if (!order) return false;

    const policy = await issuePolicy(tx, order, now);
    await earnCommission(tx, order, policy.id, paidAt);
    await tx
      .update(products)
      .set({ salesCount: sql`${products.salesCount} + 1` })
      .where(eq(products.id, order.productId));
    productId = order.productId;
    const active = policy.status === 'active';
    const names = await versionNames(tx, order.versionId, order.productName, {
      code: order.planCode,
      name: order.planName,
    });
    await sendMessage(tx, {
      memberId: order.memberId,
      type: 'payment',
      template: 'order.paid',
      params: {
        orderNo: order.orderNo,
        product: names.product,
        plan: names.plan,
        policyNo: policy.policyNo,
        startDate: order.startDate,
        endDate: order.endDate,
        active,
      },
      link: `/policy/index?id=${policy.id}`,
    });
    await tx.insert(purchaseEvents).values({
      memberId: order.memberId,
      orderId: order.id,
      draftId: order.draftId,
      versionId: order.versionId,
      type: 'paid',
      detail: {
        source,
        transactionId: payment.transactionId ?? null,
        amountFen: payment.amountTotal ?? null,
        policyNo: policy.policyNo,
      },
    });
    return true;
  });
  // The sales count shown in the catalogue changed: drop the cached answers (after the commit).
  if (productId !== null) await app.database.changes.publish('catalogue', productId);
  return settled;
}
