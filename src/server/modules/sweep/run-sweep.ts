import type { FastifyInstance } from 'fastify';
import { pruneRateLimits } from '../../db/rate-limit-store.ts';
import { settleDueCommissions } from '../finance/settlement.ts';
import { deliverNotifications } from '../messages/notification-delivery.ts';
import { closeExpiredOrders } from '../orders/expiry.ts';
import { followUpRefunds } from '../policies/refund-follow-up.ts';
import { sendPolicyReminders } from '../policies/reminders.ts';
import { sendAddedPolicyReminders } from '../added-policies/reminders.ts';

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
    await sendAddedPolicyReminders(app);
    // After the steps that write messages, so their notifications leave in the same run.
    await deliverNotifications(app);
    await pruneRateLimits(app.db);
  });
  return run.ran;
}
