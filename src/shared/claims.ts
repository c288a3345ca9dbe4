import { z } from 'zod';
import type { SharedTextKey } from './texts/zh-cn.ts';
import { line, text } from './text.ts';
import { CalendarDateSchema, PageQuerySchema } from './catalogue.ts';
import { NAME_PATTERN } from './orders.ts';
import {
  CLAIM_CLOCK_KINDS,
  CLAIM_CLOCK_URGENCIES,
  CLAIM_DESK_FILTERS,
  CLAIM_MATERIALS,
  CLAIM_STATUSES,
  CLAIM_TYPES,
  PRECHECK_REASONS,
  PRECHECK_VERDICTS,
  SOCIAL_INSURANCE_ANSWERS,
  type ClaimMaterial,
  type ClaimStatus,
  type ClaimType,
} from './claim-flow.ts';

export {
  CLAIM_DECISION_DAYS,
  CLAIM_MATERIALS_BY_TYPE,
  CLAIM_OPEN_STATUSES,
  CLAIM_PAYMENT_DAYS,
  CLAIM_STATUSES,
  CLAIM_TRANSITIONS,
  CLAIM_TYPES,
  canTransition,
  clockUrgency,
  NOTE_REQUIRED,
  WAITING_PERIOD_CLAIM_TYPES,
  type ClaimDeskFilter,
  type ClaimMaterial,
  type ClaimStatus,
  type ClaimType,
  type PrecheckReason,
  type PrecheckVerdict,
  type SocialInsuranceAnswer,
} from './claim-flow.ts';

/**
 * Contracts of claims (理赔, docs/decisions/claim-workflow.md; docs/domain.md#insurance-regulation): the public guide, the report on one of
 * the member's own policies, material uploads (photos and PDFs), the member's list and detail with
 * the timeline, the supplement step, and the staff-side transitions (role channel). Every path is
 * under `/prod-api/app-api/v1` (api-paths.ts). Money in fen, times ISO.
 */

// ---------------------------------------------------------------- codes and the keys of their names

/** Names of the codes are text keys (the answers' `…Text` fields, the H5's own names; docs/decisions/server-texts-by-key.md). */
export const CLAIM_TYPE_KEYS = {
  accident_medical: 'claim.type.accidentMedical',
  hospital: 'claim.type.hospital',
  death_disability: 'claim.type.deathDisability',
  travel_delay: 'claim.type.travelDelay',
  other: 'claim.type.other',
} as const satisfies Record<ClaimType, SharedTextKey>;

export const CLAIM_STATUS_KEYS = {
  reported: 'claim.status.reported',
  reviewing: 'claim.status.reviewing',
  supplement: 'claim.status.supplement',
  closed: 'claim.status.closed',
  rejected: 'claim.status.rejected',
  paid: 'claim.status.paid',
} as const satisfies Record<ClaimStatus, SharedTextKey>;

/** Materials may be added while the claim is freshly reported or waiting for more documents. */
export const UPLOAD_STATUSES: readonly ClaimStatus[] = ['reported', 'supplement'];

/** What a file shows: the member picks it when uploading (default 其他). */
export const CLAIM_FILE_KINDS = ['identity', 'medical', 'invoice', 'proof', 'bank', 'other'] as const;
export type ClaimFileKind = (typeof CLAIM_FILE_KINDS)[number];
export const CLAIM_FILE_KIND_KEYS = {
  identity: 'claim.file.identity',
  medical: 'claim.file.medical',
  invoice: 'claim.file.invoice',
  proof: 'claim.file.proof',
  bank: 'claim.file.bank',
  other: 'claim.file.other',
} as const satisfies Record<ClaimFileKind, SharedTextKey>;

/** Judged by the file's first bytes, never by its name or the browser's type. */
export const CLAIM_FILE_MIMES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type ClaimFileMime = (typeof CLAIM_FILE_MIMES)[number];
/** Per file, after the H5's own image compression. */
export const CLAIM_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const CLAIM_FILES_MAX = 20;
/** Files one upload request may carry (multipart field `file`, repeated). */
export const CLAIM_FILES_PER_REQUEST = 9;

