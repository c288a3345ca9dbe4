import { z } from 'zod';
import type { PayCredentials } from './credentials.ts';
import { PayApiError, PayNotifyError, PayTransportError } from './pay-errors.ts';
import type {
  JsapiOrderInput,
  JsapiPayParams,
  NotifyHeaders,
  PayNotification,
  PaymentProvider,
  PayTransaction,
  RefundInput,
  RefundResult,
} from './payment-provider.ts';
import {
  authorizationHeader,
  decryptResource,
  isFreshTimestamp,
  nonceStr,
  paySignMessage,
  requestMessage,
  responseMessage,
  signMessage,
  unixSeconds,
  verifyMessage,
} from './wechatpay-crypto.ts';
import {
  ATTACH_MAX,
  DESCRIPTION_MAX,
  ErrorWireSchema,
  NotificationWireSchema,
  OUT_REFUND_NO,
  OUT_TRADE_NO,
  REFUND_REASON_MAX,
  RefundWireSchema,
  rfc3339Beijing,
  toPayTransaction,
  toRefundResult,
  TransactionWireSchema,
  WECHATPAY_HEADERS,
} from './wechatpay-wire.ts';

export interface WechatPayProviderOptions {
  /** API base URL, read on every call (the own simulator's port is known only once the server listens). */
  base: () => string;
  /** Read lazily on first use, so apps that never pay never load or generate keys. */
  credentials: () => PayCredentials;
  /** Path of the own simulator's cashier page, or null when talking to a real / remote WeChat Pay. */
  simulatorCashierPath?: string | null;
  now?: () => number;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const PrepaySchema = z.object({ prepay_id: z.string().min(1) });

const USER_AGENT = 'insure-h5 (WeChatPay-APIv3; Node.js)';

interface SignedAnswer {
  status: number;
  body: string;
}

/**
 * The WeChat Pay v3 client (merchant side): signs every request with the merchant key, verifies
 * every successful answer with the WeChat Pay public key, and opens notifications. The same code
 * runs against api.mch.weixin.qq.com and against the local simulator, which speaks the real protocol.
 */
export class WechatPayProvider implements PaymentProvider {
  readonly #opts: WechatPayProviderOptions;
  readonly #now: () => number;
  readonly #fetch: typeof fetch;

  constructor(opts: WechatPayProviderOptions) {
    this.#opts = opts;
    this.#now = opts.now ?? Date.now;
    this.#fetch = opts.fetch ?? fetch;
  }

  get #creds(): PayCredentials {
    return this.#opts.credentials();
  }

  async createJsapiOrder(input: JsapiOrderInput): Promise<{ prepayId: string }> {
    assertOutTradeNo(input.outTradeNo);
    if (!Number.isSafeInteger(input.amountFen) || input.amountFen < 1)
      throw new RangeError('amountFen must be an integer ≥ 1');
    if (!input.openid) throw new RangeError('openid is required');
    if (input.attach !== undefined && input.attach.length > ATTACH_MAX)
      throw new RangeError(`attach is limited to ${ATTACH_MAX} characters`);
    const { mchid, appid } = this.#creds;
    const body = {
      appid: input.appid ?? appid,
      mchid,
      description: [...input.description].slice(0, DESCRIPTION_MAX).join(''),
      out_trade_no: input.outTradeNo,
      time_expire: rfc3339Beijing(input.timeExpire),
      ...(input.attach ? { attach: input.attach } : {}),
      notify_url: input.notifyUrl,
      amount: { total: input.amountFen, currency: 'CNY' },
      payer: { openid: input.openid },
    };
    const answer = await this.#call('POST', '/v3/pay/transactions/jsapi', body);
    const { prepay_id } = parseAnswer(answer, PrepaySchema);
    return { prepayId: prepay_id };
  }

