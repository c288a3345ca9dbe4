/**
 * WeChat Pay API v3, JSAPI payment (公众号支付): what the product needs from it (docs/domain.md#wechat-pay-v3).
 *
 * How one payment goes, and who does what:
 * 1. Order module: `createJsapiOrder(...)` at WeChat → `prepayId` (valid about 2 hours; keep it with
 *    the order and ask again with the same parameters for a fresh one; after `timeExpire`, close
 *    the order and use a new out_trade_no).
 * 2. Order module: `buildPayParams(prepayId)` → answers `{appId, timeStamp, nonceStr, package,
 *    signType, paySign}` to the H5. The signature is made here, on the server, with the merchant key.
 * 3. H5, inside WeChat: after `wx.config` (jsApiList with 'chooseWXPay') and in `wx.ready`, calls
 *    `wx.chooseWXPay({...toChooseWXPayParams(params), success, cancel, fail})`, or without wx.config
 *    `WeixinJSBridge.invoke('getBrandWCPayRequest', params, cb)` with the camelCase params as they are.
 *    Outside WeChat with the local simulator, the H5 opens `simulatorCashierUrl(prepayId, returnUrl)`
 *    (a page that pays or cancels, then comes back with `wxpay_result=ok|cancel` in the query).
 *    Either way the browser's "ok" proves nothing (docs/decisions/payment-confirmation.md): the H5 then asks the server,
 *    which waits for the notification or calls `queryOrder`.
 * 4. WeChat → the product's notify route: `parseNotify(headers, rawBody)` (signature, freshness,
 *    decryption), then `assertTransactionMatches(tx, order)`, then mark the order paid exactly once
 *    (duplicates are normal); answer 204 when handled, 4xx on PayNotifyError so WeChat retries.
 * 5. No notification yet or state unknown: `queryOrder`. Abandoned order: `closeOrder`. Money back: `refund`.
 */

export type TradeState = 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';
export const TRADE_STATES = [
  'SUCCESS',
  'REFUND',
  'NOTPAY',
  'CLOSED',
  'REVOKED',
  'USERPAYING',
  'PAYERROR',
] as const satisfies readonly TradeState[];

export type RefundStatus = 'SUCCESS' | 'CLOSED' | 'PROCESSING' | 'ABNORMAL';

export interface JsapiOrderInput {
  /** 6–32 characters of `[A-Za-z0-9_-|*]`, unique per merchant. */
  outTradeNo: string;
  /** Shown in the payer's WeChat bill; cut to 127 characters. */
  description: string;
  /** Integer fen, ≥ 1. */
  amountFen: number;
  /** Payer's openid under `appid` (the official account's by default). */
  openid: string;
  /** Where WeChat POSTs the result: HTTPS at WeChat, no query string. */
  notifyUrl: string;
  /** Last moment the order can be paid (sent as RFC 3339 in Beijing time). */
  timeExpire: Date;
  /** Echoed back in query and notification; at most 128 characters. */
  attach?: string;
  /** App id the openid belongs to; default WECHAT_PAY_APPID (itself defaulting to the official account). */
  appid?: string;
}

/** Parameters for `WeixinJSBridge.invoke('getBrandWCPayRequest', …)`, as signed. */
export interface JsapiPayParams {
  appId: string;
  /** Unix seconds, as a string. */
  timeStamp: string;
  nonceStr: string;
  /** `prepay_id=…` */
  package: string;
  signType: 'RSA';
  /** base64(SHA256withRSA(merchant key, "appId\ntimeStamp\nnonceStr\npackage\n")) */
  paySign: string;
}

