import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { pruneRateLimits } from '../db/rate-limit-store.ts';
import { settleDueCommissions } from '../modules/finance/settlement.ts';
import { deliverNotifications } from '../modules/messages/notification-delivery.ts';
import { closeExpiredOrders } from '../modules/orders/expiry.ts';
import { followUpRefunds } from '../modules/policies/refund-follow-up.ts';
import { sendPolicyReminders } from '../modules/policies/reminders.ts';

/**
 * One run of the interval job, in one instance at a time across the deployment: while one instance
 * runs it, the others skip their turn (an advisory lock, db/exclusive.ts), so an expiring order is
 * closed at WeChat Pay once and a refund is asked about once per run. The updates stay conditional
 * (`WHERE status = 'unpaid'` / `'earned'` / `'PROCESSING'`, a reminder's unique row) as well: a
 * member's own order list closes their expired orders outside this job, and a row changes and tells
 * its member once. WeChat notifications are claimed row by row (`FOR UPDATE SKIP LOCKED`), so they go
 * out once even if two runs meet.
 */
export async function runSweep(app: FastifyInstance): Promise<boolean> {
  const run = await app.database.exclusive('sweep', 'skip', async () => {
    await closeExpiredOrders(app);
    await settleDueCommissions(app.db);
    await followUpRefunds(app);
    await sendPolicyReminders(app);
    // After the steps that write messages, so their notifications leave in the same run.
    await deliverNotifications(app);
    await pruneRateLimits(app.db);
  });
  return run.ran;
}

/**
 * The interval jobs of this process. The sweep (ORDER_SWEEP_INTERVAL_S) closes expired orders,
 * settles commissions whose cooling-off period is over, follows refunds still PROCESSING, sends the
 * cooling-off and renewal reminders and the WeChat notifications due, and drops ended rate-limit
 * windows. The notification outbox is also looked at on its own, shorter interval
 * (NOTIFICATION_SEND_INTERVAL_S) and outside the sweep's lock, so a payment's notification leaves
 * within seconds: its rows are claimed one by one, so every instance may look. Both are stopped, and waited for, when the app closes.
 */
const sweepJob: FastifyPluginAsync = async (app) => {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  function every(seconds: number, what: string, work: () => Promise<unknown>) {
    let current: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (current) return;
      current = work()
        .catch((error: unknown) => app.log.error({ err: error }, `${what} run failed`))
        .finally(() => {
          running.delete(current!);
          current = null;
        });
      running.add(current);
    }, seconds * 1000);
    timer.unref();
    timers.push(timer);
  }
  app.addHook('onReady', async () => {
    every(app.config.ORDER_SWEEP_INTERVAL_S, 'order sweep', () => runSweep(app));
    every(app.config.NOTIFICATION_SEND_INTERVAL_S, 'notification', () => deliverNotifications(app));
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running);
  });
};

export default sweepJob;
