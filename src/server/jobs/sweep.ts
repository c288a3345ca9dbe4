import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { pruneRateLimits } from '../db/rate-limit-store.ts';
import { settleDueCommissions } from '../modules/finance/settlement.ts';
import { closeExpiredOrders } from '../modules/orders/expiry.ts';
import { followUpRefunds } from '../modules/policies/refund-follow-up.ts';
import { sendPolicyReminders } from '../modules/policies/reminders.ts';

/**
 * One run of the interval job, in one instance at a time across the deployment: while one instance
 * runs it, the others skip their turn (an advisory lock, db/exclusive.ts), so an expiring order is
 * closed at WeChat Pay once and a refund is asked about once per run. The updates stay conditional
 * (`WHERE status = 'unpaid'` / `'earned'` / `'PROCESSING'`, a reminder's unique row) as well: a
 * member's own order list closes their expired orders outside this job, and a row changes and tells
 * its member once.
 */
export async function runSweep(app: FastifyInstance): Promise<boolean> {
  const run = await app.database.exclusive('sweep', 'skip', async () => {
    await closeExpiredOrders(app);
    await settleDueCommissions(app.db);
    await followUpRefunds(app);
    await sendPolicyReminders(app);
    await pruneRateLimits(app.db);
  });
  return run.ran;
}

/**
 * The interval job of this process (ORDER_SWEEP_INTERVAL_S): closes expired orders, settles
 * commissions whose cooling-off period is over, follows refunds still PROCESSING, sends the
 * cooling-off and renewal reminders due and drops ended rate-limit windows. Stopped, and waited for, when the app closes.
 */
const sweepJob: FastifyPluginAsync = async (app) => {
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = runSweep(app)
        .catch((error: unknown) => app.log.error({ err: error }, 'order sweep run failed'))
        .finally(() => { running = null; });
    }, app.config.ORDER_SWEEP_INTERVAL_S * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
};

export default sweepJob;
