import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { PAY_SIMULATOR_BASE } from '../../lib/site-paths.ts';
import { renderCashier, renderMessage } from './cashier-page.ts';
import { SimPayError } from './ledger.ts';
import type { PaySimulator } from './simulator.ts';

/** Query parameter the cashier adds to the return URL: `ok` after paying, `cancel` after 取消. */
export const RESULT_PARAM = 'wxpay_result';

/**
 * The return URL must be http(s) on the host the cashier was opened on: anything else would make
 * the cashier an open redirect. Undefined when absent, null when refused.
 */
export function checkReturnUrl(value: unknown, requestHost: string): string | undefined | null {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  let own: string;
  try {
    // Normalised the same way (case, default port of the return URL's scheme).
    own = new URL(`${url.protocol}//${requestHost}`).host;
  } catch {
    return null;
  }
  return url.host === own && !url.username && !url.password ? url.toString() : null;
}

function withResult(returnUrl: string, result: 'ok' | 'cancel'): string {
  const url = new URL(returnUrl);
  url.searchParams.set(RESULT_PARAM, result);
  return url.toString();
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);
}

/**
 * `GET /wx-sim/pay/cashier?prepay_id=…&return=<url>`: the page the H5 opens outside WeChat in place
 * of the WeChat pay sheet. 确认支付 pays (the order becomes SUCCESS and the notification goes to
 * notify_url before the browser returns), 取消 goes back unpaid; both come back to `return` with
 * `wxpay_result=ok|cancel` added to its query.
 */
export function cashierRoutes(getSim: () => PaySimulator): FastifyPluginAsync {
  return async (app) => {
    app.get('/cashier', async (request, reply) => {
      const q = request.query as Record<string, unknown>;
      const returnUrl = checkReturnUrl(q.return, request.host);
      if (returnUrl === null)
        return html(reply, 400, renderMessage('返回地址无效', '返回地址必须是本站的 http(s) 地址。'));
      const prepayId = typeof q.prepay_id === 'string' ? q.prepay_id : '';
      const sim = getSim();
      try {
        const tx = sim.ledger.payable(prepayId, sim.now());
        return html(
          reply,
          200,
          renderCashier({
            merchantName: sim.merchantName,
            description: tx.description,
            amountFen: tx.total,
            outTradeNo: tx.outTradeNo,
            prepayId,
            returnUrl,
            action: `${PAY_SIMULATOR_BASE}/cashier`,
          }),
        );
      } catch (error) {
        return refused(reply, error, returnUrl);
      }
    });

    app.post('/cashier', async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, unknown>;
      const returnUrl = checkReturnUrl(form.return, request.host);
      if (returnUrl === null)
        return html(reply, 400, renderMessage('返回地址无效', '返回地址必须是本站的 http(s) 地址。'));
      const prepayId = typeof form.prepay_id === 'string' ? form.prepay_id : '';
      if (form.action === 'cancel') {
        return returnUrl
          ? reply.redirect(withResult(returnUrl, 'cancel'), 303)
          : html(reply, 200, renderMessage('已取消支付', '订单未支付，可返回商户重新发起支付。'));
      }
      try {
        const { notify } = await getSim().payAndNotify(prepayId);
        if (notify.status < 200 || notify.status > 299)
          request.log.warn({ status: notify.status }, 'pay simulator: notification not accepted, retrying');
        return returnUrl
          ? reply.redirect(withResult(returnUrl, 'ok'), 303)
          : html(reply, 200, renderMessage('支付成功', '商户将收到支付结果通知。'));
      } catch (error) {
        return refused(reply, error, returnUrl);
      }
    });
  };
}

function refused(reply: FastifyReply, error: unknown, returnUrl: string | undefined) {
  if (!(error instanceof SimPayError)) throw error;
  const title = error.code === 'ORDERPAID' ? '订单已支付' : error.status === 404 ? '支付单不存在' : '无法支付';
  return html(reply, error.status === 404 ? 404 : 409, renderMessage(title, error.message, returnUrl));
}
