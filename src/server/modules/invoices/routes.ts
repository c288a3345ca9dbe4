import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  INVOICE_MAILS_PER_DAY,
  INVOICE_RESEND_COOLDOWN_S,
  InvoiceableOrderListSchema,
  InvoiceIssuedSchema,
  InvoiceListSchema,
  InvoiceRequestSchema,
  InvoiceResendSchema,
  InvoiceSentSchema,
} from '#shared/invoices.ts';
import * as paths from '#shared/api-paths.ts';
import { ok, okSchema, textFor } from '../../lib/envelope.ts';
import { idParam } from '../../lib/id-param.ts';
import { sendPdf } from '../../pdf/send.ts';
import {
  invoiceableOrders,
  invoiceNotFound,
  mailIssued,
  presentInvoice,
  presentInvoices,
  presentInvoicesIn,
  requestInvoices,
  resendInvoice,
} from './invoices.ts';
import { invoiceFileName, invoicePdf } from './pdf.ts';
import { findInvoice, listInvoices } from './repository.ts';
import { fileResponse, PDF } from '../../lib/file-response.ts';
import { phrase } from '../../lib/texts/render.ts';
import { parseAcceptLanguage, requestLanguage } from '../../lib/request-language.ts';

const InvoiceParams = z.object({ id: idParam('id.invoice') });

/**
 * E-invoices of paid orders (contracts in src/shared/invoices.ts): what can be invoiced, the
 * request (one invoice per order), my invoices, the PDF and the resend by mail. Member-side roles
 * only; another member's invoice or order answers 404 A0404 like a missing one.
 */
const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.requireRole('member', 'company', 'partner') };
  const tags = ['invoices'];

  app.get(
    paths.invoices.orders.route,
    {
      ...auth,
      schema: {
        tags,
        description: 'My paid, not surrendered orders that have no invoice yet; amounts in fen.',
        response: { 200: okSchema(InvoiceableOrderListSchema) },
      },
    },
    async (request, reply) => {
      const list = await invoiceableOrders(app.db, request.member!.memberId, requestLanguage(request, reply));
      return ok({ list, total: list.length });
    },
  );

  app.get(
    paths.invoices.list.route,
    {
      ...auth,
      schema: {
        tags,
        description:
          'My issued invoices, newest first: blue ones (status reversed = 已红冲, with redId/redInvoiceNo) and the red-letter ones that cancel them on a surrender (negative amountFen, originalInvoiceNo).',
        response: { 200: okSchema(InvoiceListSchema) },
      },
    },
    async (request, reply) => {
      const rows = await listInvoices(app.db, request.member!.memberId);
      return ok({ list: await presentInvoicesIn(app.db, rows, requestLanguage(request, reply)), total: rows.length });
    },
  );

  app.post(
    paths.invoices.list.route,
    {
      ...auth,
      schema: {
        tags,
        description:
          'Issues one invoice per order (all or none) with the amounts of the orders, then mails them with the PDFs. ' +
          'A0490 when an order already has an invoice, A0491 when it is not paid or was surrendered.',
        body: InvoiceRequestSchema,
        response: { 200: okSchema(InvoiceIssuedSchema) },
      },
    },
    async (request) => {
      const issued = await requestInvoices(app, request.member!.memberId, request.body);
      const { rows, mailed } = await mailIssued(app, issued, parseAcceptLanguage(request.headers['accept-language']));
      return ok(
        { list: rows.map((r) => presentInvoice(r)), mailed },
        textFor(
          request,
          mailed ? phrase('invoices.issuedAndSent', { email: issued[0].email }) : 'invoices.issuedNotSent',
        ),
      );
    },
  );

  app.get(
    paths.invoices.pdf.route,
    {
      ...auth,
      schema: {
        tags,
        params: InvoiceParams,
        description:
          "The invoice PDF (application/pdf), blue or red-letter: the Chinese tax document, with the reader's words beside the Chinese ones when Accept-Language asks for Polish.",
        response: { 200: fileResponse('发票 PDF', PDF) },
      },
    },
    async (request, reply) => {
      const row = await findInvoice(app.db, request.member!.memberId, request.params.id);
      if (!row) throw invoiceNotFound();
      const language = requestLanguage(request, reply);
      const { name, ascii } = invoiceFileName(row, language);
      return sendPdf(reply, name, ascii, await invoicePdf(row, language));
    },
  );

  app.post(
    paths.invoices.resend.route,
    {
      ...auth,
      schema: {
        tags,
        description: `Mails the invoice again (optionally to a corrected email, which is kept). Once per ${INVOICE_RESEND_COOLDOWN_S} s and ${INVOICE_MAILS_PER_DAY} a day per invoice (A0492).`,
        params: InvoiceParams,
        body: InvoiceResendSchema,
        response: { 200: okSchema(InvoiceSentSchema) },
      },
    },
    async (request) => {
      const { row, to } = await resendInvoice(
        app,
        request.member!.memberId,
        request.params.id,
        request.body?.email,
        parseAcceptLanguage(request.headers['accept-language']),
      );
      return ok(
        { invoice: (await presentInvoices(app.db, [row]))[0], to },
        textFor(request, phrase('invoices.resent', { email: to })),
      );
    },
  );
};

export default invoiceRoutes;
