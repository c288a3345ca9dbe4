import { z } from 'zod';
import { line, text } from './text.ts';
import { COVER_GRADIENTS } from './covers.ts';
import { isCalendarDay } from './beijing-time.ts';
import { CLAIM_TYPES } from './claim-flow.ts';

/**
 * Contracts of the product catalogue (docs/decisions/views.md, docs/decisions/product-versions.md): product types, list items, the content
 * of one immutable product version (plans, coverages, terms, premium table, limits, documents),
 * the detail answer, and the premium quote. The server validates and serialises with these, the
 * H5 parses with them, and an order stores the `versionId` it was quoted under.
 */

// ---------------------------------------------------------------- keys and small values

export const PRODUCT_TYPE_CODES = ['accident', 'medical', 'travel', 'team'] as const;

export { COVER_GRADIENTS, type CoverKey } from './covers.ts';
export const COVER_KEYS = Object.keys(COVER_GRADIENTS) as [
  keyof typeof COVER_GRADIENTS,
  ...(keyof typeof COVER_GRADIENTS)[],
];

/** Icon keys of the coverage table (the productDetails `protectIcon` view maps them to icons). */
export const PROTECT_ICONS = [
  'death',
  'disability',
  'accident-medical',
  'allowance',
  'sudden-death',
  'hospital',
  'critical-illness',
  'outpatient',
  'drug',
  'rescue',
  'baggage',
  'delay',
  'liability',
  'legal',
] as const;
export type ProtectIcon = (typeof PROTECT_ICONS)[number];

/** The documents every version carries; `health` only where the product asks health questions. */
export const DOCUMENT_KINDS = ['clause', 'notice', 'exclusions', 'health'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_TITLES: Record<DocumentKind, string> = {
  clause: '保险条款',
  notice: '投保须知',
  exclusions: '责任免除',
  health: '健康告知',
};

/**
 * A term of 365 days means one policy year: it ends the day before the start date's anniversary
 * (366 calendar days across a 29 February). Other terms end on day `start + termDays - 1`.
 * Cover runs from 00:00 of the start date to 24:00 of the end date.
 */
export const ANNUAL_TERM_DAYS = 365;

export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 50;

/** A calendar date `YYYY-MM-DD` (Beijing date; no time, no zone). */
export const CalendarDateSchema = text().refine(isCalendarDay, { message: 'field.dateFormat' });

const fen = z.number().int().nonnegative();
const code = text().regex(/^[A-Za-z0-9_-]{1,32}$/);

// ---------------------------------------------------------------- version content

const percent = z.number().int().min(0).max(100);

/**
 * The claim rules of a coverage, used by the claim pre-check (docs/decisions/claim-pre-check.md).
 * All optional: versions published before them lack them, and each has a fallback —
 * `claimTypes` from the icon (src/server/modules/claims/precheck-rules.ts), no deductible, 100 %.
 */
export const CoverageClaimRulesSchema = z.object({
  /** The claim types this coverage answers (理赔类型); `[]` for a service that is not claimed (救援). */
  claimTypes: z.array(z.enum(CLAIM_TYPES)).optional(),
  /** 免赔额 per claim (a yearly deductible is checked as if nothing was claimed before). */
  deductibleFen: fen.optional(),
  /** 赔付比例 after the deductible: costs settled by social insurance first, and costs that were not. */
  payoutPercent: z.object({ withSocialInsurance: percent, withoutSocialInsurance: percent }).optional(),
});

export type CoverageClaimRules = z.infer<typeof CoverageClaimRulesSchema>;

export const CoverageSchema = z.object({
  name: text().min(1),
  sumInsuredFen: fen,
  description: text(),
  icon: z.enum(PROTECT_ICONS),
  ...CoverageClaimRulesSchema.shape,
});
export type Coverage = z.infer<typeof CoverageSchema>;

export const PlanSchema = z.object({
  code,
  name: text().min(1),
  coverages: z.array(CoverageSchema).min(1),
});
export type Plan = z.infer<typeof PlanSchema>;

export const TermSchema = z.object({
  days: z.number().int().positive(),
  label: text().min(1),
});
export type Term = z.infer<typeof TermSchema>;

const band = { termDays: z.number().int().positive(), premiumFen: fen };

/** Individual products: premium per insured person by plan × age band (inclusive) × term. */
export const AgePremiumRowSchema = z.object({
  planCode: code,
  minAge: z.number().int().min(0),
  maxAge: z.number().int().max(120),
  ...band,
});
/** Team products: premium per head by plan × occupation class band (inclusive) × term. */
export const OccupationPremiumRowSchema = z.object({
  planCode: code,
  minClass: z.number().int().min(1),
  maxClass: z.number().int().max(6),
  ...band,
});

export const PremiumTableSchema = z.discriminatedUnion('basis', [
  z.object({ basis: z.literal('age'), rows: z.array(AgePremiumRowSchema).min(1) }),
  z.object({ basis: z.literal('occupation'), rows: z.array(OccupationPremiumRowSchema).min(1) }),
]);
export type PremiumTable = z.infer<typeof PremiumTableSchema>;

const range = z
  .object({ min: z.number().int(), max: z.number().int() })
  .refine((r) => r.min <= r.max, { message: 'min 不能大于 max' });

/** The "special sub-info" of the detail page, and what the quote enforces. */
export const LimitsSchema = z.object({
  /** Full years at the start date. */
  insuredAge: range,
  /** Where the youngest must be some days old (出生满 28 天); checked when a birth date is given. */
  insuredMinDays: z.number().int().min(0).optional(),
  applicantMinAge: z.number().int().min(0),
  /** Occupation classes accepted (1 = office work … 6 = high risk). */
  occupationClasses: range,
  /** Where the product is sold; `excluded` names regions refused although inside `sold`. */
  regions: z.object({ sold: z.array(text()).min(1), excluded: z.array(text()) }),
  /** Earliest and latest start date, in days after today (Beijing date). */
  startOffsetDays: range,
  /** Team products only: how many insured persons one policy takes. */
  teamSize: range.optional(),
});
export type Limits = z.infer<typeof LimitsSchema>;

export const HealthQuestionSchema = z.object({ id: code, text: text().min(1) });
export type HealthQuestion = z.infer<typeof HealthQuestionSchema>;

/** `content` holds paragraphs separated by a blank line. */
export const ProductDocumentSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  title: text().min(1),
  content: text().min(1),
  /** Health notice only: any "yes" stops online purchase (docs/decisions/insurance-rules.md). */
  questions: z.array(HealthQuestionSchema).optional(),
});
export type ProductDocument = z.infer<typeof ProductDocumentSchema>;

