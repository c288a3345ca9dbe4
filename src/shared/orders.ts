import { CREDIT_CODE_PATTERN, isCreditCode, normalizeCreditCode } from './credit-code.ts';
import { z } from 'zod';
import type { SharedTextKey } from './texts/zh-cn.ts';
import { text } from './text.ts';
import { beijingToday } from './beijing-time.ts';
import { CalendarDateSchema, DOCUMENT_KINDS, PageQuerySchema, type DocumentKind } from './catalogue.ts';
import { MOBILE_PATTERN } from './constants.ts';
import { idNumberProblem, normalizeIdNumber } from './identity.ts';

/**
 * Contracts of buying (docs/decisions/views.md, docs/decisions/insurance-rules.md): drafts (投保单) saved at any step, the team insured list
 * kept on the draft, the purchase trail, submission into an order, payment (WeChat Pay JSAPI),
 * order status and lists, and the internal messages badge. Every path is under
 * `/prod-api/app-api/v1` (api-paths.ts). Money in fen, times ISO.
 */

// ---------------------------------------------------------------- keys and labels

/** Documents that carry GB 11643 numbers (check digit, birth date at digits 7–14, sex at digit 17). */
export const ID_TYPES = ['id_card', 'hmt_residence', 'foreign_permanent'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** 与投保人关系. `self` copies the applicant. */
export const RELATIONS = ['self', 'spouse', 'child', 'parent', 'other'] as const;
export type Relation = (typeof RELATIONS)[number];

export const SEXES = ['male', 'female'] as const;

/** Where the H5 was when the draft was saved, so it can resume there. */
export const DRAFT_STEPS = ['plan', 'applicant', 'insured', 'health', 'confirm'] as const;
export type DraftStep = (typeof DRAFT_STEPS)[number];

/** Documents that must be opened and then confirmed before submission (docs/decisions/insurance-rules.md). */
export const REQUIRED_READING = ['clause', 'notice', 'exclusions'] as const satisfies readonly DocumentKind[];

export const ORDER_STATUSES = ['unpaid', 'paid', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The name of each status, a text key (the answers' `statusText`, the H5's own names; docs/decisions/server-texts-by-key.md). */
export const ORDER_STATUS_KEYS = {
  unpaid: 'order.status.unpaid',
  paid: 'order.status.paid',
  cancelled: 'order.status.cancelled',
  expired: 'order.status.expired',
} as const satisfies Record<OrderStatus, SharedTextKey>;

export const POLICY_STATUSES = ['pending', 'active', 'expired', 'surrendered'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];
export const POLICY_STATUS_KEYS = {
  pending: 'policy.status.pending',
  active: 'policy.status.active',
  expired: 'policy.status.expired',
  surrendered: 'policy.status.surrendered',
} as const satisfies Record<PolicyStatus, SharedTextKey>;

/**
 * A policy's status is never stored: it follows from the cover window (effective at the start
 * date 00:00 Beijing, ends at 24:00 of the end date) and the surrender time.
 */
export function policyStatusOf(
  p: { effectiveAt: string | Date; expiresAt: string | Date; surrenderedAt?: string | Date | null },
  now: number = Date.now(),
): PolicyStatus {
  if (p.surrenderedAt) return 'surrendered';
  if (now < new Date(p.effectiveAt).getTime()) return 'pending';
  if (now < new Date(p.expiresAt).getTime()) return 'active';
  return 'expired';
}

export const TEAM_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const MESSAGE_TYPES = ['order', 'payment', 'policy', 'claim', 'system'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const HEALTH_BLOCKED_MESSAGE = 'order.healthBlocked';

// ---------------------------------------------------------------- field rules

export const NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z][\u4e00-\u9fa5A-Za-z·• ]{0,28}[\u4e00-\u9fa5A-Za-z]$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why an ID number does not fit its document type (a text key and its values), or null when it is valid. */
export function idDocumentProblem(
  idType: IdType,
  value: string,
  today: string = beijingToday(),
): { message: SharedTextKey; params?: { idType: `idType.${IdType}` } } | null {
  const problem = idNumberProblem(value, today);
  if (problem === 'empty') return { message: 'field.idNumberRequired' };
  if (problem === 'format') return { message: 'field.idNumberFormat' };
  if (problem === 'birth') return { message: 'field.idNumberBirth' };
  if (problem === 'checkDigit') return { message: 'field.idNumberCheckDigit' };
  const id = normalizeIdNumber(value);
  const hmt = /^8[123]0000/.test(id);
  const fits = idType === 'id_card' ? /^[1-6]/.test(id) : idType === 'hmt_residence' ? hmt : id.startsWith('9');
  return fits ? null : { message: 'field.idNumberTypeMismatch', params: { idType: `idType.${idType}` } };
}

const trimmed = (max: number) => text().trim().max(max);
/** Form fields may come empty: an empty string counts as "not given". */
const optionalText = (max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), trimmed(max).optional());

const NameSchema = text().trim().regex(NAME_PATTERN, 'field.nameFormat');
const MobileSchema = text().trim().regex(MOBILE_PATTERN, 'field.mobileFormat');
const IdNumberSchema = text().transform(normalizeIdNumber);

/** Adds the ID number check (type-aware) to a person schema. */
function checkId(person: { idType: IdType; idNumber: string }, ctx: z.RefinementCtx): void {
  const problem = idDocumentProblem(person.idType, person.idNumber);
  if (problem) ctx.addIssue({ code: 'custom', path: ['idNumber'], ...problem });
}

// ---------------------------------------------------------------- persons: strict (submission, team rows)

/** 投保人 (individual products): checked in full at submission. */
export const ApplicantSchema = z
  .object({
    name: NameSchema,
    idType: z.enum(ID_TYPES).default('id_card'),
    idNumber: IdNumberSchema,
    mobile: MobileSchema,
    email: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      text().trim().max(100).regex(EMAIL_PATTERN, 'field.emailFormat').optional(),
    ),
  })
  .superRefine(checkId);

