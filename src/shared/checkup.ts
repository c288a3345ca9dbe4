import { z } from 'zod';
import { text } from './text.ts';
import { RELATIONS } from './orders.ts';

/**
 * Contracts of the family cover check-up (保障体检, docs/decisions/family-cover-check-up.md): for each
 * of the member's persons (常用被保人 and the member themself) what their own policies cover today
 * by category, what ends within ENDS_SOON_DAYS, and the categories with no cover (gaps); and the
 * one-tap quote of a gap, which prepares drafts (投保单) for the uncovered persons. Paths are below
 * `/prod-api/app-api/v1` (api-paths.ts).
 */

/** The categories of cover, named after the product types of the demo catalogue. */
export const CHECKUP_CATEGORIES = ['accident', 'medical', 'travel', 'team'] as const;
export type CheckupCategory = (typeof CHECKUP_CATEGORIES)[number];

/** A cover ends soon when its last day is at most this many days after today (Beijing dates). */
export const ENDS_SOON_DAYS = 30;

/** One policy covering one person today. */
export const CheckupCoverSchema = z.object({
  category: z.enum(CHECKUP_CATEGORIES),
  policyId: z.number().int(),
  policyNo: text(),
  productId: z.number().int(),
  productName: text(),
  planName: text(),
  /** Last day of cover (cover runs to 24:00 Beijing of this day). */
  endDate: text(),
  /** Days from today to the end date: 0 = cover ends tonight. */
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
  /** Categories this person has no cover in today. */
  gaps: z.array(z.enum(CHECKUP_CATEGORIES)),
});
export type CheckupPerson = z.infer<typeof CheckupPersonSchema>;

export const CheckupProductSchema = z.object({ id: z.number().int(), name: text() });

/** A category some persons lack, with the product the one-tap quote would use (null: none on sale). */
export const CheckupGapSchema = z.object({
  category: z.enum(CHECKUP_CATEGORIES),
  personIds: z.array(z.number().int()),
  product: CheckupProductSchema.nullable(),
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
  category: z.enum(CHECKUP_CATEGORIES, 'checkup.category'),
});

/**
 * A person left out of the quote because the product does not take them: `age` when their age at
 * the earliest start date is outside `minAge`–`maxAge`, `minDays` when they are younger than
 * `minDays` days then.
 */
export const CheckupLeftOutSchema = z.object({
  personId: z.number().int(),
  name: text(),
  reason: z.enum(['age', 'minDays']),
  age: z.number().int(),
  minAge: z.number().int(),
  maxAge: z.number().int(),
  minDays: z.number().int().nullable(),
});
export type CheckupLeftOut = z.infer<typeof CheckupLeftOutSchema>;

export const CheckupQuoteSchema = z.object({
  category: z.enum(CHECKUP_CATEGORIES),
  product: CheckupProductSchema,
  /** The drafts made, the one to open first; an individual product insures one person per draft. */
  drafts: z.array(
    z.object({ draftId: z.number().int(), personIds: z.array(z.number().int()), names: z.array(text()) }),
  ),
  leftOut: z.array(CheckupLeftOutSchema),
});
export type CheckupQuote = z.infer<typeof CheckupQuoteSchema>;