function contentProblems(c: z.infer<typeof ContentShape>): string[] {
  const problems: string[] = [];
  const plans = new Set(c.plans.map((p) => p.code));
  const terms = new Set(c.terms.map((t) => t.days));
  if (plans.size !== c.plans.length) problems.push('方案代码重复');
  if (terms.size !== c.terms.length) problems.push('保障期限重复');
  const kinds = c.documents.map((d) => d.kind);
  for (const kind of ['clause', 'notice', 'exclusions'] as const)
    if (!kinds.includes(kind)) problems.push(`缺少${DOCUMENT_KIND_TITLES[kind]}`);
  if (new Set(kinds).size !== kinds.length) problems.push('文档类型重复');
  const health = c.documents.find((d) => d.kind === 'health');
  if (health && !health.questions?.length) problems.push('健康告知缺少问题');
  const isTeam = c.premiums.basis === 'occupation';
  if (isTeam !== Boolean(c.limits.teamSize)) problems.push('团体产品需按职业类别计费并设定团体人数');
  const [lo, hi] = isTeam
    ? [c.limits.occupationClasses.min, c.limits.occupationClasses.max]
    : [c.limits.insuredAge.min, c.limits.insuredAge.max];
  // Every plan × term must price every allowed age (or class) exactly once.
  for (const plan of plans) {
    for (const term of terms) {
      for (let v = lo; v <= hi; v += 1) {
        const hits = c.premiums.rows.filter(
          (r) =>
            r.planCode === plan &&
            r.termDays === term &&
            ('minAge' in r ? r.minAge <= v && v <= r.maxAge : r.minClass <= v && v <= r.maxClass),
        ).length;
        if (hits !== 1) problems.push(`保费表 ${plan}/${term}天/${v} 有 ${hits} 个费率`);
      }
    }
  }
  for (const r of c.premiums.rows) {
    if (!plans.has(r.planCode) || !terms.has(r.termDays))
      problems.push(`保费表含未知方案或期限 ${r.planCode}/${r.termDays}`);
  }
  return problems;
}