/** 被保人 of an individual product: `self` takes the applicant's details, others need their own. */
export const InsuredSchema = z.discriminatedUnion('relation', [
  z.object({ relation: z.literal('self') }),
  z
    .object({
      relation: z.enum(['spouse', 'child', 'parent', 'other']),
      name: NameSchema,
      idType: z.enum(ID_TYPES).default('id_card'),
      idNumber: IdNumberSchema,
      mobile: z.preprocess((v) => (v === '' || v === null ? undefined : v), MobileSchema.optional()),
    })
    .superRefine(checkId),
]);

/** 投保单位 of a team product. */
export const HolderSchema = z.object({
  company: text().trim().min(2, 'order.holderCompanyRequired').max(60),
  creditCode: text()
    .transform(normalizeCreditCode)
    .pipe(
      text()
        .regex(CREDIT_CODE_PATTERN, 'order.creditCodeFormat')
        .refine(isCreditCode, { message: 'order.creditCodeCheck', abort: true }),
    ),
  contact: NameSchema,
  contactMobile: MobileSchema,
});
export type Holder = z.infer<typeof HolderSchema>;

/** One insured person of a team list (a row of the Excel template). */
export const TeamRowInputSchema = z
  .object({
    name: NameSchema,
    idType: z.enum(ID_TYPES).default('id_card'),
    idNumber: IdNumberSchema,
    mobile: z.preprocess((v) => (v === '' || v === null ? undefined : v), MobileSchema.optional()),
    /** A number, or its digits as text (forms send strings). */
    occupationClass: z.preprocess(
      (v) => (typeof v === 'string' && /^\s*\d{1,2}\s*$/.test(v) ? Number(v) : v),
      z
        .number('field.occupationNumber')
        .int('field.occupationNumber')
        .min(1, 'field.occupationRange')
        .max(6, 'field.occupationRange'),
    ),
  })
  .superRefine(checkId);

// ---------------------------------------------------------------- persons: loose (drafts)

/**
 * What a half-filled form holds: every field optional, lengths bounded, checked in full only at
 * submission. `…InputSchema` is what the H5 sends (empty strings count as "not given"); the plain
 * schema is what is stored and answered.
 */
const draftPersonShape = {
  name: text().max(30).optional(),
  idType: z.enum(ID_TYPES).optional(),
  idNumber: text().max(32).optional(),
  mobile: text().max(20).optional(),
  email: text().max(100).optional(),
};
export const DraftPersonSchema = z.object(draftPersonShape);
export type DraftPerson = z.infer<typeof DraftPersonSchema>;
export const DraftPersonInputSchema = z.object({
  name: optionalText(30),
  idType: z.enum(ID_TYPES).optional(),
  idNumber: optionalText(32),
  mobile: optionalText(20),
  email: optionalText(100),
});

const { name, idType, idNumber, mobile } = draftPersonShape;
export const DraftInsuredSchema = z.object({ name, idType, idNumber, mobile, relation: z.enum(RELATIONS).optional() });
export type DraftInsured = z.infer<typeof DraftInsuredSchema>;
export const DraftInsuredInputSchema = DraftPersonInputSchema.omit({ email: true }).extend({
  relation: z.enum(RELATIONS).optional(),
});