  buildPayParams(prepayId: string, opts: { appId?: string } = {}): JsapiPayParams {
    if (!prepayId || /[\s&=]/.test(prepayId)) throw new RangeError('invalid prepay id');
    const appId = opts.appId ?? this.#creds.appid;
    const timeStamp = unixSeconds(this.#now());
    const nonce = nonceStr(32);
    const pkg = `prepay_id=${prepayId}`;
    const paySign = signMessage(this.#creds.merchantKey, paySignMessage(appId, timeStamp, nonce, pkg));
    return { appId, timeStamp, nonceStr: nonce, package: pkg, signType: 'RSA', paySign };
  }

  parseNotify(headers: NotifyHeaders, rawBody: string | Buffer): PayNotification {
    const creds = this.#creds;
    const header = headerReader(headers);
    const timestamp = header(WECHATPAY_HEADERS.timestamp);
    const nonce = header(WECHATPAY_HEADERS.nonce);
    const signature = header(WECHATPAY_HEADERS.signature);
    const serial = header(WECHATPAY_HEADERS.serial);
    if (!timestamp || !nonce || !signature || !serial)
      throw new PayNotifyError('signature', 'Wechatpay-* headers missing');
    if (serial !== creds.platformPublicKeyId)
      throw new PayNotifyError('signature', `unknown Wechatpay-Serial ${serial}`);
    if (!verifyMessage(creds.platformPublicKey, responseMessage(timestamp, nonce, rawBody), signature)) {
      throw new PayNotifyError('signature', 'signature does not verify');
    }
    if (!isFreshTimestamp(timestamp, this.#now()))
      throw new PayNotifyError('stale', `timestamp ${timestamp} is more than 5 minutes off`);

    const outer = NotificationWireSchema.safeParse(safeJson(rawBody));
    if (!outer.success) throw new PayNotifyError('shape', 'not a WeChat Pay notification');
    const { resource } = outer.data;
    if (resource.original_type !== 'transaction')
      throw new PayNotifyError('shape', `unexpected resource type ${resource.original_type}`);
    let plaintext: string;
    try {
      plaintext = decryptResource(creds.apiV3Key, resource.ciphertext, resource.nonce, resource.associated_data ?? '');
    } catch {
      throw new PayNotifyError('decrypt', 'resource does not decrypt with the APIv3 key');
    }
    const tx = TransactionWireSchema.safeParse(safeJson(plaintext));
    if (!tx.success) throw new PayNotifyError('shape', 'decrypted resource is not a transaction');
    return {
      id: outer.data.id,
      createTime: outer.data.create_time,
      eventType: outer.data.event_type,
      summary: outer.data.summary,
      transaction: toPayTransaction(tx.data),
    };
  }

  assertTransactionMatches(
    tx: PayTransaction,
    expected: { outTradeNo: string; amountFen: number; appid?: string },
  ): void {
    const { mchid, appid } = this.#creds;
    const problems: string[] = [];
    if (tx.outTradeNo !== expected.outTradeNo) problems.push('out_trade_no');
    if (tx.amountTotal !== expected.amountFen) problems.push(`amount ${tx.amountTotal} ≠ ${expected.amountFen}`);
    if (tx.mchid !== mchid) problems.push('mchid');
    if (tx.appid !== (expected.appid ?? appid)) problems.push('appid');
    if (tx.currency !== 'CNY') problems.push('currency');
    if (problems.length)
      throw new PayNotifyError(
        'mismatch',
        `transaction does not match order ${expected.outTradeNo}: ${problems.join(', ')}`,
      );
  }

  async queryOrder(outTradeNo: string): Promise<PayTransaction> {
    assertOutTradeNo(outTradeNo);
    const answer = await this.#call(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(this.#creds.mchid)}`,
    );
    return toPayTransaction(parseAnswer(answer, TransactionWireSchema));
  }

  async closeOrder(outTradeNo: string): Promise<void> {
    assertOutTradeNo(outTradeNo);
    await this.#call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, {
      mchid: this.#creds.mchid,
    });
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    assertOutTradeNo(input.outTradeNo);
    if (!OUT_REFUND_NO.test(input.outRefundNo))
      throw new RangeError('outRefundNo must be 1–64 characters of [A-Za-z0-9_-|*@]');
    for (const [name, fen] of [
      ['refundFen', input.refundFen],
      ['totalFen', input.totalFen],
    ] as const) {
      if (!Number.isSafeInteger(fen) || fen < 1) throw new RangeError(`${name} must be an integer ≥ 1`);
    }
    const body = {
      out_trade_no: input.outTradeNo,
      out_refund_no: input.outRefundNo,
      ...(input.reason ? { reason: [...input.reason].slice(0, REFUND_REASON_MAX).join('') } : {}),
      ...(input.notifyUrl ? { notify_url: input.notifyUrl } : {}),
      amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
    };
    const answer = await this.#call('POST', '/v3/refund/domestic/refunds', body);
    return toRefundResult(parseAnswer(answer, RefundWireSchema));
  }

  async queryRefund(outRefundNo: string): Promise<RefundResult> {
    if (!OUT_REFUND_NO.test(outRefundNo))
      throw new RangeError('outRefundNo must be 1–64 characters of [A-Za-z0-9_-|*@]');
    const answer = await this.#call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`);
    return toRefundResult(parseAnswer(answer, RefundWireSchema));
  }

  simulatorCashierUrl(prepayId: string, returnUrl: string): string | null {
    const path = this.#opts.simulatorCashierPath;
    if (!path) return null;
    return `${path}?${new URLSearchParams({ prepay_id: prepayId, return: returnUrl }).toString()}`;
  }

  /** One signed request; a 2xx answer comes back only if its signature verifies. */
  async #call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<SignedAnswer> {
    const creds = this.#creds;
    const base = this.#opts.base().replace(/\/+$/, '');
    const url = new URL(base + path);
    // WeChat signs the path as sent, starting at /v3; a base with a path (the simulator's
    // /wx-sim/pay) is where the API is mounted, not part of the canonical URL.
    const signedPath = url.pathname.slice(new URL(base).pathname.replace(/\/+$/, '').length) + url.search;
    const bodyText = body === undefined ? '' : JSON.stringify(body);
    const timestamp = unixSeconds(this.#now());
    const nonce = nonceStr(32);
    const signature = signMessage(creds.merchantKey, requestMessage(method, signedPath, timestamp, nonce, bodyText));
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': USER_AGENT,
      Authorization: authorizationHeader({
        mchid: creds.mchid,
        nonce_str: nonce,
        signature,
        timestamp,
        serial_no: creds.merchantSerial,
      }),
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    let res: Response;
    let text: string;
    try {
      res = await this.#fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : bodyText,
        signal: AbortSignal.timeout(this.#opts.timeoutMs ?? 10_000),
      });
      text = await res.text();
    } catch (error) {
      throw new PayTransportError('network', `${method} ${path}: ${(error as Error).message}`);
    }
    if (res.status < 200 || res.status > 299) throw apiError(res.status, text);
    this.#verifyAnswer(res.headers, text, `${method} ${path}`);
    return { status: res.status, body: text };
  }

