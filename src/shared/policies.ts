import { z } from 'zod';
import { line, text } from './text.ts';
import { PageQuerySchema } from './catalogue.ts';
import { CLAIM_TYPES } from './claim-flow.ts';
import { ID_TYPES, POLICY_STATUSES, RELATIONS, SEXES } from './orders.ts';

/**
 * Contracts of "after the sale" for policies (spec §7 `order/policyInfo`, `order/downloadPolicy`,
 * `order/downloadVoucher`; docs/decisions/policy-query.md, docs/decisions/insurance-rules.md): the member's policy list (and, with
 * `status=unpaid`, the orders still waiting for payment), the policy detail with coverages,
 * persons (masked), vouchers and what can be done, the PDF downloads, and the cooling-off
 * surrender (犹豫期退保) with its full refund. Paths are below `/prod-api/app-api/v1`
 * (api-paths.ts); downloads answer `application/pdf`, not an envelope. Money in fen, times ISO.
 */

/** `unpaid` lists the orders waiting for payment instead of policies. */
export const POLICY_QUERY_STATUSES = [...POLICY_STATUSES, 'unpaid'] as const;
export type PolicyQueryStatus = (typeof POLICY_QUERY_STATUSES)[number];

/** `GET /order/policyInfo`: no status = every policy; keyword matches policy number, product or insured name. */
export const PolicyListQuerySchema = PageQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(POLICY_QUERY_STATUSES).optional()),
  keyword: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    line().trim().max(50).optional(),
  ),
});

const iso = z.iso.datetime({ offset: true });

/** A covered person as lists and documents show them: ID number masked (first 4 and last 4 kept). */
export const PolicyPersonBriefSchema = z.object({ name: text(), idNumberMasked: text() });

export const PolicyListItemSchema = z.object({
  kind: z.literal('policy'),
  id: z.number().int(),
  policyNo: text(),
  orderId: z.number().int(),
  productId: z.number().int(),
  productName: text(),
  planName: text(),
  insurer: text(),
  team: z.boolean(),
  startDate: text(),
  endDate: text(),
  effectiveAt: iso,
  expiresAt: iso,
  premiumFen: z.number().int(),
  insuredCount: z.number().int(),
  /** The first few insured persons (all of them for individual policies). */
  insured: z.array(PolicyPersonBriefSchema),
  /** 投保人, or the company for team policies. */
  applicantName: text(),
  status: z.enum(POLICY_STATUSES),
  /** The status's name in the reader's language (Accept-Language). */
  statusText: text(),
  issuedAt: iso,
});
export type PolicyListItem = z.infer<typeof PolicyListItemSchema>;

/** With `status=unpaid`: an order still to be paid (the pay page takes `orderId`). */
export const UnpaidOrderItemSchema = z.object({
  kind: z.literal('order'),
  orderId: z.number().int(),
  orderNo: text(),
  productId: z.number().int(),
  productName: text(),
  planName: text(),
  team: z.boolean(),
  startDate: text(),
  endDate: text(),
  premiumFen: z.number().int(),
  insuredCount: z.number().int(),
  insured: z.array(PolicyPersonBriefSchema),
  applicantName: text(),
  status: z.literal('unpaid'),
  /** The status's name in the reader's language (Accept-Language). */
  statusText: text(),
  createdAt: iso,
  /** Pay by; the order closes by itself afterwards. */
  expiresAt: iso,
});
export type UnpaidOrderItem = z.infer<typeof UnpaidOrderItemSchema>;

