import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { timestampNow } from './columns.ts';
import { members } from './members.ts';
import { orders } from './orders.ts';

/*
 * E-invoices (电子发票) of paid orders and the mails that carried them. Money is integer fen, copied
 * from the order when the invoice is issued.
 */

/** Invoice numbers take their last 12 digits from this (20 digits like a 全电发票号码). */
export const invoiceNoSeq = pgSequence('invoice_no_seq');

export const invoices = pgTable(
  'invoices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    invoiceNo: text().notNull(),
    /**
     * 'blue' = the invoice issued on request; 'red' = the red-letter invoice (红字发票) that cancels a
     * blue one when its policy is surrendered (negative amount, same order, title and email).
     */
    kind: text({ enum: ['blue', 'red'] })
      .notNull()
      .default('blue'),
    /** Red only: the blue invoice it cancels (at most one red per blue) and that invoice's number. */
    originalId: integer().references((): AnyPgColumn => invoices.id),
    originalInvoiceNo: text(),
    /** Blue only: when it was cancelled by its red-letter invoice (已红冲). */
    reversedAt: timestamp({ withTimezone: true }),
    /** One order, one (blue) invoice: a second request for the same order is refused by the database too. */
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    titleType: text({ enum: ['personal', 'company'] }).notNull(),
    title: text().notNull(),
    /** 统一社会信用代码 of a company title; null for a personal one. */
    taxNo: text(),
    email: text().notNull(),
    /** The order's premium when the invoice was issued; negative on a red-letter invoice. */
    amountFen: integer().notNull(),
    /** The insurer that sold the order (销售方). */
    seller: text().notNull(),
    productName: text().notNull(),
    orderNo: text().notNull(),
    issuedAt: timestampNow(),
    /** Last mail of this invoice (issue or resend); resends wait INVOICE_RESEND_COOLDOWN_S after it. */
    lastSentAt: timestamp({ withTimezone: true }),
    sendCount: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('invoices_invoice_no_uq').on(t.invoiceNo),
    uniqueIndex('invoices_blue_order_uq')
      .on(t.orderId)
      .where(sql`kind = 'blue'`),
    uniqueIndex('invoices_original_uq').on(t.originalId),
    index('invoices_member_idx').on(t.memberId, t.issuedAt),
  ],
);

/** Every mail of an invoice: who it went to and when (the daily limit counts these). */
export const invoiceMails = pgTable(
  'invoice_mails',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    recipient: text().notNull(),
    kind: text({ enum: ['issue', 'resend'] }).notNull(),
    sentAt: timestampNow(),
  },
  (t) => [index('invoice_mails_invoice_idx').on(t.invoiceId, t.sentAt)],
);
