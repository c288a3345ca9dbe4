import { beijingDay } from '#shared/beijing-time.ts';
import { DEFAULT_LANGUAGE, type Language } from '#shared/constants.ts';
import { formatYuan } from '#shared/money.ts';
import { phrase, renderPhrase, renderText, type Phrase } from '../../lib/texts/render.ts';
import { createPdf, fields, footers, paragraph, section, table, title } from '../../pdf/layout.ts';
import { pageLabelIn } from '../policies/pdf/policy-document-texts.ts';
import type { InvoiceRow } from './repository.ts';

/**
 * The e-invoice PDF (电子发票（普通发票）), built on request like the policy PDFs and with their
 * Chinese font. Insurance premiums are VAT-exempt (免税), so the tax column shows *** and the total
 * equals the premium. Its words are keys `invoicePdf.*` of the text catalogue; it is a Chinese tax
 * document, so a reader of another language gets the Chinese invoice with their words beside the
 * Chinese ones (docs/decisions/invoice-language.md). The total in capital numerals (大写) is
 * notation the tax form requires, written in Chinese for every reader.
 */

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const SECTIONS = ['', '万', '亿', '万亿'];

/** 价税合计（大写）: 1234.50 yuan (123450 fen) → 壹仟贰佰叁拾肆元伍角整. */
export function yuanInWords(fen: number): string {
  if (fen === 0) return '零元整';
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  let int = '';
  if (yuan > 0) {
    const groups: number[] = [];
    for (let n = yuan; n > 0; n = Math.floor(n / 10_000)) groups.push(n % 10_000);
    let needZero = false;
    for (let g = groups.length - 1; g >= 0; g -= 1) {
      const group = groups[g];
      if (group === 0) {
        needZero = int !== '';
        continue;
      }
      if (needZero || (int !== '' && group < 1000)) int += '零';
      needZero = false;
      let text = '';
      let zero = false;
      for (let d = 3; d >= 0; d -= 1) {
        const digit = Math.floor(group / 10 ** d) % 10;
        if (digit === 0) {
          zero = text !== '';
          continue;
        }
        if (zero) text += '零';
        zero = false;
        text += DIGITS[digit] + UNITS[d];
      }
      int += text + SECTIONS[g];
    }
    int += '元';
  }
  if (jiao === 0 && cents === 0) return `${int}整`;
  let dec = '';
  if (jiao > 0) dec += `${DIGITS[jiao]}角`;
  else if (int) dec += '零';
  if (cents > 0) dec += `${DIGITS[cents]}分`;
  else dec += '整';
  return int + dec;
}

/** 价税合计（大写） of a red-letter invoice reads （负数）壹佰元整. */
const amountInWords = (fen: number) => (fen < 0 ? `（负数）${yuanInWords(-fen)}` : yuanInWords(fen));

/** The Chinese words, followed (after `separator`) by the reader's own when they read another language. */
const wordsIn =
  (language: Language, separator: string) =>
  (said: Phrase): string => {
    const chinese = renderPhrase(DEFAULT_LANGUAGE, said);
    return language === DEFAULT_LANGUAGE ? chinese : `${chinese}${separator}${renderPhrase(language, said)}`;
  };

/** The invoice's file name in the reader's language; the ASCII one is the invoice number. */
export function invoiceFileName(row: InvoiceRow, language: Language = DEFAULT_LANGUAGE) {
  const { invoiceNo } = row;
  return row.kind === 'red'
    ? { name: renderText(language, 'invoicePdf.redFileName', { invoiceNo }), ascii: `invoice-red-${invoiceNo}` }
    : { name: renderText(language, 'invoicePdf.fileName', { invoiceNo }), ascii: `invoice-${invoiceNo}` };
}

/**
 * A red-letter invoice (kind 'red') is the same document marked 红字, with the negative amounts and
 * the number of the blue invoice it cancels (对应蓝字发票号码).
 */
