import type { FastifyInstance } from 'fastify';
import type { InvoiceableOrderList } from '#shared/invoices.ts';
import { versionLocales } from '../catalogue/repository.ts';
import { nameSold } from '../catalogue/localize.ts';
import {
  INVOICE_MAILS_PER_DAY,
  INVOICE_RESEND_COOLDOWN_S,
  type Invoice,
  type InvoiceRequestValues,
} from '#shared/invoices.ts';
import { AppError } from '../../lib/app-error.ts';
import { beijingCompactDate } from '#shared/beijing-time.ts';
import { formatYuan } from '#shared/money.ts';
import type { MailAttachment } from '../../providers/mail/index.ts';
import { invoiceFileName, invoicePdf } from './pdf.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import {
  claimResend,
  findInvoice,
  redsOf,
  insertInvoices,
  listInvoiceableOrders,
  mailsSince,
  nextInvoiceSeq,
  ordersForInvoice,
  recordMail,
  releaseResend,
  versionsOfOrders,
  type InvoiceRow,
} from './repository.ts';
import { phrase, renderPhrase, renderText, type Phrase } from '../../lib/texts/render.ts';
import { DEFAULT_LANGUAGE, type Language } from '#shared/constants.ts';

/** 20 digits like a 全电发票号码: Beijing yyyymmdd + 12 digits of the sequence. */
export function formatInvoiceNo(at: Date, seq: number): string {
  return `${beijingCompactDate(at)}${String(seq % 1e12).padStart(12, '0')}`;
}

export const invoiceNotFound = () => new AppError('A0404', 'invoices.notFound');

/** `red`: the red-letter invoice of a reversed blue one (see presentInvoices). */
export function presentInvoice(row: InvoiceRow, red?: { id: number; invoiceNo: string }): Invoice {
  return {
    id: row.id,
    invoiceNo: row.invoiceNo,
    orderId: row.orderId,
    orderNo: row.orderNo,
    productName: row.productName,
    seller: row.seller,
    titleType: row.titleType,
    title: row.title,
    taxNo: row.taxNo,
    email: row.email,
    amountFen: row.amountFen,
    issuedAt: row.issuedAt.toISOString(),
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    sendCount: row.sendCount,
    kind: row.kind,
    status: row.reversedAt ? 'reversed' : 'issued',
    reversedAt: row.reversedAt?.toISOString() ?? null,
    originalId: row.originalId,
    originalInvoiceNo: row.originalInvoiceNo,
    redId: red?.id ?? null,
    redInvoiceNo: red?.invoiceNo ?? null,
  };
}

/** Invoices for an answer, each reversed blue one with its red-letter invoice's id and number. */
export async function presentInvoices(db: Db, rows: InvoiceRow[]): Promise<Invoice[]> {
  const reds = await redsOf(
    db,
    rows.filter((r) => r.reversedAt).map((r) => r.id),
  );
  return rows.map((r) => presentInvoice(r, reds.get(r.id)));
}

/**
 * The member's invoices as the reader reads them: product and seller named in the translation of
 * the version sold (docs/decisions/catalogue-translations.md); the invoice itself keeps the Chinese
 * names it was issued with.
 */
export async function presentInvoicesIn(db: Db, rows: InvoiceRow[], language: Language): Promise<Invoice[]> {
  const presented = await presentInvoices(db, rows);
  if (language === DEFAULT_LANGUAGE) return presented;
  const versions = await versionsOfOrders(
    db,
    rows.map((r) => r.orderId),
  );
  const locales = await versionLocales(db, [...versions.values()], language);
  return presented.map((invoice) => {
    const locale = locales.get(versions.get(invoice.orderId) ?? 0);
    return locale
      ? { ...invoice, productName: locale.name || invoice.productName, seller: locale.insurer || invoice.seller }
      : invoice;
  });
}

const alreadyInvoiced = (orderNo?: string) =>
  new AppError('A0490', orderNo ? phrase('invoices.orderInvoiced', { orderNo }) : undefined);

/**
 * Issues one invoice per chosen order, all or none. Amounts, seller and product come from the
 * orders on the server. An order that is not mine answers 404 like a missing one; one that is not
 * paid, was refunded or surrendered A0491; one with an invoice A0490, also when a simultaneous
 * request got there first (the unique index on order_id decides).
 */
export async function requestInvoices(
  app: FastifyInstance,
  memberId: number,
  values: InvoiceRequestValues,
): Promise<InvoiceRow[]> {
  let rows: InvoiceRow[];
  try {
    rows = await app.db.transaction(async (tx) => {
      const found = await ordersForInvoice(tx, memberId, values.orderIds);
      const byId = new Map(found.map((o) => [o.id, o]));
      const missing = values.orderIds.find((id) => !byId.has(id));
      if (missing !== undefined)
        throw new AppError('A0404', 'orders.notFound', [
          { field: 'orderIds', message: phrase('invoices.orderNotFound', { orderNo: missing }) },
        ]);
      const ordered = values.orderIds.map((id) => byId.get(id)!);
      const invoiced = ordered.find((o) => o.invoiceId !== null);
      if (invoiced) throw alreadyInvoiced(invoiced.orderNo);
      const closed = ordered.find((o) => o.status !== 'paid' || o.refundNo !== null || o.surrenderedAt !== null);
      if (closed) {
        const why = closed.status !== 'paid' ? 'invoices.orderNotPaid' : 'invoices.orderSurrendered';
        throw new AppError('A0491', phrase(why, { orderNo: closed.orderNo }));
      }
      const now = new Date();
      const values2 = [];
      for (const o of ordered) {
        values2.push({
          invoiceNo: formatInvoiceNo(now, await nextInvoiceSeq(tx)),
          orderId: o.id,
          memberId,
          orderNo: o.orderNo,
          productName: o.productName,
          seller: o.insurer,
          amountFen: o.premiumFen,
          titleType: values.titleType,
          title: values.title,
          taxNo: values.titleType === 'company' ? (values.taxNo ?? null) : null,
          email: values.email,
          issuedAt: now,
        });
      }
      return insertInvoices(tx, values2);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'invoices_blue_order_uq')) throw alreadyInvoiced();
    throw error;
  }
  return rows;
}

