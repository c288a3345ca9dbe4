import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '#shared/text.ts';
import { addDays } from '#shared/beijing-time.ts';
import * as paths from '#shared/api-paths.ts';
import { orders, policies } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { idParam } from '../../lib/id-param.ts';
import { runSweep } from '../sweep/run-sweep.ts';

const DAY_MS = 86_400_000;

/**
 * `POST /prod-api/dev/policies/{id}/backdate` `{days}`: moves one of the caller's own policies (and
 * its order) `days` into the past — cover window, issue, order and payment times — so a development or end-to-end run
 * can report a claim on a policy bought minutes ago (cover never starts before tomorrow), or reach
 * the day of a cooling-off or renewal reminder (docs/decisions/development-routes.md). Registered
 * only with DEV_ROUTES=true (refused in production), like the SMS outbox.
 */
const devBackdateRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.devRoutes) return;
  app.post(
    paths.devTools.backdate.route,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['dev'],
        params: z.object({ id: idParam('id.policy') }),
        body: z.object({ days: z.number().int().min(1).max(366) }),
        response: { 200: okSchema(z.object({ startDate: text(), endDate: text() })) },
      },
    },
    async (request) => {
      const { days } = request.body;
      const shift = (d: Date) => new Date(d.getTime() - days * DAY_MS);
      const result = await app.db.transaction(async (tx) => {
        const [p] = await tx
          .select()
          .from(policies)
          .where(and(eq(policies.id, request.params.id), eq(policies.memberId, request.member!.memberId)))
          .for('update');
        if (!p) throw new AppError('A0404', 'policies.notFound');
        const startDate = addDays(p.startDate, -days);
        const endDate = addDays(p.endDate, -days);
        await tx
          .update(policies)
          .set({
            issuedAt: shift(p.issuedAt),
            startDate,
            endDate,
            effectiveAt: shift(p.effectiveAt),
            expiresAt: shift(p.expiresAt),
          })
          .where(eq(policies.id, p.id));
        const [o] = await tx.select().from(orders).where(eq(orders.id, p.orderId));
        await tx
          .update(orders)
          .set({
            startDate: addDays(o.startDate, -days),
            endDate: addDays(o.endDate, -days),
            // Created, paid and issued keep their order: a policy never shows as issued before it was paid.
            createdAt: shift(o.createdAt),
            expiresAt: shift(o.expiresAt),
            ...(o.paidAt ? { paidAt: shift(o.paidAt) } : {}),
          })
          .where(eq(orders.id, o.id));
        return { startDate, endDate };
      });
      return ok(result);
    },
  );

  /**
   * `POST /prod-api/dev/sweep`: one run of the sweep job now (expiry, settlement, refunds, the
   * cooling-off and renewal reminders), instead of waiting for ORDER_SWEEP_INTERVAL_S: with a
   * backdated policy, a story sees its reminder arrive. `ran` is false when another run was at it.
   */
  app.post(
    paths.devTools.sweep.route,
    {
      onRequest: app.authenticate,
      schema: { tags: ['dev'], response: { 200: okSchema(z.object({ ran: z.boolean() })) } },
    },
    async () => ok({ ran: await runSweep(app) }),
  );
};

export default devBackdateRoutes;