/** Bank account numbers: 10–30 digits (spaces allowed when typed, removed when stored). */
export const BANK_ACCOUNT_PATTERN = /^\d{10,30}$/;

/** The demo line of the embedded set-up; the H5 reads VITE_SERVICE_HOTLINE for a real one. Its hours are the key `claims.hotlineHours`. */
export const CLAIM_HOTLINE = '400-000-0000';

/** Last 4 digits only: the whole account is kept for paying out, never answered. */
export function maskBankAccount(account: string): string {
  return account.length > 4 ? `**** ${account.slice(-4)}` : '****';
}

// ---------------------------------------------------------------- guide (public)

export const CLAIM_MATERIAL_KEYS = {
  form: 'claim.doc.form',
  identity: 'claim.doc.identity',
  accidentProof: 'claim.doc.accidentProof',
  medicalRecord: 'claim.doc.medicalRecord',
  invoice: 'claim.doc.invoice',
  discharge: 'claim.doc.discharge',
  diagnosis: 'claim.doc.diagnosis',
  deathProof: 'claim.doc.deathProof',
  disabilityProof: 'claim.doc.disabilityProof',
  beneficiary: 'claim.doc.beneficiary',
  ticket: 'claim.doc.ticket',
  delayProof: 'claim.doc.delayProof',
  passport: 'claim.doc.passport',
  lossProof: 'claim.doc.lossProof',
  expenseProof: 'claim.doc.expenseProof',
  bank: 'claim.doc.bank',
} as const satisfies Record<ClaimMaterial, SharedTextKey>;

/** The claim process the guide tells, in order: each step's title and text (the H5's claim page shows the same keys). */
export const CLAIM_GUIDE_STEPS = [
  { title: 'claim.step.report', text: 'claim.step.reportText' },
  { title: 'claim.step.submit', text: 'claim.step.submitText' },
  { title: 'claim.step.review', text: 'claim.step.reviewText' },
  { title: 'claim.step.pay', text: 'claim.step.payText' },
] as const satisfies readonly { title: SharedTextKey; text: SharedTextKey }[];

/** Every text of the guide is in the reader's language (Accept-Language). */
export const ClaimGuideSchema = z.object({
  steps: z.array(z.object({ title: text(), text: text() })),
  law: text(),
  /** `label`: the type's name; `documents`: the materials it needs. */
  types: z.array(z.object({ type: z.enum(CLAIM_TYPES), label: text(), documents: z.array(text()) })),
  hotline: z.object({ number: text(), hours: text() }),
  limits: z.object({
    fileTypes: z.array(z.enum(CLAIM_FILE_MIMES)),
    maxFileBytes: z.number().int(),
    maxFiles: z.number().int(),
  }),
});
export type ClaimGuide = z.infer<typeof ClaimGuideSchema>;

// ---------------------------------------------------------------- report

const fenAmount = z
  .number('field.amountFen')
  .int('field.amountFen')
  .min(1, 'claim.amountPositive')
  .max(2_000_000_000, 'claim.amountTooLarge');
/** A record number; `message` is its `id.…` key. */
const id = (message: `id.${string}` & SharedTextKey) =>
  z.number(message).int(message).min(1, message).max(2_147_483_647, message);

/**
 * `POST /claims`. `insuredId` is the `id` of a person in the policy detail's `insured` list. The
 * server also checks: the policy is the member's and not surrendered, the incident date lies in
 * the policy period and not in the future (Beijing date), the amount is at most the plan's total
 * sum insured.
 */
export const ClaimReportSchema = z.object({
  policyId: id('id.policy'),
  insuredId: id('id.insured'),
  type: z.enum(CLAIM_TYPES, 'claim.typeRequired'),
  incidentDate: CalendarDateSchema,
  description: text().trim().min(5, 'claim.descriptionMin').max(500, 'claim.descriptionMax'),
  amountFen: fenAmount,
  payeeName: text().trim().regex(NAME_PATTERN, 'claim.payeeName'),
  payeeBank: text().trim().min(2, 'claim.bankRequired').max(40, 'claim.bankMax'),
  payeeAccount: text()
    .transform((v) => v.replace(/[\s-]+/g, ''))
    .pipe(text().regex(BANK_ACCOUNT_PATTERN, 'claim.accountFormat')),
});
export type ClaimReportInput = z.input<typeof ClaimReportSchema>;

