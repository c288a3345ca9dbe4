import type { FastifyInstance } from 'fastify';
import { databaseTrouble } from '../../db/unavailable.ts';
import { claimDuePaymentQueries, markClosed } from './order-repository.ts';
import { settleReported } from './payment.ts';

/** The first query waits this long after the payment started: the notification usually comes first. */
const FIRST_QUERY_MS = 10_000;
/** The wait between queries doubles up to this. */
const MAX_QUERY_INTERVAL_MS = 60_000;
/** Orders asked about per run; the rest are next. */
const BATCH = 20;

/**
 * Asks WeChat Pay about payments that started and have no result yet, and settles or closes them
 * through the same idempotent path as a notification (docs/decisions/payment-confirmation.md), so
 * a payment whose notification was lost (an outage, an instance down) settles without the
 * customer. Each order is claimed for one query per turn across instances, with a growing wait.
 * Answers how many orders were settled.
 */
export async function followUpPayments(app: FastifyInstance, now = new Date()): Promise<number> {
  const due = await claimDuePaymentQueries(app.db, now, {
    firstMs: FIRST_QUERY_MS,
    maxMs: MAX_QUERY_INTERVAL_MS,
    limit: BATCH,
  });
  let settled = 0;
  let unanswered = 0;
  for (const order of due) {
    try {
      const payment = await app.providers.pay.queryOrder(order.orderNo);
      if (payment.tradeState === 'SUCCESS') {
        if (await settleReported(app, order, payment)) settled += 1;
      } else if (payment.tradeState === 'CLOSED' || payment.tradeState === 'REVOKED') {
        // WeChat no longer takes a payment for it: closed here too, as expiry closes it.
        await markClosed(app.db, order.id, 'expired', new Date());
      } else if (payment.tradeState === 'REFUND') {
        app.log.warn({ orderNo: order.orderNo }, 'unpaid order refunded at WeChat Pay: needs a person');
      }
      // NOTPAY, USERPAYING, PAYERROR: the customer may still pay; asked again after the wait.
    } catch (error) {
      if (databaseTrouble(error)) throw error;
      unanswered += 1;
    }
  }
  if (unanswered) app.log.warn({ unanswered, asked: due.length }, 'WeChat Pay did not answer payment queries');
  return settled;
}
