import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestampNow } from './columns.ts';
import { members } from './members.ts';
import { orders, policies } from './orders.ts';
import { productTypes } from './catalogue.ts';

/*
 * Partner finance. Money is integer fen; rates are basis points (1 bp = 0.01 %, 1500 = 15 %).
 * Commission = round half up (premium fen × rate bp / 10000) to the fen.
 * Bonus templates are versioned per product type: editing inserts version n+1, old rows stay and the
 * one in force at payment time is the newest with effectiveFrom <= paidAt.
 * The ledger is append-only: +amount on commission earned, −amount on reversal (cooling-off
 * surrender), −amount when a withdrawal is requested, +amount back when it is rejected.
 * Balance = sum(ledger.amountFen) per member.
 */

export const bonusTemplates = pgTable(
  'bonus_templates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    productTypeId: integer()
      .notNull()
      .references(() => productTypes.id),
    version: integer().notNull(),
    rateBp: integer().notNull(),
    name: text().notNull().default(''),
    effectiveFrom: timestampNow(),
    createdBy: integer().references(() => members.id),
    createdAt: timestampNow(),
  },
  (t) => [
    uniqueIndex('bonus_templates_type_version_uq').on(t.productTypeId, t.version),
    check('bonus_templates_rate_ck', sql`${t.rateBp} >= 0 and ${t.rateBp} <= 10000`),
  ],
);

export const commissions = pgTable(
  'commissions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The partner/channel member whose link sold the order (orders.recommendId). */
    memberId: integer()
      .notNull()
      .references(() => members.id),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    policyId: integer().references(() => policies.id),
    orderNo: text().notNull(),
    productName: text().notNull().default(''),
    basePremiumFen: integer().notNull(),
    rateBp: integer().notNull(),
    templateId: integer().references(() => bonusTemplates.id),
    templateVersion: integer(),
    amountFen: integer().notNull(),
    status: text({ enum: ['earned', 'reversed', 'settled'] })
      .notNull()
      .default('earned'),
    earnedAt: timestamp({ withTimezone: true }).notNull(),
    reversedAt: timestamp({ withTimezone: true }),
    createdAt: timestampNow(),
  },
  (t) => [
    uniqueIndex('commissions_order_uq').on(t.orderId),
    index('commissions_member_idx').on(t.memberId, t.earnedAt),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    amountFen: integer().notNull(),
    /** 待审核 pending, 已打款 paid, 已驳回 rejected. */
    status: text({ enum: ['pending', 'paid', 'rejected'] })
      .notNull()
      .default('pending'),
    payeeMasked: text().notNull().default(''),
    reviewedBy: integer().references(() => members.id),
    reviewNote: text().notNull().default(''),
    requestedAt: timestampNow(),
    reviewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('withdrawals_member_idx').on(t.memberId, t.requestedAt),
    /** One pending request per member, enforced by the database (concurrency-safe). */
    uniqueIndex('withdrawals_one_pending_uq')
      .on(t.memberId)
      .where(sql`status = 'pending'`),
    check('withdrawals_amount_ck', sql`${t.amountFen} > 0`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    kind: text({ enum: ['commission', 'reversal', 'withdrawal', 'withdrawal_rejected'] }).notNull(),
    /** Signed: positive adds to the balance. */
    amountFen: integer().notNull(),
    commissionId: integer().references(() => commissions.id),
    withdrawalId: integer().references(() => withdrawals.id),
    note: text().notNull().default(''),
    createdAt: timestampNow(),
  },
  (t) => [
    index('ledger_entries_member_idx').on(t.memberId, t.createdAt),
    uniqueIndex('ledger_entries_commission_kind_uq').on(t.commissionId, t.kind),
  ],
);
