import { isCreditCode, normalizeCreditCode } from '#shared/credit-code.ts';
import type { Invoice, InvoiceRequest, InvoiceTitleType } from '#shared/invoices.ts';
import type { MessageKey } from '../../../i18n/index.ts';

/** The request form's values, as typed. */
export interface InvoiceFormValues {
  titleType: InvoiceTitleType;
  title: string;
  taxNo: string;
  email: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first problem of each field (dictionary keys), the same rules the server applies. */
export function formProblems(v: InvoiceFormValues): Partial<Record<keyof InvoiceFormValues, MessageKey>> {
  const problems: Partial<Record<keyof InvoiceFormValues, MessageKey>> = {};
  if (v.title.trim().length < 2) problems.title = 'invoice.titleRequired';
  if (v.titleType === 'company') {
    const tax = normalizeCreditCode(v.taxNo);
    if (!tax) problems.taxNo = 'invoice.taxNoRequired';
    else if (tax.length !== 18) problems.taxNo = 'invoice.taxNoLength';
    else if (!isCreditCode(tax)) problems.taxNo = 'invoice.taxNoCheck';
  }
  if (!v.email.trim()) problems.email = 'invoice.emailRequired';
  else if (!EMAIL_PATTERN.test(v.email.trim())) problems.email = 'invoice.emailFormat';
  return problems;
}

/** What `POST invoice` gets: the tax number only with a company title. */
export function requestBody(orderIds: number[], v: InvoiceFormValues): InvoiceRequest {
  return {
    orderIds,
    titleType: v.titleType,
    title: v.title.trim(),
    ...(v.titleType === 'company' ? { taxNo: normalizeCreditCode(v.taxNo) } : {}),
    email: v.email.trim(),
  };
}

/**
 * Each red-letter invoice right after the blue one it cancels (the server lists newest first, so
 * the red one would come before its original); a red one whose original is missing stays in place.
 */
export function pairRedLetters(list: Invoice[]): Invoice[] {
  const blueIds = new Set(list.filter((i) => i.kind === 'blue').map((i) => i.id));
  const redOf = new Map(
    list
      .filter((i) => i.kind === 'red' && i.originalId !== null && blueIds.has(i.originalId))
      .map((i) => [i.originalId!, i]),
  );
  const paired = new Set([...redOf.values()].map((i) => i.id));
  return list.filter((i) => !paired.has(i.id)).flatMap((i) => (redOf.has(i.id) ? [i, redOf.get(i.id)!] : [i]));
}
