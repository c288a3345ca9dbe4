import { z } from 'zod';
import { text } from './text.ts';
import { RELATIONS } from './orders.ts';

/**
 * Contracts of the family cover check-up (保障体检, docs/decisions/family-cover-check-up.md): for each
 * of the member's persons (常用被保人 and the member themself) what their policies, bought here or
 * added (保单托管), cover today or from a later start by category, what ends within ENDS_SOON_DAYS,
 * and the family categories with no cover (gaps) with a suggestion per person; and the one-tap quote
 * of a gap, which prepares drafts (投保单) for the uncovered persons. Paths are below
 * `/prod-api/app-api/v1` (api-paths.ts).
 */

/** The categories of cover, named after the product types of the demo catalogue. */
export const CHECKUP_CATEGORIES = ['accident', 'medical', 'travel', 'team'] as const;
export type CheckupCategory = (typeof CHECKUP_CATEGORIES)[number];

/**
 * The categories a family gap can be in: those a person can buy as an individual. 团体险 (a
 * company's cover for its staff) is shown when held, never suggested to a family.
 */
export const FAMILY_CATEGORIES = ['accident', 'medical', 'travel'] as const;
export type FamilyCategory = (typeof FAMILY_CATEGORIES)[number];

/** A cover ends soon when it has at most this many days left, today included (beijing-time.ts `daysLeft`). */
export const ENDS_SOON_DAYS = 30;

/** Where a cover comes from: a policy bought here, or one the member added (保单托管). */
export const COVER_SOURCES = ['ours', 'added'] as const;

/** One policy covering one person today, or from a later start date (`pending`). */
export const CheckupCoverSchema = z.object({
  category: z.enum(CHECKUP_CATEGORIES),
  source: z.enum(COVER_SOURCES),
  /** The policy's id among its source's records (order/policyInfo or added-policies). */
  policyId: z.number().int(),
  policyNo: text(),
  /** The insurer of an added policy; null for ours. */
  insurer: text().nullable(),
  productName: text(),
  planName: text().nullable(),
  /** First day of cover (from 00:00 Beijing). */
  startDate: text(),
  /** Last day of cover (cover runs to 24:00 Beijing of this day). */
  endDate: text(),
  /** Not started yet: cover from `startDate`, which still fills the gap. */
  pending: z.boolean(),
  /** Whole days of cover left, today included: 1 = cover ends tonight. */
  daysLeft: z.number().int(),
  endsSoon: z.boolean(),
});
export type CheckupCover = z.infer<typeof CheckupCoverSchema>;

/** One of the member's persons, masked as every list is. */
export const CheckupPersonSchema = z.object({
  /** The saved person's id (常用被保人, or 常用投保人 for the member themself when not saved as insured). */
  personId: z.number().int(),
  self: z.boolean(),
  name: text(),
  relation: z.enum(RELATIONS).nullable(),
  idNumber: text(),
  mobile: text().nullable(),
  /** Full years today. */
  age: z.number().int(),
  covers: z.array(CheckupCoverSchema),
  /** Family categories this person has no cover in, today or starting later. */
  gaps: z.array(z.enum(FAMILY_CATEGORIES)),
});
export type CheckupPerson = z.infer<typeof CheckupPersonSchema>;

export const CheckupProductSchema = z.object({ id: z.number().int(), name: text() });

/**
 * What the check-up suggests for one person lacking a category: the on-sale individual product that
 * takes them, or none with the reason: `age` when their age at each product's earliest start date is
 * outside every product's `ageRanges`, `minDays` when they are younger than `minDays` days then,
 * `noProduct` when nothing of the category is on sale.
 */
export const CheckupSuggestionSchema = z.object({
  personId: z.number().int(),
  name: text(),
  product: CheckupProductSchema.nullable(),
  reason: z.enum(['age', 'minDays', 'noProduct']).nullable(),
  age: z.number().int(),
  ageRanges: z.array(z.object({ min: z.number().int(), max: z.number().int() })),
  minDays: z.number().int().nullable(),
});
export type CheckupSuggestion = z.infer<typeof CheckupSuggestionSchema>;

/** A category some persons lack, with what fits each of them. */
export const CheckupGapSchema = z.object({
  category: z.enum(FAMILY_CATEGORIES),
  personIds: z.array(z.number().int()),
  suggestions: z.array(CheckupSuggestionSchema),
});
export type CheckupGap = z.infer<typeof CheckupGapSchema>;

/** `GET /checkup`. */
export const CheckupSchema = z.object({
  /** The Beijing date the answer is computed for. */
  today: text(),
  endsSoonDays: z.number().int(),
  /** No 常用被保人 marked 本人 and no 常用投保人: the member themself is not in the list. */
  selfMissing: z.boolean(),
  persons: z.array(CheckupPersonSchema),
  gaps: z.array(CheckupGapSchema),
});
export type Checkup = z.infer<typeof CheckupSchema>;

/** `POST /checkup/quote`: one tap on a gap. */
export const CheckupQuoteInputSchema = z.object({
  category: z.enum(FAMILY_CATEGORIES, 'checkup.category'),
});

export const CheckupQuoteSchema = z.object({
  category: z.enum(FAMILY_CATEGORIES),
  /**
   * One draft per person, on the product suggested for them, the one to open first; a draft made by
   * an earlier tap and still open is answered again (`reused`), never made twice.
   */
  drafts: z.array(
    z.object({
      draftId: z.number().int(),
      product: CheckupProductSchema,
      personIds: z.array(z.number().int()),
      names: z.array(text()),
      reused: z.boolean(),
    }),
  ),
  /** The persons lacking the cover whom no product takes, with the reason. */
  leftOut: z.array(CheckupSuggestionSchema),
});
export type CheckupQuote = z.infer<typeof CheckupQuoteSchema>;
