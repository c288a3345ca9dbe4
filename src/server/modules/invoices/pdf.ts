import { INVOICE_TITLE_TYPE_LABELS } from '#shared/invoices.ts';
import { beijingDay } from '#shared/beijing-time.ts';
import { createPdf, fields, footers, paragraph, section, table, title } from '../../pdf/layout.ts';
import { formatYuan } from '#shared/money.ts';
import type { InvoiceRow } from './repository.ts';

/**
 * The e-invoice PDF (电子发票（普通发票）), built on request like the policy PDFs and with their
 * Chinese font. Insurance premiums are VAT-exempt (免税), so the tax column shows *** and the total
 * equals the premium.
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

/**
 * A red-letter invoice (kind 'red') is the same document marked 红字, with the negative amounts and
 * the number of the blue invoice it cancels (对应蓝字发票号码).
 */
export async function invoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  const red = invoice.kind === 'red';
  const heading = red ? '电子发票（普通发票）（红字）' : '电子发票（普通发票）';
  const { doc, finish } = await createPdf({
    title: `${red ? '红字发票' : '电子发票'} ${invoice.invoiceNo}`,
    author: invoice.seller,
    subject: heading,
  });
  title(
    doc,
    heading,
    red ? `${invoice.seller} · 保险服务 · 红字发票（冲销对应蓝字发票）` : `${invoice.seller} · 保险服务`,
  );

  section(doc, '发票信息');
  fields(doc, [
    ['发票号码', invoice.invoiceNo],
    ['开票日期', beijingDay(invoice.issuedAt)],
    ['订单号', invoice.orderNo],
    ['抬头类型', INVOICE_TITLE_TYPE_LABELS[invoice.titleType]],
    ...(red
      ? ([
          ['发票类型', '红字发票'],
          ['对应蓝字发票号码', invoice.originalInvoiceNo ?? ''],
        ] as [string, string][])
      : []),
  ]);

  section(doc, '购买方信息');
  fields(
    doc,
    [
      ['名称', invoice.title],
      ['纳税人识别号', invoice.taxNo ?? ''],
    ],
    1,
  );

  section(doc, '销售方信息');
  fields(doc, [['名称', invoice.seller]], 1);

  section(doc, '开票明细');
  table(
    doc,
    [
      { header: '项目名称', width: 0.4 },
      { header: '数量', width: 0.1, align: 'center' },
      { header: '金额', width: 0.2, align: 'right' },
      { header: '税率/征收率', width: 0.15, align: 'center' },
      { header: '税额', width: 0.15, align: 'right' },
    ],
    [[`*保险服务*${invoice.productName}`, red ? '-1' : '1', formatYuan(invoice.amountFen), '免税', '***']],
  );
  doc.moveDown(0.5);
  fields(
    doc,
    [['价税合计', `（大写）${amountInWords(invoice.amountFen)}    （小写）${formatYuan(invoice.amountFen)}`]],
    1,
  );

  section(doc, '备注');
  paragraph(
    doc,
    red
      ? `被红冲蓝字电子发票号码：${invoice.originalInvoiceNo ?? ''}。订单号 ${invoice.orderNo} 的保单已在犹豫期内退保，保费全额退还，原发票全额冲销。保险费收入免征增值税。`
      : `订单号 ${invoice.orderNo}。保险费收入免征增值税。本电子发票与纸质发票具有同等法律效力。`,
  );
  footers(
    doc,
    red
      ? `红字发票号码 ${invoice.invoiceNo} · 对应蓝字发票号码 ${invoice.originalInvoiceNo ?? ''}`
      : `发票号码 ${invoice.invoiceNo}`,
  );
  return finish();
}