/**
 * A translation of a version's customer-facing texts (docs/decisions/catalogue-translations.md). Every
 * field is optional: what is missing is shown in Chinese (fallback per field). Plans are keyed by
 * plan code, their coverages listed in the plan's order; terms by days; documents by kind; health
 * questions by id. Prices, limits and codes are never translated.
 */
export const ProductLocaleSchema = z.object({
  name: text().min(1).optional(),
  tagline: text().optional(),
  insurer: text().min(1).optional(),
  tags: z.array(text()).optional(),
  highlights: z.array(text()).optional(),
  plans: z
    .record(
      line(),
      z.object({
        name: text().min(1).optional(),
        coverages: z.array(z.object({ name: text().min(1).optional(), description: text().optional() })).optional(),
      }),
    )
    .optional(),
  terms: z.record(line(), text().min(1)).optional(),
  documents: z
    .record(
      line(),
      z.object({
        title: text().min(1).optional(),
        content: text().min(1).optional(),
        questions: z.record(line(), text().min(1)).optional(),
      }),
    )
    .optional(),
});
export type ProductLocale = z.infer<typeof ProductLocaleSchema>;

/** Translations by language; Chinese is the content itself. */
export const ProductLocalesSchema = z.object({ pl: ProductLocaleSchema.optional() });
export type ProductLocales = z.infer<typeof ProductLocalesSchema>;

const ContentShape = z.object({
  plans: z.array(PlanSchema).min(1),
  terms: z.array(TermSchema).min(1),
  premiums: PremiumTableSchema,
  limits: LimitsSchema,
  /** 犹豫期 in days; 0 where the product has none (short-term travel and accident). */
  coolingOffDays: z.number().int().min(0),
  /** 等待期 in days: illness in these first days after the start is not covered (accidents are). */
  waitingDays: z.number().int().min(0),
  /**
   * 可续保: the insurer offers the same product again when a policy ends, so the member is reminded
   * 30 and 7 days before and can renew in one step (docs/decisions/renewal.md). Absent on
   * versions published before it: not renewable.
   */
  renewable: z.boolean().optional(),
  highlights: z.array(text()),
  documents: z.array(ProductDocumentSchema).min(3),
  /** Texts in other languages than Chinese; absent on versions published before translations. */
  locales: ProductLocalesSchema.optional(),
});

/** What one product version sells; stored as jsonb in `product_versions.content`, never changed. */
export const ProductContentSchema = ContentShape.superRefine((c, ctx) => {
  for (const message of contentProblems(c)) ctx.addIssue({ code: 'custom', message });
});
export type ProductContent = z.infer<typeof ProductContentSchema>;

// ---------------------------------------------------------------- list, detail, documents

export const ProductListItemSchema = z.object({
  id: z.number().int(),
  code: text(),
  typeCode: text(),
  name: text(),
  tagline: text(),
  insurer: text(),
  /** Lowest premium of the current version ("¥x 起"), per person or per head. */
  minPremiumFen: fen,
  team: z.boolean(),
  tags: z.array(text()),
  cover: z.enum(COVER_KEYS),
  salesCount: z.number().int(),
});
export type ProductListItem = z.infer<typeof ProductListItemSchema>;

