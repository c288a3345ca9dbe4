import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as paths from '#shared/api-paths.ts';
import type { PayAnswer, PayInput } from '#shared/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import { listeningUrl } from '../../lib/own-url.ts';
import { PayApiError, PayNotifyError, toChooseWXPayParams, type PayTransaction } from '../../providers/pay/index.ts';
import { claimQuery, findOwnOrder, markClosed, memberOpenid, savePrepay, type OrderRow } from './order-repository.ts';
import { auditPayment } from './pay-audit.ts';
import { orderNotFound } from './params.ts';
import { settlePaid } from './settle.ts';
import { recordEvent } from './trail.ts';

/**
 * Paying an order through WeChat Pay v3 JSAPI (docs/domain.md#wechat-pay-v3): prepay with the member's openid,
 * signed parameters for the H5, and the server-side ways an order learns it was paid (query) or
 * must close (cancel, expiry). The browser's "ok" proves nothing; see notify.ts for the notification.
 */

const NOTIFY_PATH = paths.order.payNotify.route;
/** Status polls ask WeChat Pay at most this often per order. */
export const QUERY_MIN_INTERVAL_MS = 3000;

/** True when payments go to this server's own simulator (its cashier page exists). */
export function usesOwnSimulator(app: FastifyInstance): boolean {
  return app.providers.pay.simulatorCashierUrl('probe', '') !== null;
}

/** Where WeChat Pay posts results: configured, else this server (simulator) or PUBLIC_URL. */
export function notifyUrl(app: FastifyInstance): string {
  const { config } = app;
  if (config.WECHAT_PAY_NOTIFY_URL) return config.WECHAT_PAY_NOTIFY_URL;
  const own = usesOwnSimulator(app) ? listeningUrl(app.server) : null;
  if (own) return `${own}${NOTIFY_PATH}`;
  if (config.PUBLIC_URL) return `${config.PUBLIC_URL.replace(/\/+$/, '')}${NOTIFY_PATH}`;
  app.log.error('WeChat Pay needs a notify URL: set PUBLIC_URL or WECHAT_PAY_NOTIFY_URL');
  throw new AppError('B0100', 'orders.payUnavailable');
}

/**
 * The payer's openid under the pay app: kept from the first prepay (WeChat binds an out_trade_no
 * to its parameters), else the member's WeChat web sign-in. A member without one (a password
 * account outside WeChat) gets a stable simulator openid only while the simulator takes payments.
 */
async function payerOpenid(app: FastifyInstance, order: OrderRow): Promise<string> {
  if (order.payerOpenid) return order.payerOpenid;
  const openid = await memberOpenid(app.db, order.memberId, app.config.wechatPayAppId);
  if (openid) return openid;
  if (usesOwnSimulator(app)) return `osim_member_${order.memberId}`;
  throw new AppError('A0450', 'orders.wechatSignInToPay');
}

const closedMessage = (order: OrderRow) => (order.status === 'paid' ? 'orders.alreadyPaid' : 'orders.closed');

/** A transaction WeChat reports for this order: paid, and for our amount, merchant and app. */
export async function settleReported(app: FastifyInstance, order: OrderRow, payment: PayTransaction): Promise<boolean> {
  if (payment.tradeState !== 'SUCCESS') return false;
  try {
    app.providers.pay.assertTransactionMatches(payment, {
      outTradeNo: order.orderNo,
      amountFen: order.premiumFen,
      appid: order.prepayAppId ?? undefined,
    });
  } catch (error) {
    if (!(error instanceof PayNotifyError)) throw error;
    await auditPayment(app, 'pay_query_mismatch', {
      memberId: order.memberId,
      subject: order.orderNo,
      detail: { reason: error.message },
    });
    return false;
  }
  await settlePaid(app, order.id, payment, 'query');
  return true;
}

/**
 * Closes an unpaid order (cancel or expiry): first at WeChat Pay, so it can no longer be paid; if
 * WeChat says it was paid meanwhile, it is settled as paid instead. Transport failures propagate
 * (the order stays unpaid and is tried again).
 */
