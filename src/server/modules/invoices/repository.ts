import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { invoiceMails, invoices, orders, policies } from '../../db/schema.ts';

export type InvoiceRow = typeof invoices.$inferSelect;

/** An order can be invoiced when it is paid, not refunded and its policy (if any) not surrendered. */
const invoiceable = and(eq(orders.status, 'paid'), isNull(orders.refundNo), isNull(policies.surrenderedAt));

/** My paid orders without an invoice (red-letter invoices only ever exist next to a blue one), newest payment first. */
export async function listInvoiceableOrders(db: Db, memberId: number) {
  return db
    .select({
      orderId: orders.id,
      orderNo: orders.orderNo,
      versionId: orders.versionId,
      planCode: orders.planCode,
      productName: orders.productName,
      planName: orders.planName,
      amountFen: orders.premiumFen,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .leftJoin(policies, eq(policies.orderId, orders.id))
    .leftJoin(invoices, and(eq(invoices.orderId, orders.id), eq(invoices.kind, 'blue')))
    .where(and(eq(orders.memberId, memberId), invoiceable, isNull(invoices.id)))
    .orderBy(desc(orders.paidAt), desc(orders.id));
}

/** The member's own orders among `ids`, with whether they can be invoiced and their invoice, if any. */
export async function ordersForInvoice(tx: Tx | Db, memberId: number, ids: number[]) {
  return tx
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      productName: orders.productName,
      insurer: orders.insurer,
      premiumFen: orders.premiumFen,
      status: orders.status,
      refundNo: orders.refundNo,
      surrenderedAt: policies.surrenderedAt,
      invoiceId: invoices.id,
    })
    .from(orders)
    .leftJoin(policies, eq(policies.orderId, orders.id))
    .leftJoin(invoices, and(eq(invoices.orderId, orders.id), eq(invoices.kind, 'blue')))
    .where(and(eq(orders.memberId, memberId), inArray(orders.id, ids)));
}

export async function nextInvoiceSeq(tx: Tx): Promise<number> {
  const [{ seq }] = await tx.select({ seq: sql<string>`nextval('invoice_no_seq')` }).from(sql`(select 1) as one`);
  return Number(seq);
}

export async function insertInvoices(tx: Tx, rows: (typeof invoices.$inferInsert)[]): Promise<InvoiceRow[]> {
  return tx.insert(invoices).values(rows).returning();
}

export async function listInvoices(db: Db, memberId: number): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.memberId, memberId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id));
}

/** The product version each of the orders was sold under, by order id. */
export async function versionsOfOrders(db: Db, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, versionId: orders.versionId })
    .from(orders)
    .where(inArray(orders.id, [...new Set(orderIds)]));
  return new Map(rows.map((r) => [r.id, r.versionId]));
}

/** The red-letter invoices of the given blue ones: id and number by the blue one's id. */
export async function redsOf(db: Db, blueIds: number[]): Promise<Map<number, { id: number; invoiceNo: string }>> {
  if (blueIds.length === 0) return new Map();
  const rows = await db
    .select({ id: invoices.id, invoiceNo: invoices.invoiceNo, originalId: invoices.originalId })
    .from(invoices)
    .where(and(eq(invoices.kind, 'red'), inArray(invoices.originalId, blueIds)));
  return new Map(rows.map((r) => [r.originalId!, { id: r.id, invoiceNo: r.invoiceNo }]));
}

/** The member's own invoice, or undefined (someone else's id looks exactly like a missing one). */
export async function findInvoice(db: Db, memberId: number, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.memberId, memberId)));
  return row;
}

/** Mails of one invoice since `since` (the daily limit). */
export async function mailsSince(db: Db, invoiceId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invoiceMails)
    .where(and(eq(invoiceMails.invoiceId, invoiceId), gt(invoiceMails.sentAt, since)));
  return Number(row.n);
}

/**
 * Claims the next mail of an invoice: sets lastSentAt unless the last mail was less than
 * `cooldownS` ago. Conditional update, so of two simultaneous resends only one gets the row.
 */
export async function claimResend(
  db: Db,
  memberId: number,
  id: number,
  cooldownS: number,
  email: string | undefined,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .update(invoices)
    .set({ lastSentAt: new Date(), ...(email ? { email } : {}) })
    .where(
      and(
        eq(invoices.id, id),
        eq(invoices.memberId, memberId),
        or(isNull(invoices.lastSentAt), lt(invoices.lastSentAt, sql`now() - make_interval(secs => ${cooldownS})`)),
      ),
    )
    .returning();
  return row;
}

/** Records a mail that went out and counts it on the invoice. */
export async function recordMail(
  db: Db,
  invoice: InvoiceRow,
  to: string,
  kind: 'issue' | 'resend',
): Promise<InvoiceRow> {
  return db.transaction(async (tx) => {
    await tx.insert(invoiceMails).values({ invoiceId: invoice.id, recipient: to, kind });
    const [row] = await tx
      .update(invoices)
      .set({ sendCount: sql`${invoices.sendCount} + 1`, lastSentAt: new Date() })
      .where(eq(invoices.id, invoice.id))
      .returning();
    return row;
  });
}

/** A failed send gives the cooldown back, so the member may try again at once. */
export async function releaseResend(db: Db, invoice: InvoiceRow, previous: Date | null): Promise<void> {
  await db.update(invoices).set({ lastSentAt: previous }).where(eq(invoices.id, invoice.id));
}
