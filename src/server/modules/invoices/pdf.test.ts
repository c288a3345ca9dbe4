import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/constants.ts';
import { pdfText } from '../../test/policies.ts';
import { invoicePdf } from './pdf.ts';
import type { InvoiceRow } from './repository.ts';

/**
 * The words of the e-invoice as a reader sees them (docs/decisions/invoice-language.md): the text
 * extracted from the PDF of fixed rows, in each language, compared with the text kept beside this test.
 */

const blue = {
  id: 1,
  invoiceNo: '20260301000000000001',
  kind: 'blue',
  originalId: null,
  originalInvoiceNo: null,
  reversedAt: null,
  orderId: 1,
  memberId: 1,
  titleType: 'company',
  title: '演示物流有限公司',
  taxNo: '91310000MA1FL0000X',
  email: 'finance@example.com',
  amountFen: 123_450,
  seller: '演示财产保险股份有限公司',
  productName: '综合意外险',
  orderNo: 'O20260301000001',
  issuedAt: new Date('2026-03-01T02:00:00Z'),
  lastSentAt: null,
  sendCount: 0,
} as InvoiceRow;

const red = {
  ...blue,
  id: 2,
  invoiceNo: '20260305000000000002',
  kind: 'red',
  originalId: 1,
  originalInvoiceNo: blue.invoiceNo,
  titleType: 'personal',
  title: '李投保',
  taxNo: null,
  amountFen: -123_450,
  issuedAt: new Date('2026-03-05T02:00:00Z'),
} as InvoiceRow;

const kept = (name: string) => `./__snapshots__/${name}.txt`;

describe.each(LANGUAGES)('the words of the e-invoice (%s)', (language) => {
  it('a blue invoice for a company title', async () => {
    await expect(await pdfText(await invoicePdf(blue, language))).toMatchFileSnapshot(kept(`invoice.${language}`));
  });

  it('a red-letter invoice cancelling it', async () => {
    await expect(await pdfText(await invoicePdf(red, language))).toMatchFileSnapshot(kept(`red-invoice.${language}`));
  });
});