export async function closeUnpaid(
  app: FastifyInstance,
  order: OrderRow,
  status: 'cancelled' | 'expired',
): Promise<'cancelled' | 'expired' | 'paid' | 'unchanged'> {
  const pay = app.providers.pay;
  if (order.prepayId) {
    try {
      await pay.closeOrder(order.orderNo);
    } catch (error) {
      if (error instanceof PayApiError && error.wechatCode === 'ORDERPAID') {
        return (await settleReported(app, order, await pay.queryOrder(order.orderNo))) ? 'paid' : 'unchanged';
      }
      // Never placed at WeChat (the prepay call failed): nothing to close there.
      if (!(error instanceof PayApiError && error.wechatCode === 'ORDER_NOT_EXIST')) throw error;
    }
  }
  return (await markClosed(app.db, order.id, status, new Date())) ? status : 'unchanged';
}

/**
 * Brings an unpaid order up to date for a reader: closes it when its time is up, and asks WeChat
 * Pay (at most every few seconds) whether a started payment went through. Never fails the read.
 */
export async function refreshUnpaid(
  app: FastifyInstance,
  order: OrderRow,
  opts: { query?: boolean } = {},
): Promise<void> {
  if (order.status !== 'unpaid') return;
  const now = new Date();
  try {
    if (order.expiresAt <= now) {
      await closeUnpaid(app, order, 'expired');
      return;
    }
    if (!opts.query || !order.prepayId) return;
    if (!(await claimQuery(app.db, order.id, now, QUERY_MIN_INTERVAL_MS))) return;
    await settleReported(app, order, await app.providers.pay.queryOrder(order.orderNo));
  } catch (error) {
    app.log.warn({ err: error, orderNo: order.orderNo }, 'unpaid order not refreshed');
  }
}

/** `POST /order/{id}/pay`: prepay at WeChat Pay and the signed parameters for the pay sheet. */
export async function startPayment(
  app: FastifyInstance,
  memberId: number,
  orderId: number,
  input: PayInput,
  request?: FastifyRequest,
): Promise<PayAnswer> {
  const found = await findOwnOrder(app.db, memberId, orderId);
  if (!found) throw orderNotFound();
  const { order } = found;
  if (order.status === 'unpaid' && order.expiresAt <= new Date()) {
    await refreshUnpaid(app, order);
    throw new AppError('A0409', 'orders.expired');
  }
  if (order.status !== 'unpaid') throw new AppError('A0409', closedMessage(order));
  // WeChat Pay takes at least 1 fen; a free order would be a pricing mistake, not a sale.
  if (order.premiumFen < 1) throw new AppError('A0420', 'orders.wrongAmount');

  const pay = app.providers.pay;
  const openid = await payerOpenid(app, order);
  const appId = order.prepayAppId ?? app.config.wechatPayAppId;
  let prepayId: string;
  try {
    ({ prepayId } = await pay.createJsapiOrder({
      outTradeNo: order.orderNo,
      description: `${order.productName} ${order.planName}`,
      amountFen: order.premiumFen,
      openid,
      notifyUrl: notifyUrl(app),
      timeExpire: order.expiresAt,
      appid: appId,
    }));
  } catch (error) {
    if (error instanceof PayApiError && error.wechatCode === 'ORDERPAID') {
      await settleReported(app, order, await pay.queryOrder(order.orderNo));
      throw new AppError('A0409', 'orders.alreadyPaid');
    }
    if (error instanceof PayApiError && error.wechatCode === 'ORDER_CLOSED') {
      await markClosed(app.db, order.id, 'expired', new Date());
      throw new AppError('A0409', 'orders.closed');
    }
    throw error;
  }
  await savePrepay(app.db, order.id, { prepayId, prepayAppId: appId, payerOpenid: openid });
  await recordEvent(
    app.db,
    {
      memberId,
      orderId: order.id,
      draftId: order.draftId,
      versionId: order.versionId,
      type: 'pay_start',
      detail: { amountFen: order.premiumFen },
    },
    request,
  );
  const payParams = pay.buildPayParams(prepayId, { appId });
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    amountFen: order.premiumFen,
    expiresAt: order.expiresAt.toISOString(),
    payParams,
    chooseWXPay: toChooseWXPayParams(payParams),
    cashierUrl: pay.simulatorCashierUrl(prepayId, input.returnUrl ?? ''),
  };
}