/** `POST /claims/{id}/supplement`: back to 审核中 after the missing documents were uploaded. No body is fine. */
export const ClaimSupplementSchema = z.preprocess(
  (v) => v ?? {},
  z.object({ note: text().trim().max(200).optional() }),
);

/** `POST /claims/{id}/transition` (role channel). `paidFen` only, and then required, for 已赔付. */
export const ClaimTransitionSchema = z.object({
  to: z.enum(CLAIM_STATUSES),
  note: text().trim().max(500).optional(),
  paidFen: fenAmount.optional(),
});
export type ClaimTransitionInput = z.infer<typeof ClaimTransitionSchema>;

export const ClaimListQuerySchema = PageQuerySchema.extend({ status: z.enum(CLAIM_STATUSES).optional() });

// ---------------------------------------------------------------- pre-check

/**
 * `POST /claims/precheck`: before reporting, whether the policy (one of the member's own) would
 * answer this claim, and roughly how much (docs/decisions/claim-pre-check.md). Nothing is stored.
 */
export const ClaimPrecheckSchema = z.object({
  policyId: id('id.policy'),
  insuredId: id('id.insured'),
  type: z.enum(CLAIM_TYPES, 'claim.typeRequired'),
  incidentDate: CalendarDateSchema,
  /** The expected cost; without it the answer has no estimate. */
  amountFen: fenAmount.optional(),
  socialInsurance: z.enum(SOCIAL_INSURANCE_ANSWERS, 'claim.socialInsurance').default('unknown'),
});
export type ClaimPrecheckInput = z.input<typeof ClaimPrecheckSchema>;

const precheckParam = z.union([text(), z.number()]);

export const ClaimPrecheckResultSchema = z.object({
  verdict: z.enum(PRECHECK_VERDICTS),
  reason: z.enum(PRECHECK_REASONS),
  /** For the reason's text: `start`, `end`, `date`, `waitingEnds` (dates), `days`, `limitFen`, `deductibleFen`, `coverage`, `plan`, `type`. */
  params: z.record(z.string(), precheckParam),
  /** The reason in the reader's language (Accept-Language), for clients without the dictionaries. */
  reasonText: text(),
  /** The coverage that answers the claim type under the chosen plan (the first of the plan's that does), in the reader's language. */
  coverage: z
    .object({
      name: text(),
      limitFen: z.number().int(),
      deductibleFen: z.number().int(),
      percentWithSocialInsurance: z.number().int(),
      percentWithoutSocialInsurance: z.number().int(),
    })
    .nullable(),
  /** From the amount: after the deductible, at the ratio (both ratios when social insurance is unknown), at most the limit. */
  estimate: z.object({ minFen: z.number().int(), maxFen: z.number().int() }).nullable(),
  materials: z.array(z.object({ code: z.enum(CLAIM_MATERIALS), text: text() })),
  /** Whether a report on these facts would be taken (in force, not surrendered): the H5 then offers 继续报案. */
  canReport: z.boolean(),
});
export type ClaimPrecheckResult = z.infer<typeof ClaimPrecheckResultSchema>;

// ---------------------------------------------------------------- answers

const iso = z.iso.datetime({ offset: true });

/**
 * The statutory clock (Insurance Law art. 23, docs/domain.md#claim-deadlines): Beijing dates, null
 * until reached. `running` is the deadline that applies now: the decision while 审核中, the payment
 * once 已结案 (agreed); none while materials are awaited (已报案, 补充材料) or when finished.
 */
export const ClaimClockSchema = z.object({
  materialsCompleteOn: text().nullable(),
  decisionDueOn: text().nullable(),
  decidedOn: text().nullable(),
  paymentDueOn: text().nullable(),
  paidOn: text().nullable(),
  running: z
    .object({
      kind: z.enum(CLAIM_CLOCK_KINDS),
      dueOn: text(),
      /** Days from today (Beijing) to the due date; negative once past it. */
      daysLeft: z.number().int(),
      urgency: z.enum(CLAIM_CLOCK_URGENCIES),
    })
    .nullable(),
});
export type ClaimClock = z.infer<typeof ClaimClockSchema>;