  /**
   * Successful answers must carry a valid platform signature: an unsigned "200" could come from
   * anything between us and WeChat. Error answers are not trusted either way, only reported.
   */
  #verifyAnswer(headers: Headers, body: string, what: string): void {
    const timestamp = headers.get(WECHATPAY_HEADERS.timestamp);
    const nonce = headers.get(WECHATPAY_HEADERS.nonce);
    const signature = headers.get(WECHATPAY_HEADERS.signature);
    const serial = headers.get(WECHATPAY_HEADERS.serial);
    if (!timestamp || !nonce || !signature || !serial)
      throw new PayTransportError('unsigned', `${what}: answer without Wechatpay-* signature headers`);
    const creds = this.#creds;
    if (
      serial !== creds.platformPublicKeyId ||
      !verifyMessage(creds.platformPublicKey, responseMessage(timestamp, nonce, body), signature)
    ) {
      throw new PayTransportError('signature', `${what}: answer signature does not verify`);
    }
    if (!isFreshTimestamp(timestamp, this.#now()))
      throw new PayTransportError('stale', `${what}: answer timestamp ${timestamp} is more than 5 minutes off`);
  }
}

function assertOutTradeNo(outTradeNo: string): void {
  if (!OUT_TRADE_NO.test(outTradeNo)) throw new RangeError('outTradeNo must be 6–32 characters of [A-Za-z0-9_-|*]');
}

function safeJson(text: string | Buffer): unknown {
  try {
    return JSON.parse(typeof text === 'string' ? text : text.toString('utf8'));
  } catch {
    return undefined;
  }
}

function parseAnswer<T extends z.ZodType>(answer: SignedAnswer, schema: T): z.output<T> {
  const parsed = schema.safeParse(safeJson(answer.body));
  if (!parsed.success) throw new PayTransportError('malformed', `unexpected answer: ${answer.body.slice(0, 200)}`);
  return parsed.data;
}

function apiError(status: number, text: string): PayApiError {
  const parsed = ErrorWireSchema.safeParse(safeJson(text));
  return parsed.success
    ? new PayApiError(status, parsed.data.code, parsed.data.message ?? '')
    : new PayApiError(status, `HTTP_${status}`, text.slice(0, 200));
}

/** Header lookup that ignores case and takes the first of repeated headers. */
function headerReader(headers: NotifyHeaders): (name: string) => string | undefined {
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]));
  return (name) => lower.get(name)?.trim() || undefined;
}
