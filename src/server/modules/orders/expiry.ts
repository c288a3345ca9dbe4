import type { FastifyInstance } from 'fastify';
import { settleDueCommissions } from '../finance/settlement.ts';
import { followUpRefunds } from '../policies/refund-follow-up.ts';
import { dueUnpaid } from './order-repository.ts';
import { closeUnpaid } from './payment.ts';

/** Orders closed per run; the rest wait for the next run (or a reader closes them lazily). */
const BATCH = 50;

/**
 * Closes unpaid orders past their pay-by time (all members', or one member's before listing
 * their orders). Each is closed at WeChat Pay first; one that cannot be reached is left for the
 * next run. Answers how many were closed.
 */
export async function closeExpiredOrders(app: FastifyInstance, opts: { memberId?: number; now?: Date } = {}): Promise<number> {
  const due = await dueUnpaid(app.db, opts.now ?? new Date(), BATCH, opts.memberId);
  let closed = 0;
  for (const order of due) {
    try {
      if (await closeUnpaid(app, order, 'expired') === 'expired') closed += 1;
    } catch (error) {
      app.log.warn({ err: error, orderNo: order.orderNo }, 'expired order not closed yet');
    }
  }
  return closed;
}

/**
 * The interval job of this process (ORDER_SWEEP_INTERVAL_S): closes expired orders, settles
 * commissions whose cooling-off period is over and follows refunds still PROCESSING. Several app
 * processes may run it at once: all three are conditional updates (`WHERE status = 'unpaid'` /
 * `'earned'` / `'PROCESSING'`), so each row changes once. Stopped, and waited for, when the app closes.
 */
export function startExpiryJob(app: FastifyInstance): void {
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = closeExpiredOrders(app)
        .then(() => settleDueCommissions(app.db))
        .then(() => followUpRefunds(app))
        .catch((error: unknown) => app.log.error({ err: error }, 'order sweep run failed'))
        .finally(() => { running = null; });
    }, app.config.ORDER_SWEEP_INTERVAL_S * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
