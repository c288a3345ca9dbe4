import { index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ClaimFileKind, ClaimFileMime, ClaimStatus, ClaimType } from '#shared/claims.ts';
import { day, timestampNow } from './columns.ts';
import { members } from './members.ts';
import { policies, policyInsureds } from './orders.ts';

/*
 * Claims (理赔): one row per report on a policy and insured person, its materials (files in the
 * storage provider, only their keys here) and its timeline. The payee's bank account is stored
 * whole because the insurer pays into it; every answer masks it.
 */

/** Claim numbers take their last 8 digits from this. */
export const claimNoSeq = pgSequence('claim_no_seq');

export const claims = pgTable(
  'claims',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** C + yyyymmdd (Beijing) + 8 digits. */
    claimNo: text().notNull(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    policyId: integer()
      .notNull()
      .references(() => policies.id),
    policyInsuredId: integer()
      .notNull()
      .references(() => policyInsureds.id),
    type: text().$type<ClaimType>().notNull(),
    incidentDate: day().notNull(),
    description: text().notNull(),
    amountFen: integer().notNull(),
    payeeName: text().notNull(),
    payeeBank: text().notNull(),
    payeeAccount: text().notNull(),
    status: text().$type<ClaimStatus>().notNull().default('reported'),
    /** When the status last became 补充材料: files uploaded after it count as the supplement. */
    supplementSince: timestamp({ withTimezone: true }),
    paidFen: integer(),
    paidAt: timestamp({ withTimezone: true }),
    /*
     * The statutory clock (docs/domain.md#claim-deadlines), written with the step that starts it:
     * materials complete = the claim (last) became 审核中, the decision due 30 days later; decided =
     * 已结案 (the agreement) or 拒赔, payment due 10 days after an agreement. Beijing dates.
     */
    materialsCompleteAt: timestamp({ withTimezone: true }),
    decisionDueOn: day(),
    decidedAt: timestamp({ withTimezone: true }),
    paymentDueOn: day(),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [
    uniqueIndex('claims_claim_no_uq').on(t.claimNo),
    index('claims_member_idx').on(t.memberId, t.createdAt),
    index('claims_policy_idx').on(t.policyId),
  ],
);

export const claimFiles = pgTable(
  'claim_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    claimId: integer()
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    /** Under `claims/<claimId>/`, made by the server. */
    storageKey: text().notNull(),
    mime: text().$type<ClaimFileMime>().notNull(),
    size: integer().notNull(),
    kind: text().$type<ClaimFileKind>().notNull().default('other'),
    uploadedBy: integer().notNull(),
    createdAt: timestampNow(),
  },
  (t) => [index('claim_files_claim_idx').on(t.claimId, t.id)],
);

/** The timeline: every status a claim took, with the note the member reads and who moved it. */
export const claimEvents = pgTable(
  'claim_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    claimId: integer()
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    fromStatus: text().$type<ClaimStatus>(),
    status: text().$type<ClaimStatus>().notNull(),
    note: text(),
    actorId: integer(),
    actorRole: text({ enum: ['member', 'staff'] }).notNull(),
    createdAt: timestampNow(),
  },
  (t) => [index('claim_events_claim_idx').on(t.claimId, t.id)],
);
