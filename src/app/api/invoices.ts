import type {
  InvoiceableOrderList,
  InvoiceIssued,
  InvoiceKind,
  InvoiceList,
  InvoiceRequest,
  InvoiceSent,
} from '#shared/invoices.ts';
import * as paths from '#shared/api-paths.ts';
import { unwrap } from './client.ts';
import { downloadFile, type DownloadOutcome } from './download.ts';
import { issuesClient, withIssues } from './field-issues.ts';

/*
 * E-invoices (src/shared/invoices.ts): the paid orders that can still be invoiced, the request
 * (one invoice per order), my invoices, the PDF and the resend by mail. Refusals that name form
 * fields come back as IssuesError.
 */

export function listInvoiceableOrders(): Promise<InvoiceableOrderList> {
  return unwrap<InvoiceableOrderList>(issuesClient.get(paths.invoices.orders()));
}

export function listInvoices(): Promise<InvoiceList> {
  return unwrap<InvoiceList>(issuesClient.get(paths.invoices.list()));
}

export function requestInvoices(input: InvoiceRequest): Promise<InvoiceIssued> {
  return withIssues((context) =>
    unwrap<InvoiceIssued>(issuesClient.post(paths.invoices.list(), { json: input, context })),
  );
}

export function resendInvoice(id: number, email?: string): Promise<InvoiceSent> {
  return unwrap<InvoiceSent>(issuesClient.post(paths.invoices.resend({ id }), { json: email ? { email } : {} }));
}

export const invoicePdfPath = (id: number) => paths.invoices.pdf({ id });

/** Saves the PDF under the server's name; inside WeChat answers 'wechat' (the mail is the way there). */
export function downloadInvoice(id: number, invoiceNo: string, kind: InvoiceKind = 'blue'): Promise<DownloadOutcome> {
  return downloadFile(invoicePdfPath(id), `${kind === 'red' ? '红字发票' : '电子发票'}-${invoiceNo}.pdf`);
}
