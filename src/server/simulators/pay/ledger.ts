import { randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import type { TradeState } from '../../providers/pay/payment-provider.ts';
import {
  ATTACH_MAX,
  DESCRIPTION_MAX,
  OUT_REFUND_NO,
  OUT_TRADE_NO,
  REFUND_REASON_MAX,
  RFC3339,
  rfc3339Beijing,
  type RefundWire,
  type TransactionWire,
} from '../../providers/pay/wechatpay-wire.ts';

/** An error answer of the simulated WeChat Pay: HTTP status and `{code, message}`. */
export class SimPayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SimPayError';
  }
}

/** WeChat keeps a prepay_id usable for 2 hours. */
export const PREPAY_TTL_MS = 2 * 3600_000;

const TRADE_STATE_DESC: Record<TradeState, string> = {
  SUCCESS: '支付成功',
  REFUND: '转入退款',
  NOTPAY: '订单未支付',
  CLOSED: '订单已关闭',
  REVOKED: '已撤销',
  USERPAYING: '用户支付中',
  PAYERROR: '支付失败',
};

const NotifyUrl = z
  .url({ protocol: /^https?$/ })
  .max(256)
  .refine((u) => !u.includes('?'), 'notify_url 不能携带参数');

const JsapiBodySchema = z.object({
  appid: z.string().min(1).max(32),
  mchid: z.string().min(1).max(32),
  description: z
    .string()
    .min(1)
    .refine((d) => [...d].length <= DESCRIPTION_MAX, `长度不能超过 ${DESCRIPTION_MAX}`),
  out_trade_no: z.string().regex(OUT_TRADE_NO, '6–32 位数字、大小写字母或 _-|*'),
  time_expire: z
    .string()
    .regex(RFC3339, '须为 RFC 3339 格式')
    .refine((t) => !Number.isNaN(Date.parse(t)), '时间无效')
    .optional(),
  attach: z.string().max(ATTACH_MAX).optional(),
  notify_url: NotifyUrl,
  goods_tag: z.string().max(32).optional(),
  support_fapiao: z.boolean().optional(),
  amount: z.object({ total: z.number().int().min(1), currency: z.literal('CNY').optional() }),
  payer: z.object({ openid: z.string().min(1).max(128) }),
});
type JsapiBody = z.output<typeof JsapiBodySchema>;

const RefundBodySchema = z.object({
  transaction_id: z.string().optional(),
  out_trade_no: z.string().regex(OUT_TRADE_NO).optional(),
  out_refund_no: z.string().regex(OUT_REFUND_NO, '1–64 位数字、大小写字母或 _-|*@'),
  reason: z
    .string()
    .refine((r) => [...r].length <= REFUND_REASON_MAX, `长度不能超过 ${REFUND_REASON_MAX}`)
    .optional(),
  notify_url: NotifyUrl.optional(),
  funds_account: z.string().optional(),
  amount: z.object({ refund: z.number().int().min(1), total: z.number().int().min(1), currency: z.literal('CNY') }),
});

export interface SimTransaction {
  appid: string;
  mchid: string;
  outTradeNo: string;
  description: string;
  /** Last moment to pay (ms); WeChat's default is 7 days after the order. */
  expiresAt: number;
  timeExpire?: string;
  attach?: string;
  notifyUrl: string;
  total: number;
  openid: string;
  tradeState: TradeState;
  transactionId?: string;
  successTime?: string;
  refunded: number;
  refunds: Map<string, RefundWire>;
  /** The create parameters: a repeat with the same ones gets a fresh prepay_id, different ones are refused. */
  paramsKey: string;
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.path.join('.') || 'body';
  const missing = issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined;
  throw new SimPayError(
    400,
    'PARAM_ERROR',
    missing ? `输入源“/body/${field}”映射到值字段必填性规定不匹配` : `参数 ${field} 不合法：${issue.message}`,
  );
}

const digits = (n: number): string => Array.from({ length: n }, () => randomInt(10)).join('');
const compactBeijing = (ms: number): string => rfc3339Beijing(new Date(ms)).slice(0, 19).replace(/\D/g, '');

/**
 * The simulated WeChat Pay's books for one merchant, in memory: orders by out_trade_no, prepay_ids,
 * payments and refunds, with WeChat's rules and error answers.
 */
export class PayLedger {
  readonly #orders = new Map<string, SimTransaction>();
  readonly #prepays = new Map<string, { outTradeNo: string; expiresAt: number }>();

  constructor(private readonly merchant: { mchid: string; appids: string[] }) {}