export const DraftHolderSchema = z.object({
  company: text().max(60).optional(),
  creditCode: text().max(18).optional(),
  contact: text().max(30).optional(),
  contactMobile: text().max(20).optional(),
});
export type DraftHolder = z.infer<typeof DraftHolderSchema>;
export const DraftHolderInputSchema = z.object({
  company: optionalText(60),
  creditCode: optionalText(18),
  contact: optionalText(30),
  contactMobile: optionalText(20),
});

// ---------------------------------------------------------------- drafts

/**
 * The `recommendId` the H5 landed with (a number, or its text; -1 or empty means none). The server
 * keeps it only when it names a partner or channel member.
 */
export const RecommendIdSchema = z
  .union([
    z.number().int(),
    text()
      .trim()
      .regex(/^(-?\d{1,10})?$/, 'id.referrer'),
  ])
  .transform((v) => (v === '' ? null : Number(v)))
  .transform((n) => (n !== null && n > 0 && n <= 2_147_483_647 ? n : null));

const PlanFields = {
  planCode: text().trim().min(1).max(32).optional(),
  termDays: z.number().int().positive().max(3660).optional(),
  startDate: CalendarDateSchema.optional(),
  /** Province of the applicant (or company): required where a product is sold in listed regions only. */
  region: optionalText(32),
};

/** `POST /order/drafts`: starts an application for the product's current version. */
export const CreateDraftSchema = z.object({
  productId: z.number().int().positive().max(2_147_483_647),
  ...PlanFields,
  recommendId: RecommendIdSchema.optional(),
  step: z.enum(DRAFT_STEPS).optional(),
});
export type CreateDraftInput = z.input<typeof CreateDraftSchema>;

/** `PUT /order/drafts/{id}`: changes only the fields sent; `null` clears a person. */
export const UpdateDraftSchema = z.object({
  ...PlanFields,
  applicant: DraftPersonInputSchema.nullable().optional(),
  insured: DraftInsuredInputSchema.nullable().optional(),
  holder: DraftHolderInputSchema.nullable().optional(),
  recommendId: RecommendIdSchema.optional(),
  step: z.enum(DRAFT_STEPS).optional(),
});
export type UpdateDraftInput = z.input<typeof UpdateDraftSchema>;

export const HEALTH_STATES = ['none', 'pending', 'passed', 'blocked'] as const;

/** How far the trail is: what the server will check at submission. */
export const TrailProgressSchema = z.object({
  /** Documents that must be opened and confirmed for the current product version. */
  required: z.array(z.enum(DOCUMENT_KINDS)),
  opened: z.array(z.enum(DOCUMENT_KINDS)),
  confirmed: z.array(z.enum(DOCUMENT_KINDS)),
  /** `none`: the product asks no health questions; `pending`: not answered for this version. */
  health: z.enum(HEALTH_STATES),
  consent: z.boolean(),
  /** Everything above done; the form itself is checked at submission. */
  ready: z.boolean(),
});
export type TrailProgress = z.infer<typeof TrailProgressSchema>;

const iso = z.iso.datetime({ offset: true });

export const DraftSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: text(),
  team: z.boolean(),
  /** The version being bought (current when saved); documents must be read for this one. */
  versionId: z.number().int(),
  /** False when the product was taken off sale since. */
  onSale: z.boolean(),
  planCode: text().nullable(),
  termDays: z.number().int().nullable(),
  startDate: text().nullable(),
  region: text().nullable(),
  /** The owner's own form: ID numbers and mobiles in full. */
  applicant: DraftPersonSchema.nullable(),
  insured: DraftInsuredSchema.nullable(),
  holder: DraftHolderSchema.nullable(),
  step: z.enum(DRAFT_STEPS).nullable(),
  recommendId: z.number().int().nullable(),
  teamCount: z.number().int(),
  progress: TrailProgressSchema,
  createdAt: iso,
  updatedAt: iso,
});
export type Draft = z.infer<typeof DraftSchema>;

export const DraftListItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: text(),
  team: z.boolean(),
  planName: text().nullable(),
  startDate: text().nullable(),
  step: z.enum(DRAFT_STEPS).nullable(),
  /** Applicant's name, or the company for team products. */
  applicantName: text().nullable(),
  insuredCount: z.number().int(),
  onSale: z.boolean(),
  updatedAt: iso,
});
export type DraftListItem = z.infer<typeof DraftListItemSchema>;

