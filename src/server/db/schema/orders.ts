import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { DraftHolder, DraftInsured, DraftPerson, Holder, MessageType } from '#shared/orders.ts';
import { day, timestampNow } from './columns.ts';
import { members } from './members.ts';
import { products, productVersions } from './catalogue.ts';

/*
 * Buying: drafts (投保单) with their team lists, orders with a snapshot of what was bought and who
 * is covered, the purchase trail (可回溯, docs/decisions/purchase-trail.md), policies with one voucher per insured
 * person, and the members' internal messages. Money is integer fen; calendar dates are `date`,
 * moments `timestamptz`.
 */

/** Order and policy numbers take their last 8 digits from these (readable, unique, no retries). */
export const orderNoSeq = pgSequence('order_no_seq');
export const policyNoSeq = pgSequence('policy_no_seq');

export const orderDrafts = pgTable(
  'order_drafts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    /** The version being bought; moved to the current one whenever the draft is saved. */
    versionId: integer()
      .notNull()
      .references(() => productVersions.id),
    status: text({ enum: ['open', 'submitted'] })
      .notNull()
      .default('open'),
    planCode: text(),
    termDays: integer(),
    startDate: day(),
    region: text(),
    applicant: jsonb().$type<DraftPerson>(),
    insured: jsonb().$type<DraftInsured>(),
    holder: jsonb().$type<DraftHolder>(),
    step: text(),
    recommendId: integer(),
    orderId: integer().references((): AnyPgColumn => orders.id),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [index('order_drafts_member_idx').on(t.memberId, t.status, t.updatedAt)],
);

/** The insured list of a team draft: one row per person, an ID number at most once per draft. */
export const draftTeamMembers = pgTable(
  'draft_team_members',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    draftId: integer()
      .notNull()
      .references(() => orderDrafts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    idType: text().notNull(),
    idNumber: text().notNull(),
    mobile: text().notNull().default(''),
    occupationClass: integer().notNull(),
    createdAt: timestampNow(),
  },
  (t) => [uniqueIndex('draft_team_members_id_number_uq').on(t.draftId, t.idNumber)],
);

/** What was bought, as it was: product, version, plan and price are copied, never looked up again. */
export interface OrderSnapshot {
  product: { id: number; code: string; name: string; insurer: string; version: number };
  plan: { code: string; name: string; coverages: { name: string; sumInsuredFen: number; description: string }[] };
  term: { days: number; label: string };
  region: string | null;
  coolingOffDays: number;
  waitingDays: number;
}

