import { z } from 'zod';
import type { SharedTextKey } from './texts/zh-cn.ts';
import { text } from './text.ts';

/*
 * Partner finance contracts (/app-api/v1/finance/...). Money is integer fen; rates are basis points
 * (1500 = 15 %). Commission = premium × rate / 10000, rounded half up to the fen.
 */

export const WITHDRAWAL_MIN_FEN = 10_000;
export const WITHDRAWAL_MAX_FEN = 5_000_000;
export const RATE_BP_MAX = 5_000;

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const LEDGER_KINDS = ['commission', 'reversal', 'withdrawal', 'withdrawal_rejected'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Names of the codes are text keys: the answers' `statusText` and `kindText` in the reader's language. */
export const WITHDRAWAL_STATUS_KEYS = {
  pending: 'withdrawal.status.pending',
  paid: 'withdrawal.status.paid',
  rejected: 'withdrawal.status.rejected',
} as const satisfies Record<WithdrawalStatus, SharedTextKey>;
export const LEDGER_KIND_KEYS = {
  commission: 'ledger.kind.commission',
  reversal: 'ledger.kind.reversal',
  withdrawal: 'ledger.kind.withdrawal',
  withdrawal_rejected: 'ledger.kind.withdrawal_rejected',
} as const satisfies Record<LedgerKind, SharedTextKey>;

export const FinanceSummarySchema = z.object({
  balanceFen: z.number().int(),
  pendingWithdrawalFen: z.number().int(),
  monthIncomeFen: z.number().int(),
  totalIncomeFen: z.number().int(),
  reversedFen: z.number().int(),
  withdrawnFen: z.number().int(),
  paidOrders: z.number().int(),
  month: text(),
  minWithdrawalFen: z.number().int(),
});
export type FinanceSummary = z.infer<typeof FinanceSummarySchema>;

const month = text().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'field.monthFormat');
const page = z.coerce
  .number({ message: 'field.pageNumber' })
  .int('field.pageNumber')
  .min(1, 'field.pageNumber')
  .max(10_000, 'field.pageTooLarge')
  .default(1);
const size = z.coerce
  .number({ message: 'field.pageSizeNumber' })
  .int('field.pageSizeNumber')
  .min(1, 'field.pageSizeNumber')
  .max(50, 'field.pageSizeMax')
  .default(20);

export const LedgerQuerySchema = z.object({ month: month.optional(), pageNum: page, pageSize: size });

export const LedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  /** The kind's name in the reader's language (Accept-Language). */
  kindText: text(),
  amountFen: z.number().int(),
  note: text(),
  orderNo: text().nullable(),
  productName: text().nullable(),
  premiumFen: z.number().int().nullable(),
  rateBp: z.number().int().nullable(),
  templateVersion: z.number().int().nullable(),
  createdAt: text(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;
export const LedgerPageSchema = z.object({
  list: z.array(LedgerEntrySchema),
  total: z.number().int(),
  month: text().nullable(),
  incomeFen: z.number().int(),
  outFen: z.number().int(),
});
export type LedgerPage = z.infer<typeof LedgerPageSchema>;

export const WithdrawalSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  amountFen: z.number().int(),
  status: z.enum(WITHDRAWAL_STATUSES),
  /** The status's name in the reader's language (Accept-Language). */
  statusText: text(),
  payeeMasked: text(),
  reviewNote: text(),
  requestedAt: text(),
  reviewedAt: text().nullable(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;
export const WithdrawalListSchema = z.object({ list: z.array(WithdrawalSchema), total: z.number().int() });
export type WithdrawalList = z.infer<typeof WithdrawalListSchema>;

export const WithdrawalRequestSchema = z.object({
  amountFen: z
    .number({ message: 'finance.withdrawalAmount' })
    .int('finance.withdrawalAmount')
    .min(WITHDRAWAL_MIN_FEN, 'finance.withdrawalMin')
    .max(WITHDRAWAL_MAX_FEN, 'finance.withdrawalMax'),
});
export const WithdrawalReviewSchema = z
  .object({
    action: z.enum(['approve', 'reject'], { message: 'finance.reviewAction' }),
    note: text().trim().max(100, 'field.remarkMax100').default(''),
  })
  .refine((v) => v.action !== 'reject' || v.note.length > 0, { message: 'finance.rejectReason', path: ['note'] });
export const WithdrawalStaffQuerySchema = z.object({
  status: z.enum(['pending', 'paid', 'rejected'], { message: 'field.statusInvalid' }).optional(),
  pageNum: page,
  pageSize: size,
});

export const BonusTemplateSchema = z.object({
  id: z.number().int(),
  productTypeId: z.number().int(),
  /** The H5 names the type by its code (docs/decisions/codes-named-by-the-h5.md); the name is Chinese. */
  productTypeCode: text(),
  productTypeName: text(),
  version: z.number().int(),
  rateBp: z.number().int(),
  name: text(),
  effectiveFrom: text(),
  current: z.boolean(),
  createdAt: text(),
});
export type BonusTemplate = z.infer<typeof BonusTemplateSchema>;
export const BonusTemplateListSchema = z.object({ list: z.array(BonusTemplateSchema) });
export type BonusTemplateList = z.infer<typeof BonusTemplateListSchema>;
export const BonusTemplateInputSchema = z.object({
  productTypeId: z
    .number({ message: 'finance.productTypeRequired' })
    .int('finance.productTypeRequired')
    .positive('finance.productTypeRequired')
    .max(2_147_483_647, 'finance.productTypeRequired'),
  rateBp: z
    .number({ message: 'finance.rateInteger' })
    .int('finance.rateInteger')
    .min(0, 'finance.rateNegative')
    .max(RATE_BP_MAX, 'finance.rateMax'),
  name: text().trim().max(30, 'finance.templateNameMax').default(''),
});
export type BonusTemplateInput = z.input<typeof BonusTemplateInputSchema>;

/** 1500 → "15.00%". */
export const formatRate = (bp: number) => `${(bp / 100).toFixed(2)}%`;