export const PolicyListSchema = z.object({
  list: z.array(z.discriminatedUnion('kind', [PolicyListItemSchema, UnpaidOrderItemSchema])),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PolicyList = z.infer<typeof PolicyListSchema>;

export const PolicyPersonSchema = z.object({
  name: text(),
  idType: z.enum(ID_TYPES),
  idNumberMasked: text(),
  mobileMasked: text(),
  sex: z.enum(SEXES),
  age: z.number().int(),
  relation: z.enum(RELATIONS).nullable(),
});

/** An insured person with their voucher (保险凭证); `id` is what `downloadVoucher/{id}` and claims take. */
export const PolicyInsuredSchema = PolicyPersonSchema.extend({
  id: z.number().int(),
  voucherNo: text(),
  occupationClass: z.number().int().nullable(),
  premiumFen: z.number().int().nullable(),
});
export type PolicyInsured = z.infer<typeof PolicyInsuredSchema>;

export const PolicyActionsSchema = z.object({
  download: z.boolean(),
  /**
   * Surrender with a full refund: inside the cooling-off period, which ends at `until`, and on every
   * product before cover starts (`beforeStart`: until `effectiveAt`).
   */
  surrender: z.object({
    allowed: z.boolean(),
    until: iso.nullable(),
    beforeStart: z.boolean(),
    reason: text().nullable(),
  }),
  /** A claim can be reported (policy in force or expired, not surrendered). */
  claim: z.object({ allowed: z.boolean(), reason: text().nullable() }),
});
export type PolicyActions = z.infer<typeof PolicyActionsSchema>;

export const PolicyDetailSchema = PolicyListItemSchema.omit({ kind: true, insured: true }).extend({
  /** The product's type code (`accident`, `medical`, `travel`, `team`…): the claim form's default type. */
  productTypeCode: text(),
  orderNo: text(),
  termLabel: text(),
  paidAt: iso.nullable(),
  coverages: z.array(z.object({ name: text(), sumInsuredFen: z.number().int(), description: text() })),
  /** Sum of the plan's coverages: the most a claim of a type no cover names (其他) may ask for. */
  totalSumInsuredFen: z.number().int(),
  /** The most one claim of each type may ask for: the sum insured of the cover that answers it. */
  claimLimitsFen: z.partialRecord(z.enum(CLAIM_TYPES), z.number().int()),
  applicant: PolicyPersonSchema.nullable(),
  holder: z.object({ company: text(), creditCode: text(), contact: text(), contactMobileMasked: text() }).nullable(),
  insured: z.array(PolicyInsuredSchema),
  /** 犹豫期 in days (0: none), counted from the issue date (see `actions.surrender.until`). */
  coolingOffDays: z.number().int(),
  waitingDays: z.number().int(),
  surrender: z
    .object({ surrenderedAt: iso, reason: text(), refundFen: z.number().int(), refundStatus: text().nullable() })
    .nullable(),
  /** When the member chose 保留 (keep) in the cooling-off period; null when they have not. */
  coolingOffKeptAt: iso.nullable(),
  /** The version sold is renewable (and the policy an individual one): 续保 is offered in the last 30 days. */
  renewable: z.boolean(),
  actions: PolicyActionsSchema,
});
export type PolicyDetail = z.infer<typeof PolicyDetailSchema>;

// ---------------------------------------------------------------- surrender

/** `POST /order/policyInfo/{id}/surrender`. */
export const SurrenderInputSchema = z.object({
  reason: text().trim().min(2, 'policy.surrenderReasonRequired').max(200, 'policy.surrenderReasonMax'),
});

/** The same answer for the first surrender and for any repeat of it. */
export const SurrenderResultSchema = z.object({
  policyId: z.number().int(),
  policyNo: text(),
  status: z.literal('surrendered'),
  /** The status's name in the reader's language (Accept-Language). */
  statusText: text(),
  surrenderedAt: iso,
  refundFen: z.number().int(),
  /** WeChat Pay's refund status (SUCCESS, PROCESSING…): the money goes back the way it came. */
  refundStatus: text().nullable(),
  /** The out_refund_no (idempotency key at WeChat Pay). */
  refundNo: text(),
});
export type SurrenderResult = z.infer<typeof SurrenderResultSchema>;

// ---------------------------------------------------------------- reminders that act

/** `POST /order/policyInfo/{id}/keep`: 保留 in the cooling-off period; a repeat answers the first time. */
export const KeepResultSchema = z.object({ policyId: z.number().int(), keptAt: iso });
export type KeepResult = z.infer<typeof KeepResultSchema>;

/**
 * Why a policy cannot be renewed now (the page says it in the reader's language): the product is
 * not renewable, off sale or the policy is a team one; the policy was surrendered or has ended;
 * renewal opens later (`from`); a person no longer fits the product's age limits (`min`–`max`);
 * the renewal was submitted already.
 */
export const RENEWAL_REFUSALS = [
  'not_renewable',
  'team',
  'surrendered',
  'ended',
  'off_sale',
  'too_early',
  'insured_age',
  'applicant_age',
  'renewed',
] as const;
export type RenewalRefusal = (typeof RENEWAL_REFUSALS)[number];

/**
 * `POST /order/policyInfo/{id}/renewal`: buy the policy again from the day after it ends. Either
 * the draft to resume (the same one when asked again while it is open) or why not.
 */
export const RenewalAnswerSchema = z.object({
  policyId: z.number().int(),
  productId: z.number().int(),
  /** The new cover's first day: the day after the policy ends. */
  startDate: text(),
  draftId: z.number().int().nullable(),
  refusal: z
    .object({
      code: z.enum(RENEWAL_REFUSALS),
      /** The reason in the reader's language (for clients without their own texts). */
      message: text(),
      /** too_early: the first day renewal is possible. */
      from: text().nullable(),
      /** insured_age / applicant_age: the product's limits. */
      min: z.number().int().nullable(),
      max: z.number().int().nullable(),
    })
    .nullable(),
});
export type RenewalAnswer = z.infer<typeof RenewalAnswerSchema>;