  createJsapi(body: unknown, now: number): { prepay_id: string } {
    const b: JsapiBody = parse(JsapiBodySchema, body);
    if (b.mchid !== this.merchant.mchid) throw new SimPayError(400, 'MCH_NOT_EXISTS', '商户号不存在');
    if (!this.merchant.appids.includes(b.appid))
      throw new SimPayError(400, 'APPID_MCHID_NOT_MATCH', 'appid 和 mch_id 不匹配');
    const paramsKey = JSON.stringify([
      b.appid,
      b.description,
      b.time_expire,
      b.attach,
      b.notify_url,
      b.amount.total,
      b.payer.openid,
    ]);
    const existing = this.#orders.get(b.out_trade_no);
    if (existing) {
      if (existing.tradeState === 'SUCCESS' || existing.tradeState === 'REFUND')
        throw new SimPayError(400, 'ORDERPAID', '该订单已支付');
      if (existing.tradeState === 'CLOSED') throw new SimPayError(400, 'ORDER_CLOSED', '订单已关闭');
      if (existing.paramsKey !== paramsKey) throw new SimPayError(400, 'INVALID_REQUEST', '201 商户订单号重复');
    } else {
      const expiresAt = b.time_expire ? Date.parse(b.time_expire) : now + 7 * 24 * 3600_000;
      if (expiresAt <= now) throw new SimPayError(400, 'INVALID_REQUEST', 'time_expire 已过期');
      this.#orders.set(b.out_trade_no, {
        appid: b.appid,
        mchid: b.mchid,
        outTradeNo: b.out_trade_no,
        description: b.description,
        expiresAt,
        timeExpire: b.time_expire,
        attach: b.attach,
        notifyUrl: b.notify_url,
        total: b.amount.total,
        openid: b.payer.openid,
        tradeState: 'NOTPAY',
        refunded: 0,
        refunds: new Map(),
        paramsKey,
      });
    }
    const prepayId = `wx${compactBeijing(now)}${randomBytes(11).toString('hex')}`;
    this.#prepays.set(prepayId, { outTradeNo: b.out_trade_no, expiresAt: now + PREPAY_TTL_MS });
    return { prepay_id: prepayId };
  }

  get(outTradeNo: string, mchid: string | undefined): SimTransaction {
    if (mchid !== this.merchant.mchid) throw new SimPayError(400, 'PARAM_ERROR', 'mchid 与商户号不一致');
    const tx = this.#orders.get(outTradeNo);
    if (!tx) throw new SimPayError(404, 'ORDER_NOT_EXIST', '订单不存在');
    return tx;
  }

  close(outTradeNo: string, mchid: string | undefined): void {
    const tx = this.get(outTradeNo, mchid);
    if (tx.tradeState === 'SUCCESS' || tx.tradeState === 'REFUND')
      throw new SimPayError(400, 'ORDERPAID', '订单已支付，不能关闭');
    tx.tradeState = 'CLOSED';
  }

  /** The order behind a prepay_id, if it can be paid now (cashier and test hook). */
  payable(prepayId: string, now: number): SimTransaction {
    const prepay = this.#prepays.get(prepayId);
    if (!prepay) throw new SimPayError(404, 'PREPAY_NOT_EXIST', '支付单不存在');
    if (prepay.expiresAt <= now) throw new SimPayError(400, 'PREPAY_EXPIRED', '支付单已过期，请返回商户重新发起支付');
    const tx = this.#orders.get(prepay.outTradeNo)!;
    if (tx.tradeState === 'SUCCESS' || tx.tradeState === 'REFUND')
      throw new SimPayError(400, 'ORDERPAID', '该订单已支付，请勿重复支付');
    if (tx.tradeState === 'CLOSED') throw new SimPayError(400, 'ORDER_CLOSED', '订单已关闭');
    if (tx.expiresAt <= now) throw new SimPayError(400, 'ORDER_EXPIRED', '订单已超过支付截止时间');
    return tx;
  }

  /** The payer confirms: the order becomes SUCCESS with a transaction number and time. */
  pay(prepayId: string, now: number): SimTransaction {
    const tx = this.payable(prepayId, now);
    tx.tradeState = 'SUCCESS';
    tx.transactionId = `4200${digits(6)}${compactBeijing(now).slice(0, 8)}${digits(10)}`;
    tx.successTime = rfc3339Beijing(new Date(now));
    return tx;
  }

  /**
   * The payer is still entering the password (USERPAYING) or the bank refused (PAYERROR): what a
   * query answers meanwhile (test hook). Only an order not paid or closed can be in these states.
   */
  setPending(outTradeNo: string, state: 'USERPAYING' | 'PAYERROR' | 'NOTPAY'): SimTransaction {
    const tx = this.#orders.get(outTradeNo);
    if (!tx) throw new SimPayError(404, 'ORDER_NOT_EXIST', '订单不存在');
    if (tx.transactionId || tx.tradeState === 'CLOSED')
      throw new SimPayError(400, 'INVALID_REQUEST', '订单已支付或已关闭');
    tx.tradeState = state;
    return tx;
  }

  find(outTradeNo: string): SimTransaction | undefined {
    return this.#orders.get(outTradeNo);
  }

  /**
   * How new refunds end: at once (SUCCESS, as a refund to 零钱 does) or PROCESSING until
   * `completeRefund` (as a refund to a bank card does for days).
   */
  refundMode: 'instant' | 'processing' = 'instant';

  /** WeChat's refund query by out_refund_no. */
  findRefund(outRefundNo: string): RefundWire {
    for (const tx of this.#orders.values()) {
      const refund = tx.refunds.get(outRefundNo);
      if (refund) return refund;
    }
    throw new SimPayError(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
  }

  /** Ends a PROCESSING refund as the bank would: SUCCESS, or ABNORMAL (the card cannot take it). */
  completeRefund(outRefundNo: string, status: 'SUCCESS' | 'ABNORMAL', now: number): RefundWire {
    const refund = this.findRefund(outRefundNo);
    if (refund.status !== 'PROCESSING') throw new SimPayError(400, 'INVALID_REQUEST', '退款单不在处理中');
    refund.status = status;
    if (status === 'SUCCESS') refund.success_time = rfc3339Beijing(new Date(now));
    return refund;
  }

  /** Refunds (at once, or PROCESSING in that mode); the same out_refund_no answers the same refund again. */
  refund(body: unknown, now: number): RefundWire {
    const b = parse(RefundBodySchema, body);
    if (!b.out_trade_no && !b.transaction_id)
      throw new SimPayError(400, 'PARAM_ERROR', 'transaction_id 和 out_trade_no 必须二选一');
    const tx = b.out_trade_no
      ? this.#orders.get(b.out_trade_no)
      : [...this.#orders.values()].find((t) => t.transactionId && t.transactionId === b.transaction_id);
    if (!tx) throw new SimPayError(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    const previous = tx.refunds.get(b.out_refund_no);
    if (previous) {
      if (previous.amount.refund !== b.amount.refund)
        throw new SimPayError(400, 'INVALID_REQUEST', '同一退款单号的退款金额不一致');
      return previous;
    }
    if (tx.tradeState !== 'SUCCESS' && tx.tradeState !== 'REFUND')
      throw new SimPayError(400, 'INVALID_REQUEST', '订单未支付，不能退款');
    if (b.amount.total !== tx.total) throw new SimPayError(400, 'PARAM_ERROR', '订单金额与原订单不一致');
    if (b.amount.refund > tx.total - tx.refunded)
      throw new SimPayError(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
    const time = rfc3339Beijing(new Date(now));
    const refund: RefundWire = {
      refund_id: `50${digits(27)}`,
      out_refund_no: b.out_refund_no,
      transaction_id: tx.transactionId!,
      out_trade_no: tx.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(this.refundMode === 'instant' ? { success_time: time } : {}),
      create_time: time,
      status: this.refundMode === 'instant' ? 'SUCCESS' : 'PROCESSING',
      funds_account: 'AVAILABLE',
      amount: {
        total: tx.total,
        refund: b.amount.refund,
        payer_total: tx.total,
        payer_refund: b.amount.refund,
        currency: 'CNY',
      },
    };
    tx.refunds.set(b.out_refund_no, refund);
    tx.refunded += b.amount.refund;
    tx.tradeState = 'REFUND';
    return refund;
  }

  /** The order as WeChat's query answer and decrypted notification show it. */
  wire(tx: SimTransaction): TransactionWire {
    const paid = tx.transactionId !== undefined;
    return {
      appid: tx.appid,
      mchid: tx.mchid,
      out_trade_no: tx.outTradeNo,
      ...(paid
        ? {
            transaction_id: tx.transactionId,
            trade_type: 'JSAPI',
            bank_type: 'OTHERS',
            success_time: tx.successTime,
            payer: { openid: tx.openid },
          }
        : {}),
      trade_state: tx.tradeState,
      trade_state_desc: TRADE_STATE_DESC[tx.tradeState],
      attach: tx.attach ?? '',
      amount: paid
        ? { total: tx.total, payer_total: tx.total, currency: 'CNY', payer_currency: 'CNY' }
        : { total: tx.total, currency: 'CNY', payer_currency: 'CNY' },
    };
  }
}
