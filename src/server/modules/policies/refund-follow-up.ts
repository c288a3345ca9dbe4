import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders } from '../../db/schema.ts';
import { versionNames } from '../catalogue/repository.ts';
import { sendMessage } from '../messages/repository.ts';

/** Refunds asked about per run; the rest wait for the next one. */
const BATCH = 50;

/**
 * A surrender's refund to a bank card comes back PROCESSING and ends days later. Each run asks
 * WeChat Pay about the refunds still PROCESSING and records how they ended: SUCCESS (money back,
 * the member is told), ABNORMAL (the card could not take it: the member is told to call us, and
 * it is logged for the back office) or CLOSED. The update is conditional on PROCESSING, so
 * several processes running it at once tell the member once. Answers how many ended.
 */
export async function followUpRefunds(app: FastifyInstance): Promise<number> {
  const open = await app.db
    .select({
      id: orders.id,
      memberId: orders.memberId,
      orderNo: orders.orderNo,
      refundNo: orders.refundNo,
      productName: orders.productName,
      versionId: orders.versionId,
    })
    .from(orders)
    .where(eq(orders.refundStatus, 'PROCESSING'))
    .orderBy(orders.id)
    .limit(BATCH);
  let ended = 0;
  for (const o of open) {
    if (!o.refundNo) continue;
    try {
      const refund = await app.providers.pay.queryRefund(o.refundNo);
      if (refund.status === 'PROCESSING') continue;
      const at = refund.successTime ? new Date(refund.successTime) : new Date();
      const changed = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .update(orders)
          .set({
            refundStatus: refund.status,
            refundId: refund.refundId,
            refundedAt: refund.status === 'SUCCESS' ? at : null,
            updatedAt: new Date(),
          })
          .where(and(eq(orders.id, o.id), eq(orders.refundStatus, 'PROCESSING')))
          .returning({ id: orders.id });
        if (!row) return false;
        const { product } = await versionNames(tx, o.versionId, o.productName);
        await sendMessage(tx, {
          memberId: o.memberId,
          type: 'policy',
          template: refund.status === 'SUCCESS' ? 'refund.succeeded' : 'refund.failed',
          params: { product, refundFen: refund.refundFen },
          link: '/policy/index?status=surrendered',
        });
        return true;
      });
      if (!changed) continue;
      ended += 1;
      if (refund.status !== 'SUCCESS')
        app.log.warn(
          { orderNo: o.orderNo, refundNo: o.refundNo, status: refund.status },
          'surrender refund did not succeed: needs the back office',
        );
    } catch (error) {
      app.log.warn({ err: error, orderNo: o.orderNo }, 'refund state not known yet');
    }
  }
  return ended;
}
