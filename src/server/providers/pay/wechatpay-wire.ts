import { z } from 'zod';
import { formatBeijing } from '#shared/beijing-time.ts';
import { TRADE_STATES, type PayTransaction, type RefundResult } from './payment-provider.ts';

/** WeChat Pay v3 JSON as it travels (snake_case), with the field rules both sides check. */

export const OUT_TRADE_NO = /^[A-Za-z0-9_\-|*]{6,32}$/;
export const OUT_REFUND_NO = /^[A-Za-z0-9_\-|*@]{1,64}$/;
export const DESCRIPTION_MAX = 127;
export const ATTACH_MAX = 128;
export const REFUND_REASON_MAX = 80;

/** RFC 3339 in Beijing time, the way WeChat writes times: 2026-01-02T10:00:00+08:00. */
export function rfc3339Beijing(date: Date): string {
  return `${formatBeijing(date, 'YYYY-MM-DDTHH:mm:ss')}+08:00`;
}

/** WeChat's RFC 3339 with a zone offset (or Z); milliseconds are not part of its format. */
export const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;

export const TransactionWireSchema = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_type: z.string().optional(),
  trade_state: z.enum(TRADE_STATES),
  trade_state_desc: z.string().optional(),
  bank_type: z.string().optional(),
  attach: z.string().optional(),
  success_time: z.string().optional(),
  payer: z.object({ openid: z.string().optional() }).optional(),
  amount: z
    .object({
      total: z.number().int().optional(),
      payer_total: z.number().int().optional(),
      currency: z.string().optional(),
      payer_currency: z.string().optional(),
    })
    .optional(),
});
export type TransactionWire = z.input<typeof TransactionWireSchema>;

export function toPayTransaction(w: z.output<typeof TransactionWireSchema>): PayTransaction {
  return {
    appid: w.appid,
    mchid: w.mchid,
    outTradeNo: w.out_trade_no,
    tradeState: w.trade_state,
    tradeStateDesc: w.trade_state_desc,
    transactionId: w.transaction_id || undefined,
    successTime: w.success_time || undefined,
    payerOpenid: w.payer?.openid || undefined,
    amountTotal: w.amount?.total,
    payerTotal: w.amount?.payer_total,
    currency: w.amount?.currency ?? 'CNY',
    attach: w.attach || undefined,
  };
}

export const RefundWireSchema = z.object({
  refund_id: z.string(),
  out_refund_no: z.string(),
  transaction_id: z.string(),
  out_trade_no: z.string(),
  channel: z.string().optional(),
  user_received_account: z.string().optional(),
  success_time: z.string().optional(),
  create_time: z.string(),
  status: z.enum(['SUCCESS', 'CLOSED', 'PROCESSING', 'ABNORMAL']),
  funds_account: z.string().optional(),
  amount: z.object({
    total: z.number().int(),
    refund: z.number().int(),
    payer_total: z.number().int().optional(),
    payer_refund: z.number().int().optional(),
    currency: z.string().optional(),
  }),
});
export type RefundWire = z.input<typeof RefundWireSchema>;

export function toRefundResult(w: z.output<typeof RefundWireSchema>): RefundResult {
  return {
    refundId: w.refund_id,
    outRefundNo: w.out_refund_no,
    outTradeNo: w.out_trade_no,
    transactionId: w.transaction_id,
    status: w.status,
    refundFen: w.amount.refund,
    totalFen: w.amount.total,
    createTime: w.create_time,
    successTime: w.success_time || undefined,
  };
}

/** The outer notification WeChat POSTs to notify_url. */
export const NotificationWireSchema = z.object({
  id: z.string(),
  create_time: z.string(),
  event_type: z.string(),
  resource_type: z.literal('encrypt-resource'),
  summary: z.string().optional(),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string().min(1),
    nonce: z.string().min(1),
    associated_data: z.string().optional(),
    original_type: z.string(),
  }),
});
export type NotificationWire = z.input<typeof NotificationWireSchema>;

/** WeChat's error answer. */
export const ErrorWireSchema = z.object({ code: z.string(), message: z.string().optional() });

/** Header names of a signed WeChat Pay answer or notification (HTTP headers are case-insensitive). */
export const WECHATPAY_HEADERS = {
  timestamp: 'wechatpay-timestamp',
  nonce: 'wechatpay-nonce',
  signature: 'wechatpay-signature',
  serial: 'wechatpay-serial',
  signatureType: 'wechatpay-signature-type',
} as const;
