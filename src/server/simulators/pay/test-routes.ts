import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NOTIFY_TAMPERS } from './notifier.ts';
import type { PaySimulator } from './simulator.ts';

const Delivery = z.object({ status: z.number(), body: z.string(), error: z.string().optional() });

/**
 * Shortcuts for tests and Playwright stories (the whole simulator is off in production):
 * - `POST /wx-sim/pay/test/pay {prepayId, lost?}` pays as the cashier's 确认支付 does and answers what the
 *   notify receiver said to the first attempt (retries follow as usual); `lost: true` sends no
 *   notification at all, as when every attempt met an outage;
 * - `POST /wx-sim/pay/test/trade-state {outTradeNo, state}`: an unpaid order is USERPAYING,
 *   PAYERROR or NOTPAY again, as a query then answers;
 * - `POST /wx-sim/pay/test/notify {outTradeNo, tamper?}` sends the notification of a paid order once
 *   more, genuine or forged (`signature`: wrong signature, `amount`: validly signed but 1 fen, or 2 fen
 *   when the order is 1 fen, `stale`: signed 10 minutes ago), and answers the receiver's reply;
 * - `POST /wx-sim/pay/test/refund-mode {mode}`: later refunds end at once or stay PROCESSING;
 * - `POST /wx-sim/pay/test/refund-complete {outRefundNo, status}`: a PROCESSING refund ends.
 */
export function testRoutes(sim: () => PaySimulator): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/test/pay',
      {
        schema: {
          body: z.object({ prepayId: z.string().min(1), lost: z.boolean().optional() }),
          response: { 200: z.object({ outTradeNo: z.string(), transactionId: z.string(), notify: Delivery }) },
        },
      },
      async (request) => {
        const { tx, notify } = await sim().payAndNotify(request.body.prepayId, { lost: request.body.lost });
        return { outTradeNo: tx.outTradeNo, transactionId: tx.transactionId!, notify };
      },
    );

    app.post(
      '/test/trade-state',
      {
        schema: {
          body: z.object({ outTradeNo: z.string().min(1), state: z.enum(['USERPAYING', 'PAYERROR', 'NOTPAY']) }),
          response: { 200: z.object({ state: z.string() }) },
        },
      },
      async (request) => ({ state: sim().ledger.setPending(request.body.outTradeNo, request.body.state).tradeState }),
    );

    app.post(
      '/test/notify',
      {
        schema: {
          body: z.object({ outTradeNo: z.string().min(1), tamper: z.enum(NOTIFY_TAMPERS).optional() }),
          response: { 200: z.object({ notify: Delivery }) },
        },
      },
      async (request) => ({ notify: await sim().resend(request.body.outTradeNo, request.body.tamper) }),
    );

    app.post(
      '/test/refund-mode',
      {
        schema: {
          body: z.object({ mode: z.enum(['instant', 'processing']) }),
          response: { 200: z.object({ mode: z.string() }) },
        },
      },
      async (request) => {
        sim().ledger.refundMode = request.body.mode;
        return { mode: request.body.mode };
      },
    );

    app.post(
      '/test/refund-complete',
      {
        schema: {
          body: z.object({ outRefundNo: z.string().min(1), status: z.enum(['SUCCESS', 'ABNORMAL']) }),
          response: { 200: z.object({ status: z.string() }) },
        },
      },
      async (request) => ({
        status: sim().ledger.completeRefund(request.body.outRefundNo, request.body.status, Date.now()).status,
      }),
    );
  };
}
