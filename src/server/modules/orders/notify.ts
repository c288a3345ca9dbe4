import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as paths from '#shared/api-paths.ts';
import { databaseTrouble } from '../../db/unavailable.ts';
import { PayNotifyError } from '../../providers/pay/index.ts';
import { findOrderByNo } from './order-repository.ts';
import { auditPayment } from './pay-audit.ts';
import { settlePaid } from './settle.ts';

/** Notifications are small; anything bigger is not from WeChat Pay. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

/** WeChat Pay reads the HTTP status: 2xx done, 4xx/5xx with `{code:'FAIL', message}` means "retry". */
const fail = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).send({ code: 'FAIL', message });

async function handle(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const pay = app.providers.pay;
  let notification;
  try {
    notification = pay.parseNotify(request.headers, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
  } catch (error) {
    if (!(error instanceof PayNotifyError)) throw error;
    await auditPayment(app, 'pay_notify_refused', { detail: { reason: error.reason } }, request);
    return fail(reply, 400, `通知验证失败（${error.reason}）`);
  }
  const tx = notification.transaction;
  // Only payments concern orders; other events are acknowledged so WeChat stops sending them.
  if (notification.eventType !== 'TRANSACTION.SUCCESS' || tx.tradeState !== 'SUCCESS') return reply.code(204).send();

  const order = await findOrderByNo(app.db, tx.outTradeNo);
  if (!order) {
    await auditPayment(
      app,
      'pay_notify_refused',
      { subject: tx.outTradeNo, detail: { reason: 'unknown_order' } },
      request,
    );
    return fail(reply, 400, '订单不存在');
  }
  try {
    pay.assertTransactionMatches(tx, {
      outTradeNo: order.orderNo,
      amountFen: order.premiumFen,
      appid: order.prepayAppId ?? undefined,
    });
  } catch (error) {
    if (!(error instanceof PayNotifyError)) throw error;
    await auditPayment(
      app,
      'pay_notify_refused',
      {
        memberId: order.memberId,
        subject: order.orderNo,
        detail: { reason: error.reason, amountFen: tx.amountTotal ?? null, expectedFen: order.premiumFen },
      },
      request,
    );
    return fail(reply, 400, '通知与订单不符');
  }
  if (order.status === 'paid') return reply.code(204).send();
  if (order.status !== 'unpaid') {
    // Closing at WeChat comes first, so this should not happen; if it does, money needs a person.
    await auditPayment(
      app,
      'pay_notify_closed_order',
      {
        memberId: order.memberId,
        subject: order.orderNo,
        detail: { status: order.status, transactionId: tx.transactionId ?? null, amountFen: tx.amountTotal ?? null },
      },
      request,
    );
    return reply.code(204).send();
  }
  await settlePaid(app, order.id, tx, 'notify');
  return reply.code(204).send();
}

/**
 * `POST /prod-api/app-api/v1/pay/notify` (no token): WeChat Pay's payment notification. The raw
 * body is kept as bytes in this scope only, because the signature covers them exactly.
 */
export const notifyRoute: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  // Errors here answer in WeChat's shape, not the product's envelope.
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    // The database in trouble: WeChat Pay retries later, and the payment query job asks meanwhile.
    const trouble = databaseTrouble(error);
    if (trouble) {
      app.databaseOutage.failed(trouble, error);
      return fail(reply, 503, '系统繁忙');
    }
    const status = error.statusCode && error.statusCode < 500 ? 400 : 500;
    if (status === 500) request.log.error({ err: error }, 'payment notification failed');
    return fail(reply, status, status === 500 ? '系统繁忙' : '请求无效');
  });
  app.post(paths.order.payNotify.route, { schema: { hide: true } }, (request, reply) => handle(app, request, reply));
};