export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Also WeChat Pay's out_trade_no. */
    orderNo: text().notNull(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    draftId: integer().references((): AnyPgColumn => orderDrafts.id, { onDelete: 'set null' }),
    productId: integer()
      .notNull()
      .references(() => products.id),
    versionId: integer()
      .notNull()
      .references(() => productVersions.id),
    productName: text().notNull(),
    insurer: text().notNull(),
    planCode: text().notNull(),
    planName: text().notNull(),
    termDays: integer().notNull(),
    startDate: day().notNull(),
    endDate: day().notNull(),
    team: boolean().notNull(),
    insuredCount: integer().notNull(),
    premiumFen: integer().notNull(),
    holder: jsonb().$type<Holder>(),
    snapshot: jsonb().$type<OrderSnapshot>().notNull(),
    channelId: integer(),
    /** The partner or channel member whose link sold it (commission). */
    recommendId: integer(),
    status: text({ enum: ['unpaid', 'paid', 'cancelled', 'expired'] })
      .notNull()
      .default('unpaid'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    prepayId: text(),
    prepayAppId: text(),
    payerOpenid: text(),
    /** Last server-side query at WeChat Pay (status polls query at most every few seconds). */
    lastQueryAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    transactionId: text(),
    closedAt: timestamp({ withTimezone: true }),
    /** Refund of a cooling-off surrender (全额退费): out_refund_no, WeChat's refund id and status, amount, when asked. */
    refundNo: text(),
    refundId: text(),
    refundStatus: text(),
    refundFen: integer(),
    refundedAt: timestamp({ withTimezone: true }),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [
    uniqueIndex('orders_order_no_uq').on(t.orderNo),
    index('orders_member_idx').on(t.memberId, t.createdAt),
    index('orders_unpaid_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'unpaid'`),
  ],
);

/** Applicant and insured persons of an order, as submitted. */
export const orderPersons = pgTable(
  'order_persons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    role: text({ enum: ['applicant', 'insured'] }).notNull(),
    sort: integer().notNull(),
    relation: text(),
    name: text().notNull(),
    idType: text().notNull(),
    idNumber: text().notNull(),
    mobile: text().notNull().default(''),
    email: text(),
    birthDate: day().notNull(),
    sex: text({ enum: ['male', 'female'] }).notNull(),
    age: integer().notNull(),
    occupationClass: integer(),
    premiumFen: integer(),
  },
  (t) => [index('order_persons_order_idx').on(t.orderId, t.role, t.sort)],
);

/**
 * The purchase trail: page views, document openings, confirmations, health answers, consent,
 * submission and payment, with the server's time. Kept with the order; a deleted draft leaves
 * the rows of its order in place.
 */
export const purchaseEvents = pgTable(
  'purchase_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer().notNull(),
    draftId: integer().references(() => orderDrafts.id, { onDelete: 'set null' }),
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    versionId: integer(),
    type: text().notNull(),
    document: text(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: text().notNull().default(''),
    userAgent: text().notNull().default(''),
    createdAt: timestampNow(),
  },
  (t) => [
    index('purchase_events_draft_idx').on(t.draftId, t.id),
    index('purchase_events_order_idx').on(t.orderId, t.id),
  ],
);

export const policies = pgTable(
  'policies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    policyNo: text().notNull(),
    /** One order, one policy: a second issue for the same order is refused by the database. */
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    productId: integer()
      .notNull()
      .references(() => products.id),
    versionId: integer()
      .notNull()
      .references(() => productVersions.id),
    productName: text().notNull(),
    planName: text().notNull(),
    insurer: text().notNull(),
    startDate: day().notNull(),
    endDate: day().notNull(),
    /** Start date 00:00 Beijing. */
    effectiveAt: timestamp({ withTimezone: true }).notNull(),
    /** End date 24:00 Beijing. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    premiumFen: integer().notNull(),
    insuredCount: integer().notNull(),
    surrenderedAt: timestamp({ withTimezone: true }),
    /** The member's reason, given with a cooling-off surrender. */
    surrenderReason: text(),
    /** When the member chose 保留 (keep) during the cooling-off period: no cooling-off reminder after it. */
    coolingOffKeptAt: timestamp({ withTimezone: true }),
    /** The draft 续保 made from this policy (modules/policies/renewal.ts): opened again while still open. */
    renewalDraftId: integer().references((): AnyPgColumn => orderDrafts.id, { onDelete: 'set null' }),
    issuedAt: timestampNow(),
  },
  (t) => [
    uniqueIndex('policies_policy_no_uq').on(t.policyNo),
    uniqueIndex('policies_order_uq').on(t.orderId),
    index('policies_member_idx').on(t.memberId, t.issuedAt),
    // The renewal reminders look policies up by end date (modules/policies/reminders.ts).
    index('policies_end_date_idx')
      .on(t.endDate)
      .where(sql`surrendered_at is null`),
  ],
);

/**
 * Reminders sent about a policy (docs/decisions/reminders-that-act.md): one row per policy and kind,
 * written in the same transaction as the message, so the unique key makes each reminder go out once
 * however many sweeps run at the same time.
 */
export const POLICY_REMINDER_KINDS = ['cooling_off_ending', 'renewal_30', 'renewal_7'] as const;
export type PolicyReminderKind = (typeof POLICY_REMINDER_KINDS)[number];

export const policyReminders = pgTable(
  'policy_reminders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    policyId: integer()
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    kind: text({ enum: POLICY_REMINDER_KINDS }).notNull(),
    /** The in-app message it sent. */
    messageId: integer().references(() => messages.id, { onDelete: 'set null' }),
    sentAt: timestampNow(),
  },
  (t) => [uniqueIndex('policy_reminders_policy_kind_uq').on(t.policyId, t.kind)],
);

/** One row per insured person of a policy, with its voucher (保险凭证) number. */
export const policyInsureds = pgTable(
  'policy_insureds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    policyId: integer()
      .notNull()
      .references(() => policies.id, { onDelete: 'cascade' }),
    orderPersonId: integer()
      .notNull()
      .references(() => orderPersons.id),
    voucherNo: text().notNull(),
    sort: integer().notNull(),
  },
  (t) => [
    uniqueIndex('policy_insureds_voucher_no_uq').on(t.voucherNo),
    index('policy_insureds_policy_idx').on(t.policyId, t.sort),
  ],
);

/** Internal messages (站内信) of a member. */
export const messages = pgTable(
  'messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    type: text().$type<MessageType>().notNull(),
    /** The text in Chinese as written; what is shown when `template` is null (messages written before templates). */
    title: text().notNull(),
    body: text().notNull(),
    /** A key of modules/messages/templates.ts: the message is rendered from it in the reader's language. */
    template: text(),
    /** The template's parameters (codes, numbers, and names as texts per language). */
    params: jsonb().$type<Record<string, unknown>>(),
    link: text(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestampNow(),
  },
  (t) => [
    index('messages_member_idx').on(t.memberId, t.createdAt),
    index('messages_unread_idx')
      .on(t.memberId)
      .where(sql`read_at is null`),
  ],
);
