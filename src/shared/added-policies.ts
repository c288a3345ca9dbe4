import { z } from 'zod';
import { CalendarDateSchema } from './catalogue.ts';
import { CHECKUP_CATEGORIES } from './checkup.ts';
import { CLAIM_FILE_MIMES } from './claims.ts';
import { RELATIONS } from './orders.ts';
import { line, text } from './text.ts';

/**
 * 保单托管: policies the family holds from other insurers, added by the member so that the check-up
 * and the reminders count them (docs/decisions/policy-wallet.md). Only their member reads them; lists
 * mask ID numbers. Paths are below `/prod-api/app-api/v1` (api-paths.ts `addedPolicies`).
 */

export const PAYMENT_FREQUENCIES = ['single', 'yearly', 'monthly'] as const;
export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];

/** Enough for a family's every policy; a list never needs paging. */
export const ADDED_POLICIES_MAX = 50;
/** Persons one added policy insures, and covers it lists. */
export const ADDED_POLICY_INSURED_MAX = 10;
export const ADDED_POLICY_COVERS_MAX = 20;
/** Documents per added policy (PDF or photos, the claim materials' size and type rules). */
export const ADDED_POLICY_FILES_MAX = 10;

/** The premium reminder comes when this many whole days are left before the due date. */
export const PREMIUM_REMINDER_DAYS = 7;

/** At most ¥100,000,000 per cover and per premium, in fen. */
const MAX_FEN = 10_000_000_000;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const CoverInputSchema = z.object({
  name: line('addedPolicy.coverNameRequired')
    .trim()
    .min(1, 'addedPolicy.coverNameRequired')
    .max(30, 'addedPolicy.coverNameMax'),
  sumInsuredFen: z
    .number('addedPolicy.sumInsuredNumber')
    .int('addedPolicy.sumInsuredNumber')
    .min(1, 'addedPolicy.sumInsuredRange')
    .max(MAX_FEN, 'addedPolicy.sumInsuredRange'),
});

/** The request of `POST /added-policies` and `PUT /added-policies/{id}`. */
export const AddedPolicyInputSchema = z
  .object({
    insurer: line('addedPolicy.insurerRequired')
      .trim()
      .min(1, 'addedPolicy.insurerRequired')
      .max(40, 'addedPolicy.insurerMax'),
    productName: line('addedPolicy.productNameRequired')
      .trim()
      .min(1, 'addedPolicy.productNameRequired')
      .max(60, 'addedPolicy.productNameMax'),
    category: z.enum(CHECKUP_CATEGORIES, 'addedPolicy.category'),
    /** The member's saved persons (常用被保人, or the 常用投保人 that is the member) it insures. */
    insuredPersonIds: z
      .array(z.number().int().positive(), 'addedPolicy.insuredRequired')
      .min(1, 'addedPolicy.insuredRequired')
      .max(ADDED_POLICY_INSURED_MAX, 'addedPolicy.insuredMax'),
    covers: z
      .array(CoverInputSchema, 'addedPolicy.coversRequired')
      .min(1, 'addedPolicy.coversRequired')
      .max(ADDED_POLICY_COVERS_MAX, 'addedPolicy.coversMax'),
    startDate: CalendarDateSchema,
    /** The last day of cover (to 24:00 Beijing). */
    endDate: CalendarDateSchema,
    premiumFen: z
      .number('addedPolicy.premiumNumber')
      .int('addedPolicy.premiumNumber')
      .min(0, 'addedPolicy.premiumRange')
      .max(MAX_FEN, 'addedPolicy.premiumRange'),
    paymentFrequency: z.enum(PAYMENT_FREQUENCIES, 'addedPolicy.frequency'),
    /** The next premium's due date; yearly and monthly payments only. */
    nextDueDate: z.preprocess(blankToUndefined, CalendarDateSchema.optional()),
    policyNo: line('addedPolicy.policyNoRequired')
      .trim()
      .min(1, 'addedPolicy.policyNoRequired')
      .max(40, 'addedPolicy.policyNoMax'),
  })
  .superRefine((p, ctx) => {
    if (p.endDate < p.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'addedPolicy.endBeforeStart' });
    if (p.paymentFrequency === 'single') {
      if (p.nextDueDate)
        ctx.addIssue({ code: 'custom', path: ['nextDueDate'], message: 'addedPolicy.singleNoDueDate' });
    } else if (!p.nextDueDate) {
      ctx.addIssue({ code: 'custom', path: ['nextDueDate'], message: 'addedPolicy.dueDateRequired' });
    } else if (p.nextDueDate < p.startDate || p.nextDueDate > p.endDate) {
      ctx.addIssue({ code: 'custom', path: ['nextDueDate'], message: 'addedPolicy.dueDateInCover' });
    }
  });
export type AddedPolicyInput = z.input<typeof AddedPolicyInputSchema>;
export type AddedPolicyValues = z.output<typeof AddedPolicyInputSchema>;

export const AddedPolicyInsuredSchema = z.object({
  /** The saved person it was chosen from; null once that person was removed. */
  personId: z.number().int().nullable(),
  name: text(),
  /** Masked in every answer. */
  idNumber: text(),
  relation: z.enum(RELATIONS).nullable(),
});

export const AddedPolicyFileSchema = z.object({
  id: z.number().int(),
  mime: z.enum(CLAIM_FILE_MIMES),
  size: z.number().int(),
  uploadedAt: text(),
});

/** Where an added policy stands today: not started, in force, or over. */
export const ADDED_POLICY_STATES = ['pending', 'active', 'ended'] as const;

export const AddedPolicySchema = z.object({
  id: z.number().int(),
  insurer: text(),
  productName: text(),
  category: z.enum(CHECKUP_CATEGORIES),
  insured: z.array(AddedPolicyInsuredSchema),
  covers: z.array(z.object({ name: text(), sumInsuredFen: z.number().int() })),
  startDate: text(),
  endDate: text(),
  premiumFen: z.number().int(),
  paymentFrequency: z.enum(PAYMENT_FREQUENCIES),
  /** The next premium due on or after today (null: single premium, or none left before the end). */
  nextDueDate: text().nullable(),
  policyNo: text(),
  state: z.enum(ADDED_POLICY_STATES),
  /** Whole days of cover left, today included (beijing-time.ts `daysLeft`). */
  daysLeft: z.number().int(),
  files: z.array(AddedPolicyFileSchema),
  updatedAt: text(),
});
export type AddedPolicy = z.infer<typeof AddedPolicySchema>;

export const AddedPolicyListSchema = z.object({
  list: z.array(AddedPolicySchema),
  total: z.number().int(),
  max: z.number().int(),
});
export type AddedPolicyList = z.infer<typeof AddedPolicyListSchema>;

/** `DELETE /added-policies`: everything the member added is gone, files included. */
export const AddedPoliciesDeletedSchema = z.object({ policies: z.number().int(), files: z.number().int() });
export type AddedPoliciesDeleted = z.infer<typeof AddedPoliciesDeletedSchema>;
