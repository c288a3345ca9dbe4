import type { FastifyInstance } from 'fastify';
import { dueUnpaid } from './order-repository.ts';
import { closeUnpaid } from './payment.ts';

/** Orders closed per run; the rest wait for the next run (or a reader closes them lazily). */
const BATCH = 50;

/**
 * Closes unpaid orders past their pay-by time (all members', or one member's before listing
 * their orders). Each is closed at WeChat Pay first; one that cannot be reached is left for the
 * next run. Answers how many were closed.
 */
export async function closeExpiredOrders(
  app: FastifyInstance,
  opts: { memberId?: number; now?: Date } = {},
): Promise<number> {
  const due = await dueUnpaid(app.db, opts.now ?? new Date(), BATCH, opts.memberId);
  let closed = 0;
  for (const order of due) {
    try {
      if ((await closeUnpaid(app, order, 'expired')) === 'expired') closed += 1;
    } catch (error) {
      app.log.warn({ err: error, orderNo: order.orderNo }, 'expired order not closed yet');
    }
  }
  return closed;
}
