import { CREDIT_CODE_PATTERN, isCreditCode, normalizeCreditCode } from './credit-code.ts';
import { z } from 'zod';
import { text } from './text.ts';

/**
 * E-invoices (电子发票) of paid orders. A member picks one or more paid, not surrendered orders
 * that have no invoice yet and gives one title (个人 or 单位 with its 统一社会信用代码) and an email;
 * the server issues ONE invoice PER ORDER (amount = the order's premium, read on the server), all
 * of the request or none, and mails them with the PDFs attached. An order has at most one invoice,
 * enforced by a unique index. Every path is under `/prod-api/app-api/v1`.
 */

/**
 * 蓝字发票 = the invoice issued on request. When its policy is surrendered in the cooling-off period
 * (full refund), the server cancels it in the same step with a 红字发票 (red-letter invoice): its own
 * number, the negative amount, and the blue invoice's number; the blue one then shows 已红冲.
 */
export const INVOICE_KINDS = ['blue', 'red'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_STATUSES = ['issued', 'reversed'] as const;

export const INVOICE_TITLE_TYPES = ['personal', 'company'] as const;
export type InvoiceTitleType = (typeof INVOICE_TITLE_TYPES)[number];
/** Orders one request may cover (each gets its own invoice). */
export const INVOICE_ORDERS_MAX = 20;
/** Seconds between two mails of one invoice, and mails of one invoice a day (issue + resends). */
export const INVOICE_RESEND_COOLDOWN_S = 60;
export const INVOICE_MAILS_PER_DAY = 5;

/** Why a tax number is refused, or null. */
export function taxNoProblem(value: string): string | null {
  if (value.length !== 18) return 'invoice.taxNoLength';
  if (!CREDIT_CODE_PATTERN.test(value)) return 'invoice.taxNoFormat';
  if (!isCreditCode(value)) return 'invoice.taxNoCheckDigit';
  return null;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const InvoiceEmailSchema = text('field.emailRequired')
  .trim()
  .min(1, 'field.emailRequired')
  .max(100, 'field.emailTooLong')
  .regex(EMAIL_PATTERN, 'field.emailFormat');

const idList = z
  .array(
    z.number('id.order').int('id.order').min(1, 'id.order').max(2_147_483_647, 'id.order'),
    'invoice.ordersRequired',
  )
  .min(1, 'invoice.ordersRequired')
  .max(INVOICE_ORDERS_MAX, 'invoice.ordersMax')
  .refine((ids) => new Set(ids).size === ids.length, 'invoice.ordersRepeated');

/** `POST invoice`: one title and email for every chosen order. */
export const InvoiceRequestSchema = z
  .object({
    orderIds: idList,
    titleType: z.enum(INVOICE_TITLE_TYPES, 'invoice.titleKind'),
    title: text('invoice.titleRequired').trim().min(2, 'invoice.titleMin').max(100, 'invoice.titleMax'),
    taxNo: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      text('invoice.taxNoFormat').transform(normalizeCreditCode).optional(),
    ),
    email: InvoiceEmailSchema,
  })
  .superRefine((r, ctx) => {
    if (r.titleType === 'company') {
      const problem = r.taxNo === undefined ? 'invoice.taxNoRequired' : taxNoProblem(r.taxNo);
      if (problem) ctx.addIssue({ code: 'custom', path: ['taxNo'], message: problem });
    } else if (r.taxNo !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['taxNo'], message: 'invoice.taxNoForbidden' });
    }
  });
export type InvoiceRequest = z.input<typeof InvoiceRequestSchema>;
export type InvoiceRequestValues = z.output<typeof InvoiceRequestSchema>;

/** `POST invoice/{id}/resend`: to the invoice's email, or to a corrected one (which is then kept). */
export const InvoiceResendSchema = z.object({ email: InvoiceEmailSchema.optional() }).default({});

/** A paid order that can still get an invoice. */
export const InvoiceableOrderSchema = z.object({
  orderId: z.number().int(),
  orderNo: text(),
  productName: text(),
  planName: text(),
  amountFen: z.number().int(),
  paidAt: text(),
});
export const InvoiceableOrderListSchema = z.object({ list: z.array(InvoiceableOrderSchema), total: z.number().int() });
export type InvoiceableOrderList = z.infer<typeof InvoiceableOrderListSchema>;

export const InvoiceSchema = z.object({
  id: z.number().int(),
  invoiceNo: text(),
  orderId: z.number().int(),
  orderNo: text(),
  productName: text(),
  seller: text(),
  titleType: z.enum(INVOICE_TITLE_TYPES),
  title: text(),
  taxNo: text().nullable(),
  email: text(),
  /** Negative on a red-letter invoice. */
  amountFen: z.number().int(),
  issuedAt: text(),
  lastSentAt: text().nullable(),
  sendCount: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  /** 'reversed' (已红冲): a blue invoice cancelled by its red-letter invoice. */
  status: z.enum(INVOICE_STATUSES),
  reversedAt: text().nullable(),
  /** Red: the blue invoice it cancels. */
  originalId: z.number().int().nullable(),
  originalInvoiceNo: text().nullable(),
  /** Blue and reversed: its red-letter invoice. */
  redId: z.number().int().nullable(),
  redInvoiceNo: text().nullable(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
export const InvoiceListSchema = z.object({ list: z.array(InvoiceSchema), total: z.number().int() });
export type InvoiceList = z.infer<typeof InvoiceListSchema>;

/** The answer of `POST invoice`: the invoices issued, and whether the mail went out. */
export const InvoiceIssuedSchema = z.object({ list: z.array(InvoiceSchema), mailed: z.boolean() });
export type InvoiceIssued = z.infer<typeof InvoiceIssuedSchema>;

export const InvoiceSentSchema = z.object({ invoice: InvoiceSchema, to: text() });
export type InvoiceSent = z.infer<typeof InvoiceSentSchema>;