const paged = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export const DraftListSchema = paged(DraftListItemSchema);
export type DraftList = z.infer<typeof DraftListSchema>;

// ---------------------------------------------------------------- purchase trail

/**
 * `POST /order/drafts/{id}/trail`: what the buyer did, recorded with the server's time. `versionId`
 * is the one the document answer carried; an outdated one is refused (409 A0409).
 */
export const TrailEventInputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('page'), step: z.enum(DRAFT_STEPS), pageVersion: text().trim().max(64).optional() }),
  z.object({ type: z.literal('open'), document: z.enum(DOCUMENT_KINDS), versionId: z.number().int().positive() }),
  z.object({
    type: z.literal('confirm'),
    documents: z.array(z.enum(DOCUMENT_KINDS)).min(1).max(DOCUMENT_KINDS.length),
    versionId: z.number().int().positive(),
  }),
  /** Question id → true for "是". Every question of the version must be answered. */
  z.object({
    type: z.literal('health'),
    versionId: z.number().int().positive(),
    answers: z.record(text().max(32), z.boolean()),
  }),
  z.object({ type: z.literal('consent'), granted: z.boolean() }),
]);
export type TrailEventInput = z.infer<typeof TrailEventInputSchema>;

export const TrailAnswerSchema = z.object({
  progress: TrailProgressSchema,
  /** Set when a "yes" health answer stops the online purchase. */
  blockedMessage: text().nullable(),
});
export type TrailAnswer = z.infer<typeof TrailAnswerSchema>;

// ---------------------------------------------------------------- team list

/** A row of a JSON list: ID number and mobile masked. */
export const TeamRowSchema = z.object({
  id: z.number().int(),
  name: text(),
  idType: z.enum(ID_TYPES),
  idNumberMasked: text(),
  mobileMasked: text(),
  occupationClass: z.number().int(),
  sex: z.enum(SEXES),
  /** Full years at the draft's start date. */
  age: z.number().int(),
  /** Null until plan, term and start date are chosen (or when the row breaks a rule). */
  premiumFen: z.number().int().nullable(),
});

/** `GET .../team/insured/{rowId}`: one row in full, for the single-row edit form of its owner. */
export const TeamRowDetailSchema = z.object({
  id: z.number().int(),
  name: text(),
  idType: z.enum(ID_TYPES),
  idNumber: text(),
  mobile: text(),
  occupationClass: z.number().int(),
  birthDate: text(),
  sex: z.enum(SEXES),
});
export type TeamRowDetail = z.infer<typeof TeamRowDetailSchema>;

export const TeamListSchema = z.object({
  rows: z.array(TeamRowSchema),
  count: z.number().int(),
  teamSize: z.object({ min: z.number().int(), max: z.number().int() }),
  /** Sum over the rows, or null with `premiumIssue` saying why it cannot be priced yet. */
  premiumFen: z.number().int().nullable(),
  premiumIssue: text().nullable(),
});
export type TeamList = z.infer<typeof TeamListSchema>;

/** `row` is the Excel row number (the header is row 1); `field` the column header. */
export const TeamImportErrorSchema = z.object({ row: z.number().int(), field: text(), message: text() });
export type TeamImportError = z.infer<typeof TeamImportErrorSchema>;

/**
 * `POST .../team/import` (multipart field `file`, .xlsx ≤ 2 MiB). All or nothing: with any error,
 * `imported` is 0, the list is unchanged and `errors` says what to fix row by row.
 */
export const TeamImportResultSchema = z.object({
  imported: z.number().int(),
  count: z.number().int(),
  errors: z.array(TeamImportErrorSchema),
});
export type TeamImportResult = z.infer<typeof TeamImportResultSchema>;

// ---------------------------------------------------------------- orders

/** `POST /order/drafts/{id}/submit`. */
export const SubmitDraftSchema = z.object({
  recommendId: RecommendIdSchema.optional(),
  /** The H5 build or sales page version shown, kept in the trail. */
  pageVersion: text().trim().max(64).optional(),
});
export type SubmitDraftInput = z.input<typeof SubmitDraftSchema>;

export const OrderPersonSchema = z.object({
  role: z.enum(['applicant', 'insured']),
  relation: z.enum(RELATIONS).nullable(),
  name: text(),
  idType: z.enum(ID_TYPES),
  idNumberMasked: text(),
  mobileMasked: text(),
  sex: z.enum(SEXES),
  /** Full years at the start date. */
  age: z.number().int(),
  occupationClass: z.number().int().nullable(),
  premiumFen: z.number().int().nullable(),
});
export type OrderPerson = z.infer<typeof OrderPersonSchema>;