export const ListTypeProdsQuerySchema = z.object({
  /** A type code: only that type. */
  type: line().trim().max(32).optional(),
  /** Name or tagline contains it (case-insensitive). */
  keyword: line().trim().max(50).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type ListTypeProdsQuery = z.input<typeof ListTypeProdsQuerySchema>;

/**
 * `GET prodType/listTypeProds`: types in `sort` order, each with its on-sale products matching the
 * filters, paged PER TYPE: `products` is page `page` of `pageSize`, `total` counts all matches of
 * that type. Types without a match are left out. The product list's infinite scroll asks
 * `?type=<code>&page=n` and stops when `page * pageSize >= total`.
 */
export const TypeWithProductsSchema = z.object({
  id: z.number().int(),
  code: text(),
  name: text(),
  sort: z.number().int(),
  icon: text(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  products: z.array(ProductListItemSchema),
});
export type TypeWithProducts = z.infer<typeof TypeWithProductsSchema>;
export const ListTypeProdsSchema = z.array(TypeWithProductsSchema);

export const DocumentRefSchema = z.object({ kind: z.enum(DOCUMENT_KINDS), title: text() });

/** `GET product/{id}`: the on-sale product and its current version, without document texts. */
export const ProductDetailSchema = ProductListItemSchema.extend({
  type: z.object({ code: text(), name: text() }),
  versionId: z.number().int(),
  version: z.number().int(),
  publishedAt: z.iso.datetime({ offset: true }),
  plans: z.array(PlanSchema),
  terms: z.array(TermSchema),
  premiums: PremiumTableSchema,
  limits: LimitsSchema,
  coolingOffDays: z.number().int(),
  waitingDays: z.number().int(),
  highlights: z.array(text()),
  documents: z.array(DocumentRefSchema),
  /** True only when the caller sent a valid token and collected the product. */
  favourite: z.boolean(),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/** `GET product/{id}/documents/{kind}`: the full text as of the current version. */
export const ProductDocumentAnswerSchema = ProductDocumentSchema.extend({ versionId: z.number().int() });
export type ProductDocumentAnswer = z.infer<typeof ProductDocumentAnswerSchema>;

// ---------------------------------------------------------------- quote

export const QuoteInsuredSchema = z.object({
  /** Preferred: the age is taken at the start date. */
  birthDate: CalendarDateSchema.optional(),
  age: z.number().int().min(0).max(120).optional(),
  occupationClass: z.number().int().min(1).max(6).optional(),
});

/**
 * `POST product/{id}/quote`. Individual products send `insured` (one entry per person, birthDate
 * or age). Team products send either `insured` (each with occupationClass; ages checked when
 * given) or `count` + `occupationClass` for an estimate before the list is known.
 */
export const QuoteInputSchema = z.object({
  planCode: text().min(1).max(32),
  termDays: z.number().int().positive().max(3660),
  startDate: CalendarDateSchema,
  insured: z.array(QuoteInsuredSchema).min(1).max(1000).optional(),
  count: z.number().int().min(1).max(100_000).optional(),
  occupationClass: z.number().int().min(1).max(6).optional(),
  /** Applicant's province or region, when known: checked against the regions sold. */
  region: text().trim().max(32).optional(),
});
export type QuoteInput = z.infer<typeof QuoteInputSchema>;

export const QuotePersonSchema = z.object({
  age: z.number().int().nullable(),
  occupationClass: z.number().int().nullable(),
  premiumFen: fen,
});

/** One entry per insured person, in input order; `premiumFen` is their sum. */
export const QuoteResultSchema = z.object({
  productId: z.number().int(),
  versionId: z.number().int(),
  planCode: text(),
  termDays: z.number().int(),
  startDate: text(),
  endDate: text(),
  insuredCount: z.number().int(),
  premiumFen: fen,
  perPerson: z.array(QuotePersonSchema),
});
export type QuoteResult = z.infer<typeof QuoteResultSchema>;

// ---------------------------------------------------------------- favourites

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export const CollectedProductSchema = ProductListItemSchema.extend({
  /** Favourites outlive a product's sale: an off-sale one stays listed so it can be removed. */
  onSale: z.boolean(),
  collectedAt: z.iso.datetime({ offset: true }),
});
export type CollectedProduct = z.infer<typeof CollectedProductSchema>;

/** `GET product/collectProdList`: the caller's favourites, newest first. */
export const CollectProdListSchema = z.object({
  list: z.array(CollectedProductSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CollectProdList = z.infer<typeof CollectProdListSchema>;

export const CollectStateSchema = z.object({ productId: z.number().int(), favourite: z.boolean() });
