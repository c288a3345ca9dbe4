import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { PAY_SIMULATOR_BASE } from '../../lib/site-paths.ts';
import {
  AUTH_SCHEME,
  isFreshTimestamp,
  nonceStr,
  parseAuthorization,
  requestMessage,
  responseMessage,
  signMessage,
  unixSeconds,
  verifyMessage,
} from '../../providers/pay/wechatpay-crypto.ts';
import type { PaySimulatorKeys } from './keys.ts';
import { SimPayError } from './ledger.ts';
import type { PaySimulator } from './simulator.ts';

/**
 * The WeChat Pay v3 server API of the simulator, with the real protocol: every request must carry
 * a valid merchant Authorization (else 401 SIGN_ERROR), every answer (errors too) is signed with
 * the platform key in Wechatpay-* headers.
 */
export function payApiRoutes(sim: () => PaySimulator): FastifyPluginAsync {
  return async (api) => {
    const now = () => sim().now();
    // Signatures cover the body as sent, so keep the raw text next to the parsed JSON.
    const rawBodies = new WeakMap<FastifyRequest, string>();
    api.removeContentTypeParser('application/json');
    api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      rawBodies.set(request, body as string);
      try {
        done(null, body === '' ? undefined : JSON.parse(body as string));
      } catch {
        done(new SimPayError(400, 'PARAM_ERROR', '请求体不是合法的 JSON'), undefined);
      }
    });

    api.addHook('preHandler', async (request) => {
      verifyMerchant(request, rawBodies.get(request) ?? '', sim().keys, now());
    });

    api.addHook('onSend', async (_request, reply, payload) => {
      const body = payload == null ? '' : typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
      if (body === null) return payload;
      const { keys } = sim();
      const timestamp = unixSeconds(now());
      const nonce = nonceStr(32);
      reply.header('Wechatpay-Timestamp', timestamp);
      reply.header('Wechatpay-Nonce', nonce);
      reply.header(
        'Wechatpay-Signature',
        signMessage(keys.platformPrivateKey, responseMessage(timestamp, nonce, body)),
      );
      reply.header('Wechatpay-Serial', keys.platformPublicKeyId);
      reply.header('Wechatpay-Signature-Type', AUTH_SCHEME);
      reply.header('Request-ID', randomUUID());
      return payload;
    });

    api.post('/v3/pay/transactions/jsapi', async (request) => sim().ledger.createJsapi(request.body, now()));

    api.get('/v3/pay/transactions/out-trade-no/:outTradeNo', async (request) => {
      const { outTradeNo } = request.params as { outTradeNo: string };
      const { mchid } = request.query as { mchid?: string };
      const { ledger } = sim();
      return ledger.wire(ledger.get(outTradeNo, mchid));
    });

    api.post('/v3/pay/transactions/out-trade-no/:outTradeNo/close', async (request, reply) => {
      const { outTradeNo } = request.params as { outTradeNo: string };
      sim().ledger.close(outTradeNo, (request.body as { mchid?: string } | undefined)?.mchid);
      return reply.code(204).send();
    });

    api.post('/v3/refund/domestic/refunds', async (request) => sim().ledger.refund(request.body, now()));

    api.get('/v3/refund/domestic/refunds/:outRefundNo', async (request) =>
      sim().ledger.findRefund((request.params as { outRefundNo: string }).outRefundNo),
    );
  };
}

/** Checks the merchant's Authorization header as WeChat does; 401 SIGN_ERROR otherwise. */
function verifyMerchant(request: FastifyRequest, rawBody: string, keys: PaySimulatorKeys, nowMs: number): void {
  const auth = parseAuthorization(request.headers.authorization);
  const refuse = (why: string) => {
    throw new SimPayError(401, 'SIGN_ERROR', `签名错误：${why}`);
  };
  if (!auth) return refuse(`缺少 ${AUTH_SCHEME} 认证信息`);
  if (auth.mchid !== keys.mchid) return refuse('商户号与证书不匹配');
  if (auth.serial_no.toUpperCase() !== keys.merchantSerial.toUpperCase()) return refuse('商户证书序列号不正确');
  if (!isFreshTimestamp(auth.timestamp, nowMs)) return refuse('请求时间戳与当前时间相差超过 5 分钟');
  // The canonical URL starts at /v3: where the simulator is mounted is not part of it.
  const url = request.url.startsWith(PAY_SIMULATOR_BASE) ? request.url.slice(PAY_SIMULATOR_BASE.length) : request.url;
  const message = requestMessage(request.method, url, auth.timestamp, auth.nonce_str, rawBody);
  if (!verifyMessage(keys.merchantPublicKey, message, auth.signature))
    refuse('请检查签名参数和方法是否都符合签名算法要求');
}