/** The invoice as a mail's attachment, named and worded in the language of the mail. */
export async function attachment(row: InvoiceRow, language: Language): Promise<MailAttachment> {
  const { name } = invoiceFileName(row, language);
  return { filename: `${name}.pdf`, contentType: 'application/pdf', content: await invoicePdf(row, language) };
}

const invoiceLine = (r: InvoiceRow): Phrase => {
  const values = { invoiceNo: r.invoiceNo, product: r.productName, orderNo: r.orderNo, title: r.title };
  const amount = formatYuan(r.amountFen);
  return r.kind === 'red'
    ? phrase('invoiceMail.redLine', { ...values, amount, originalNo: r.originalInvoiceNo ?? '' })
    : phrase('invoiceMail.line', { ...values, amount });
};

/**
 * My orders that can be invoiced, named in the reader's language (the invoice itself keeps the
 * Chinese name the order was sold under).
 */
export async function invoiceableOrders(
  db: Db,
  memberId: number,
  language: Language,
): Promise<InvoiceableOrderList['list']> {
  const rows = await listInvoiceableOrders(db, memberId);
  const locales = await versionLocales(
    db,
    rows.map((r) => r.versionId),
    language,
  );
  return rows.map(({ versionId, planCode, ...order }) => ({
    ...nameSold(order, locales.get(versionId), planCode),
    paidAt: order.paidAt?.toISOString() ?? '',
  }));
}

/** The mail with the invoices' PDFs, in the language of the member who asked for them. */
function mailText(rows: InvoiceRow[], again: boolean, language: Language): string {
  const said: Phrase[] = [
    'invoiceMail.greeting',
    () => '',
    again ? 'invoiceMail.again' : phrase('invoiceMail.issued', { count: rows.length }),
    ...rows.map(invoiceLine),
    () => '',
    'invoiceMail.validity',
    'invoiceMail.automatic',
  ];
  return said.map((line) => renderPhrase(language, line)).join('\n');
}

/**
 * Mails the invoices just issued, one mail with every PDF attached. A mail service failure does
 * not undo the invoices: the answer says the mail did not go out and the member can resend.
 */
export async function mailIssued(
  app: FastifyInstance,
  rows: InvoiceRow[],
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ rows: InvoiceRow[]; mailed: boolean }> {
  const to = rows[0].email;
  try {
    await app.providers.mail.send({
      to,
      subject:
        rows.length === 1
          ? renderText(language, 'invoiceMail.subjectOne', { invoiceNo: rows[0].invoiceNo })
          : renderText(language, 'invoiceMail.subjectMany', { count: rows.length }),
      text: mailText(rows, false, language),
      attachments: await Promise.all(rows.map((row) => attachment(row, language))),
    });
  } catch (error) {
    app.log.warn({ err: error, invoices: rows.map((r) => r.invoiceNo) }, 'invoice mail not sent');
    return { rows, mailed: false };
  }
  const sent: InvoiceRow[] = [];
  for (const row of rows) sent.push(await recordMail(app.db, row, to, 'issue'));
  return { rows: sent, mailed: true };
}

/**
 * Sends one invoice again, to its email or to a corrected one (kept on the invoice). At most one
 * mail per invoice every INVOICE_RESEND_COOLDOWN_S seconds and INVOICE_MAILS_PER_DAY a day (A0492).
 */
export async function resendInvoice(
  app: FastifyInstance,
  memberId: number,
  id: number,
  email: string | undefined,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ row: InvoiceRow; to: string }> {
  const before = await findInvoice(app.db, memberId, id);
  if (!before) throw invoiceNotFound();
  if ((await mailsSince(app.db, id, new Date(Date.now() - 86_400_000))) >= INVOICE_MAILS_PER_DAY) {
    throw new AppError('A0492', phrase('invoices.mailsPerDay', { max: INVOICE_MAILS_PER_DAY }));
  }
  const claimed = await claimResend(app.db, memberId, id, INVOICE_RESEND_COOLDOWN_S, email);
  if (!claimed) throw new AppError('A0492', phrase('invoices.mailCooldown', { seconds: INVOICE_RESEND_COOLDOWN_S }));
  try {
    await app.providers.mail.send({
      to: claimed.email,
      subject: renderText(language, claimed.kind === 'red' ? 'invoiceMail.subjectRed' : 'invoiceMail.subjectOne', {
        invoiceNo: claimed.invoiceNo,
      }),
      text: mailText([claimed], true, language),
      attachments: [await attachment(claimed, language)],
    });
  } catch (error) {
    await releaseResend(app.db, claimed, before.lastSentAt);
    throw error instanceof AppError ? error : Object.assign(new AppError('C0140'), { cause: error });
  }
  return { row: await recordMail(app.db, claimed, claimed.email, 'resend'), to: claimed.email };
}