export const ClaimSummarySchema = z.object({
  id: z.number().int(),
  claimNo: text(),
  policyId: z.number().int(),
  policyNo: text(),
  productName: text(),
  insuredName: text(),
  type: z.enum(CLAIM_TYPES),
  /** The type's name in the reader's language (Accept-Language). */
  typeText: text(),
  incidentDate: text(),
  amountFen: z.number().int(),
  paidFen: z.number().int().nullable(),
  status: z.enum(CLAIM_STATUSES),
  /** The status's name in the reader's language (Accept-Language). */
  statusText: text(),
  clock: ClaimClockSchema,
  createdAt: iso,
  updatedAt: iso,
});
export type ClaimSummary = z.infer<typeof ClaimSummarySchema>;

export const ClaimFileSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CLAIM_FILE_KINDS),
  /** The kind's name in the reader's language (Accept-Language). */
  kindText: text(),
  mime: z.enum(CLAIM_FILE_MIMES),
  size: z.number().int(),
  createdAt: iso,
  /** Path below `/prod-api/app-api/v1` (needs the Bearer header). */
  url: text(),
});
export type ClaimFile = z.infer<typeof ClaimFileSchema>;

export const ClaimEventSchema = z.object({
  status: z.enum(CLAIM_STATUSES),
  /** The status's name in the reader's language (Accept-Language). */
  statusText: text(),
  note: text().nullable(),
  /** `member`: the claimant; `staff`: the insurer's claims staff (never named to the member). */
  actor: z.enum(['member', 'staff']),
  createdAt: iso,
});
export type ClaimEvent = z.infer<typeof ClaimEventSchema>;

export const ClaimDetailSchema = ClaimSummarySchema.extend({
  description: text(),
  insuredIdNumberMasked: text(),
  payee: z.object({ name: text(), bank: text(), accountMasked: text() }),
  paidAt: iso.nullable(),
  files: z.array(ClaimFileSchema),
  events: z.array(ClaimEventSchema),
  /** What the member can do now. */
  actions: z.object({ upload: z.boolean(), supplement: z.boolean() }),
  maxFiles: z.number().int(),
});
export type ClaimDetail = z.infer<typeof ClaimDetailSchema>;

export const ClaimListSchema = z.object({
  list: z.array(ClaimSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ClaimList = z.infer<typeof ClaimListSchema>;

/** A desk row: the summary, who reported it, and the personal data masked as the member sees it. */
export const ClaimDeskRowSchema = ClaimSummarySchema.extend({
  reporter: z.object({ nickname: text(), mobileMasked: text() }),
  insuredIdNumberMasked: text(),
  payee: z.object({ name: text(), bank: text(), accountMasked: text() }),
});
export type ClaimDeskRow = z.infer<typeof ClaimDeskRowSchema>;

export const ClaimDeskListSchema = z.object({
  list: z.array(ClaimDeskRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ClaimDeskList = z.infer<typeof ClaimDeskListSchema>;

/** `POST /claims/{id}/files`: the files just stored, and how many the claim has now. */
export const ClaimUploadResultSchema = z.object({
  files: z.array(ClaimFileSchema),
  count: z.number().int(),
  maxFiles: z.number().int(),
});
export type ClaimUploadResult = z.infer<typeof ClaimUploadResultSchema>;

// ---------------------------------------------------------------- claims desk (role channel)

/**
 * `GET /claims/desk` (role channel): every member's claims; those with a running deadline first,
 * nearest first (the decision of 审核中, the payment of 已结案), then the other open ones (已报案,
 * 补充材料), then the rest, newest first within each group. `keyword` matches claim number, policy number, the
 * reporting member's nickname or user name, or the insured person's name (part of it, any case).
 */
export const ClaimDeskQuerySchema = PageQuerySchema.extend({
  status: z.enum(CLAIM_DESK_FILTERS, 'claim.deskFilter').optional(),
  keyword: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    line('field.keywordText').trim().max(50, 'field.keywordMax50').optional(),
  ),
});
