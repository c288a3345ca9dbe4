import type { FastifyPluginAsync } from 'fastify';
import { databaseTrouble } from '../db/unavailable.ts';
import { deliverNotifications } from '../modules/messages/notification-delivery.ts';
import { followUpPayments } from '../modules/orders/payment-follow-up.ts';
import { runSweep } from '../modules/sweep/run-sweep.ts';

/**
 * The interval jobs of this process. The sweep (ORDER_SWEEP_INTERVAL_S) closes expired orders,
 * settles commissions whose cooling-off period is over, follows refunds still PROCESSING, sends the
 * cooling-off and renewal reminders and the WeChat notifications due, and drops ended rate-limit
 * windows. The notification outbox is also looked at on its own, shorter interval
 * (NOTIFICATION_SEND_INTERVAL_S) and outside the sweep's lock, so a payment's notification leaves
 * within seconds: its rows are claimed one by one, so every instance may look. Payments that
 * started and have no result are asked about at WeChat Pay every PAYMENT_QUERY_INTERVAL_S, each
 * order claimed by one instance per turn (modules/orders/payment-follow-up.ts). All are stopped,
 * and waited for, when the app closes. A run the database failed is counted with the outage
 * (db/outage-log.ts), not logged on its own.
 */
const sweepJob: FastifyPluginAsync = async (app) => {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  function every(seconds: number, what: string, work: () => Promise<unknown>) {
    let current: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      if (current) return;
      current = work()
        .catch((error: unknown) => {
          const trouble = databaseTrouble(error);
          if (trouble) app.databaseOutage.failed(trouble, error);
          else app.log.error({ err: error }, `${what} run failed`);
        })
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
    every(app.config.PAYMENT_QUERY_INTERVAL_S, 'payment query', () => followUpPayments(app));
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running);
  });
};

export default sweepJob;