/** Parameters for `wx.chooseWXPay` of the JS-SDK. */
export interface ChooseWXPayParams {
  timestamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/**
 * `wx.chooseWXPay` wants `timestamp` in LOWER case, while the signature was made over `timeStamp`
 * (camelCase, as getBrandWCPayRequest takes it) and includes `appId`, which chooseWXPay takes from
 * `wx.config` instead. Passing `timeStamp` to chooseWXPay, or signing with another appId than the one
 * in wx.config, makes WeChat answer "支付验证签名失败" (docs/domain.md#js-sdk; easywechat#1171, #1484).
 * The values are the same: only the key's casing and the absent appId differ.
 */
export function toChooseWXPayParams(params: JsapiPayParams): ChooseWXPayParams {
  return {
    timestamp: params.timeStamp,
    nonceStr: params.nonceStr,
    package: params.package,
    signType: params.signType,
    paySign: params.paySign,
  };
}

/**
 * A transaction as WeChat reports it (query answer or decrypted notification). Fields WeChat sends
 * only for paid transactions are optional here.
 */
export interface PayTransaction {
  appid: string;
  mchid: string;
  outTradeNo: string;
  tradeState: TradeState;
  tradeStateDesc?: string;
  /** WeChat's transaction number (present once paid). */
  transactionId?: string;
  /** RFC 3339 (e.g. 2026-01-02T10:00:00+08:00), present once paid. */
  successTime?: string;
  payerOpenid?: string;
  /** Order amount in fen (WeChat leaves it out when querying an unpaid order). */
  amountTotal?: number;
  /** What the payer actually paid in fen (less than total with coupons); present once paid. */
  payerTotal?: number;
  currency: string;
  attach?: string;
}

export interface PayNotification {
  /** Notification id: the same for every retry of one event. */
  id: string;
  createTime: string;
  /** `TRANSACTION.SUCCESS` for payments. */
  eventType: string;
  summary?: string;
  transaction: PayTransaction;
}

export interface RefundInput {
  outTradeNo: string;
  /** The idempotency key: the same out_refund_no refunds only once. 1–64 characters of `[A-Za-z0-9_-|*@]`. */
  outRefundNo: string;
  /** Shown to the payer; at most 80 characters. */
  reason?: string;
  refundFen: number;
  /** The original order's total in fen (WeChat checks it). */
  totalFen: number;
  notifyUrl?: string;
}

export interface RefundResult {
  refundId: string;
  outRefundNo: string;
  outTradeNo: string;
  transactionId: string;
  status: RefundStatus;
  refundFen: number;
  totalFen: number;
  createTime: string;
  successTime?: string;
}

/** Raw request headers as Node/Fastify give them (names in any case). */
export type NotifyHeaders = Record<string, string | string[] | undefined>;

export interface PaymentProvider {
  /** Places the order at WeChat; throws PayApiError (WeChat said no) or PayTransportError. */
  createJsapiOrder(input: JsapiOrderInput): Promise<{ prepayId: string }>;
  /** Signs the parameters the H5 hands to WeChat; `appId` must be the one the order was created with. */
  buildPayParams(prepayId: string, opts?: { appId?: string }): JsapiPayParams;
  /**
   * Checks and opens a payment notification: Wechatpay-Serial must be our WeChat Pay public key id,
   * the signature over "ts\nnonce\nrawBody\n" must verify, the timestamp must be within 5 minutes,
   * the resource must decrypt (AES-256-GCM, APIv3 key). Throws PayNotifyError otherwise.
   * Pass the body exactly as received (a string or the raw bytes), never re-serialised JSON.
   */
  parseNotify(headers: NotifyHeaders, rawBody: string | Buffer): PayNotification;
  /**
   * Throws PayNotifyError('mismatch') unless the transaction is for this order number and amount and
   * was made with our mchid and the expected appid (default WECHAT_PAY_APPID).
   */
  assertTransactionMatches(
    tx: PayTransaction,
    expected: { outTradeNo: string; amountFen: number; appid?: string },
  ): void;
  /** WeChat's view of the order; PayApiError with wechatCode 'ORDER_NOT_EXIST' when WeChat has none. */
  queryOrder(outTradeNo: string): Promise<PayTransaction>;
  /** Closes an unpaid order so it can no longer be paid. */
  closeOrder(outTradeNo: string): Promise<void>;
  /** Refunds (part of) a paid order; repeating the same outRefundNo answers the same refund. */
  refund(input: RefundInput): Promise<RefundResult>;
  /** A refund's state now (a refund to a bank card stays PROCESSING for a while). */
  queryRefund(outRefundNo: string): Promise<RefundResult>;
  /**
   * Path of the local simulator's cashier page (same origin as the product) for the H5 outside
   * WeChat, or null when the provider talks to a real (or remote) WeChat Pay.
   */
  simulatorCashierUrl(prepayId: string, returnUrl: string): string | null;
}
