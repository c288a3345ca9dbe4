import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.ts';
import { invoices, policies } from '../../db/schema.ts';
import { attachment, formatInvoiceNo } from './invoices.ts';
import { formatYuan } from '#shared/money.ts';
import { nextInvoiceSeq, recordMail, type InvoiceRow } from './repository.ts';
import { DEFAULT_LANGUAGE } from '#shared/constants.ts';
import { phrase, renderPhrase, renderText, type Phrase } from '../../lib/texts/render.ts';

/**
 * 红冲 on surrender: a policy surrendered in the cooling-off period gets its whole premium back, so
 * the invoice of its order (if any) must be cancelled by a red-letter invoice (红字发票).
 *
 * Exactly once: the surrender holds the policy row locked and calls this inside its transaction;
 * here the blue invoice is marked 已红冲 by a conditional update (only one caller gets the row),
 * and the unique index on original_id refuses a second red one whatever the code does.
 */
export async function redLetterOnSurrender(tx: Tx, orderId: number, at: Date): Promise<InvoiceRow | null> {
  const [blue] = await tx
    .update(invoices)
    .set({ reversedAt: at })
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'blue'), isNull(invoices.reversedAt)))
    .returning();
  if (!blue) return null;
  const [red] = await tx
    .insert(invoices)
    .values({
      invoiceNo: formatInvoiceNo(at, await nextInvoiceSeq(tx)),
      kind: 'red',
      originalId: blue.id,
      originalInvoiceNo: blue.invoiceNo,
      orderId: blue.orderId,
      memberId: blue.memberId,
      orderNo: blue.orderNo,
      productName: blue.productName,
      seller: blue.seller,
      amountFen: -blue.amountFen,
      titleType: blue.titleType,
      title: blue.title,
      taxNo: blue.taxNo,
      email: blue.email,
      issuedAt: at,
    })
    .returning();
  return red;
}

/**
 * After the surrender's transaction: mails the policy's red-letter invoice with its PDF to the
 * blue invoice's email, once (the first caller claims the never-sent invoice). A mail service
 * failure leaves the invoice issued and unsent; the member can send it from 开票记录. Never throws.
 */
export async function mailRedLetter(app: FastifyInstance, policyId: number): Promise<boolean> {
  let claimed: InvoiceRow | undefined;
  try {
    [claimed] = await app.db
      .update(invoices)
      .set({ lastSentAt: new Date() })
      .where(
        and(
          eq(invoices.kind, 'red'),
          isNull(invoices.lastSentAt),
          eq(invoices.sendCount, 0),
          inArray(
            invoices.orderId,
            app.db.select({ id: policies.orderId }).from(policies).where(eq(policies.id, policyId)),
          ),
        ),
      )
      .returning();
    if (!claimed) return false;
    // Sent by the surrender's job, with no reader at hand: in Chinese, the invoice's own language.
    const values = {
      invoiceNo: claimed.invoiceNo,
      originalNo: claimed.originalInvoiceNo ?? '',
      orderNo: claimed.orderNo,
      product: claimed.productName,
      title: claimed.title,
    };
    await app.providers.mail.send({
      to: claimed.email,
      subject: renderText(DEFAULT_LANGUAGE, 'invoiceMail.redSubject', values),
      text: (
        [
          'invoiceMail.greeting',
          () => '',
          phrase('invoiceMail.redSurrendered', values),
          phrase('invoiceMail.redReversed', values),
          phrase('invoiceMail.redItem', { ...values, amount: formatYuan(claimed.amountFen) }),
          () => '',
          'invoiceMail.download',
          'invoiceMail.automatic',
        ] satisfies Phrase[]
      )
        .map((line) => renderPhrase(DEFAULT_LANGUAGE, line))
        .join('\n'),
      attachments: [await attachment(claimed, DEFAULT_LANGUAGE)],
    });
  } catch (error) {
    app.log.warn({ err: error, invoice: claimed?.invoiceNo, policyId }, 'red-letter invoice mail not sent');
    if (claimed)
      await app.db
        .update(invoices)
        .set({ lastSentAt: null })
        .where(eq(invoices.id, claimed.id))
        .catch(() => undefined);
    return false;
  }
  // The mail went out; failing to count it must not turn the finished surrender into an error.
  await recordMail(app.db, claimed, claimed.email, 'issue').catch((error: unknown) =>
    app.log.error({ err: error, invoice: claimed.invoiceNo }, 'red-letter invoice mail not recorded'),
  );
  return true;
}
