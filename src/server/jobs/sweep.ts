import type { FastifyPluginAsync } from 'fastify';
import { settleDueCommissions } from '../modules/finance/settlement.ts';
import { closeExpiredOrders } from '../modules/orders/expiry.ts';
import { followUpRefunds } from '../modules/policies/refund-follow-up.ts';

/**
 * The interval job of this process (ORDER_SWEEP_INTERVAL_S): closes expired orders, settles
 * commissions whose cooling-off period is over and follows refunds still PROCESSING. Several app
 * processes may run it at once: all three are conditional updates (`WHERE status = 'unpaid'` /
 * `'earned'` / `'PROCESSING'`), so each row changes once. Stopped, and waited for, when the app closes.
 */
const sweepJob: FastifyPluginAsync = async (app) => {
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
};

export default sweepJob;