export const OrderSummarySchema = z.object({
  id: z.number().int(),
  orderNo: text(),
  productId: z.number().int(),
  productName: text(),
  planCode: text(),
  planName: text(),
  termDays: z.number().int(),
  startDate: text(),
  endDate: text(),
  insuredCount: z.number().int(),
  premiumFen: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  /** The status's name in the reader's language (Accept-Language). */
  statusText: text(),
  createdAt: iso,
  /** When an unpaid order closes by itself (the payment page's countdown). */
  expiresAt: iso,
  paidAt: iso.nullable(),
  policyId: z.number().int().nullable(),
  policyNo: text().nullable(),
  /** When the order's policy was surrendered (犹豫期退保, refunded in full); null otherwise. */
  surrenderedAt: iso.nullable(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderDetailSchema = OrderSummarySchema.extend({
  insurer: text(),
  versionId: z.number().int(),
  team: z.boolean(),
  applicant: OrderPersonSchema.nullable(),
  holder: z.object({ company: text(), creditCode: text(), contact: text(), contactMobileMasked: text() }).nullable(),
  insured: z.array(OrderPersonSchema),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const OrderListQuerySchema = PageQuerySchema.extend({ status: z.enum(ORDER_STATUSES).optional() });
export const OrderListSchema = paged(OrderSummarySchema);
export type OrderList = z.infer<typeof OrderListSchema>;

// ---------------------------------------------------------------- payment

/** `POST /order/{id}/pay`. `returnUrl`: where the simulator's cashier sends the browser back. */
export const PayInputSchema = z.object({ returnUrl: text().trim().max(1024).optional() });
export type PayInput = z.infer<typeof PayInputSchema>;

/** For `WeixinJSBridge.invoke('getBrandWCPayRequest', …)`, as signed (camelCase `timeStamp`). */
export const JsapiPayParamsSchema = z.object({
  appId: text(),
  timeStamp: text(),
  nonceStr: text(),
  package: text(),
  signType: z.literal('RSA'),
  paySign: text(),
});
/** For `wx.chooseWXPay` (lower-case `timestamp`, no appId: it comes from wx.config). */
export const ChooseWXPayParamsSchema = JsapiPayParamsSchema.omit({ appId: true, timeStamp: true }).extend({
  timestamp: text(),
});

/**
 * Everything the pay page needs. Inside WeChat: `chooseWXPay` (or `payParams` for the bridge);
 * outside WeChat with the simulator: open `cashierUrl`. Either way the result is known only from
 * `GET /order/{id}/status`.
 */
export const PayAnswerSchema = z.object({
  orderId: z.number().int(),
  orderNo: text(),
  amountFen: z.number().int(),
  expiresAt: iso,
  payParams: JsapiPayParamsSchema,
  chooseWXPay: ChooseWXPayParamsSchema,
  cashierUrl: text().nullable(),
});
export type PayAnswer = z.infer<typeof PayAnswerSchema>;

/** `GET /order/{id}/status`: polled after the pay sheet closes. */
export const OrderStatusSchema = z.object({
  id: z.number().int(),
  orderNo: text(),
  status: z.enum(ORDER_STATUSES),
  /** The status's name in the reader's language (Accept-Language). */
  statusText: text(),
  expiresAt: iso,
  paidAt: iso.nullable(),
  policyId: z.number().int().nullable(),
  policyNo: text().nullable(),
});
export type OrderStatusAnswer = z.infer<typeof OrderStatusSchema>;

// ---------------------------------------------------------------- messages

export const MessageSchema = z.object({
  id: z.number().int(),
  type: z.enum(MESSAGE_TYPES),
  /** What kind of message it is (e.g. `claim.supplement`), or null for a message written as plain text. */
  template: text().nullable(),
  /** In the language the call asked for (Accept-Language), else Chinese. */
  title: text(),
  body: text(),
  /** An H5 route such as `/policy/index`, or null. */
  link: text().nullable(),
  read: z.boolean(),
  createdAt: iso,
});
export type Message = z.infer<typeof MessageSchema>;

export const MessageListSchema = paged(MessageSchema).extend({ unread: z.number().int() });
export type MessageList = z.infer<typeof MessageListSchema>;
export const UnreadCountSchema = z.object({ count: z.number().int() });
export const ReadAllSchema = z.object({ updated: z.number().int() });