export async function invoicePdf(invoice: InvoiceRow, language: Language = DEFAULT_LANGUAGE): Promise<Buffer> {
  const say = wordsIn(language, ' / ');
  // A field's label: the reader's words under the Chinese ones, in a wider label column.
  const label = wordsIn(language, '\n');
  const labelled = language === DEFAULT_LANGUAGE ? {} : { labelWidth: 120 };
  const gloss = (said: Phrase) => renderPhrase(language, said);
  const red = invoice.kind === 'red';
  const chinese = language === DEFAULT_LANGUAGE;
  const { invoiceNo, orderNo, seller } = invoice;
  const originalNo = invoice.originalInvoiceNo ?? '';
  const heading = renderText(DEFAULT_LANGUAGE, red ? 'invoicePdf.redHeading' : 'invoicePdf.heading');
  const { doc, finish } = await createPdf({
    title: renderText(language, red ? 'invoicePdf.redDocumentTitle' : 'invoicePdf.documentTitle', { invoiceNo }),
    author: seller,
    subject: heading,
  });
  title(doc, heading, renderText(DEFAULT_LANGUAGE, red ? 'invoicePdf.redSubtitle' : 'invoicePdf.subtitle', { seller }));
  if (!chinese) {
    paragraph(doc, gloss(red ? 'invoicePdf.redHeading' : 'invoicePdf.heading'));
    paragraph(doc, gloss('invoicePdf.translationNote'));
  }

  section(doc, say('invoicePdf.section.invoice'));
  fields(
    doc,
    [
      [label('invoicePdf.label.invoiceNo'), invoiceNo],
      [label('invoicePdf.label.issuedAt'), beijingDay(invoice.issuedAt)],
      [label('invoicePdf.label.orderNo'), orderNo],
      [label('invoicePdf.label.titleType'), say(`invoicePdf.titleType.${invoice.titleType}`)],
      ...(red
        ? ([
            [label('invoicePdf.label.kind'), say('invoicePdf.redKind')],
            [label('invoicePdf.label.originalNo'), originalNo],
          ] as [string, string][])
        : []),
    ],
    2,
    undefined,
    labelled,
  );

  section(doc, say('invoicePdf.section.buyer'));
  fields(
    doc,
    [
      [label('invoicePdf.label.name'), invoice.title],
      [label('invoicePdf.label.taxNo'), invoice.taxNo ?? ''],
    ],
    1,
    undefined,
    labelled,
  );

  section(doc, say('invoicePdf.section.seller'));
  fields(doc, [[label('invoicePdf.label.name'), seller]], 1, undefined, labelled);

  section(doc, say('invoicePdf.section.items'));
  table(
    doc,
    [
      { header: say('invoicePdf.column.item'), width: 0.4 },
      { header: say('invoicePdf.column.quantity'), width: 0.1, align: 'center' },
      { header: say('invoicePdf.column.amount'), width: 0.2, align: 'right' },
      { header: say('invoicePdf.column.taxRate'), width: 0.15, align: 'center' },
      { header: say('invoicePdf.column.tax'), width: 0.15, align: 'right' },
    ],
    [
      [
        say(phrase('invoicePdf.item', { product: invoice.productName })),
        red ? '-1' : '1',
        formatYuan(invoice.amountFen),
        say('invoicePdf.taxExempt'),
        '***',
      ],
    ],
  );
  doc.moveDown(0.5);
  const amount = formatYuan(invoice.amountFen);
  fields(
    doc,
    [
      [
        label('invoicePdf.label.total'),
        renderText(DEFAULT_LANGUAGE, 'invoicePdf.total', { words: amountInWords(invoice.amountFen), amount }),
      ],
    ],
    1,
    undefined,
    labelled,
  );

  section(doc, say('invoicePdf.section.remarks'));
  const remarks = red
    ? phrase('invoicePdf.redRemarks', { originalNo, orderNo })
    : phrase('invoicePdf.remarks', { orderNo });
  paragraph(doc, renderPhrase(DEFAULT_LANGUAGE, remarks));
  if (!chinese) paragraph(doc, gloss(remarks));
  footers(
    doc,
    red
      ? renderText(language, 'invoicePdf.redFooter', { invoiceNo, originalNo })
      : renderText(language, 'invoicePdf.footer', { invoiceNo }),
    pageLabelIn(language),
  );
  return finish();
}
