import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PaymentFrequency } from '#shared/added-policies.ts';
import type { CheckupCategory } from '#shared/checkup.ts';
import type { ClaimFileMime } from '#shared/claims.ts';
import type { IdType, Relation } from '#shared/orders.ts';
import { day, timestampNow } from './columns.ts';
import { members } from './members.ts';
import { messages } from './orders.ts';
import { savedPersons } from './persons.ts';

/*
 * 保单托管 (docs/decisions/policy-wallet.md): policies from any insurer a member added by hand, the
 * persons they insure (copied from the saved persons, so the check-up matches them by ID number
 * like policies bought here), their documents (files in the storage provider, only keys here) and
 * the reminders sent for them. Everything belongs to one member and goes with them.
 */

export const addedPolicies = pgTable(
  'added_policies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    insurer: text().notNull(),
    productName: text().notNull(),
    category: text().$type<CheckupCategory>().notNull(),
    policyNo: text().notNull(),
    /** Sums insured per cover, in fen. */
    covers: jsonb().$type<{ name: string; sumInsuredFen: number }[]>().notNull(),
    startDate: day().notNull(),
    endDate: day().notNull(),
    premiumFen: bigint({ mode: 'number' }).notNull(),
    paymentFrequency: text().$type<PaymentFrequency>().notNull(),
    /** The due date the member gave; the next ones follow it by the frequency. */
    firstDueDate: day(),
    /** The next premium due on or after the day the sweep last looked (the premium reminder's date). */
    nextDueDate: day(),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [
    index('added_policies_member_idx').on(t.memberId, t.id),
    index('added_policies_end_idx').on(t.endDate),
    index('added_policies_due_idx').on(t.nextDueDate),
  ],
);

export const addedPolicyInsureds = pgTable(
  'added_policy_insureds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    addedPolicyId: integer()
      .notNull()
      .references(() => addedPolicies.id, { onDelete: 'cascade' }),
    personId: integer().references(() => savedPersons.id, { onDelete: 'set null' }),
    name: text().notNull(),
    idType: text().$type<IdType>().notNull(),
    idNumber: text().notNull(),
    relation: text().$type<Relation>(),
  },
  (t) => [
    index('added_policy_insureds_policy_idx').on(t.addedPolicyId),
    index('added_policy_insureds_id_idx').on(t.idNumber),
  ],
);

export const addedPolicyFiles = pgTable(
  'added_policy_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    addedPolicyId: integer()
      .notNull()
      .references(() => addedPolicies.id, { onDelete: 'cascade' }),
    /** Under `added-policies/<memberId>/`, made by the server. */
    storageKey: text().notNull(),
    mime: text().$type<ClaimFileMime>().notNull(),
    size: integer().notNull(),
    createdAt: timestampNow(),
  },
  (t) => [index('added_policy_files_policy_idx').on(t.addedPolicyId, t.id)],
);

export const ADDED_POLICY_REMINDER_KINDS = ['renewal_30', 'renewal_7', 'premium_due'] as const;
export type AddedPolicyReminderKind = (typeof ADDED_POLICY_REMINDER_KINDS)[number];

/** One row per reminder sent: unique per policy, kind and the date it is about (end or due date). */
export const addedPolicyReminders = pgTable(
  'added_policy_reminders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    addedPolicyId: integer()
      .notNull()
      .references(() => addedPolicies.id, { onDelete: 'cascade' }),
    kind: text({ enum: ADDED_POLICY_REMINDER_KINDS }).notNull(),
    onDate: day().notNull(),
    messageId: integer().references(() => messages.id, { onDelete: 'set null' }),
    sentAt: timestampNow(),
  },
  (t) => [uniqueIndex('added_policy_reminders_uq').on(t.addedPolicyId, t.kind, t.onDate)],
);
