import type PDFDocument from 'pdfkit';
import { pdfFontBytes } from './font.ts';

/**
 * Small layout helpers over pdfkit for the product's PDFs (policies, vouchers, invoices, the purchase
 * record in Chinese or Polish): a titled
 * A4 page with the Chinese font, sections, label/value grids, tables that continue on the next page
 * with their header, and a footer with page numbers on every page.
 */

export type Pdf = PDFKit.PDFDocument;

const MARGIN = 50;
const FOOTER_SPACE = 40;
const BLUE = '#1677ff';
const GREY = '#666666';
const LINE = '#d9d9d9';
const HEADER_FILL = '#f0f5ff';

/** pdfkit (with fontkit) is loaded on the first PDF, not at start: most processes never make one. */
export async function createPdf(info: {
  title: string;
  author: string;
  subject: string;
}): Promise<{ doc: Pdf; finish: () => Promise<Buffer> }> {
  const { default: Document }: { default: typeof PDFDocument } = await import('pdfkit');
  const doc = new Document({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    bufferPages: true,
    info: { Title: info.title, Author: info.author, Subject: info.subject, Creator: 'insure-h5' },
  });
  const { font, bytes } = pdfFontBytes();
  doc.registerFont('cjk', bytes, font.family);
  doc.font('cjk').fontSize(10).fillColor('black');
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    finish: () => {
      doc.end();
      return ended;
    },
  };
}

const contentWidth = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottomLimit = (doc: Pdf) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page when less than `height` is left on this one. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
}

export function title(doc: Pdf, text: string, subtitle: string): void {
  doc.fontSize(9).fillColor(GREY).text(subtitle, MARGIN, MARGIN);
  doc.moveDown(0.3).fontSize(22).fillColor('black').text(text, MARGIN);
  doc.moveDown(0.5);
}

export function section(doc: Pdf, text: string): void {
  ensureSpace(doc, 60);
  doc.moveDown(0.6);
  const y = doc.y;
  doc.rect(MARGIN, y + 1, 3, 12).fill(BLUE);
  doc
    .fillColor('black')
    .fontSize(12)
    .text(text, MARGIN + 9, y, { width: contentWidth(doc) - 9 });
  doc.moveDown(0.4);
}

/** Label/value pairs in `columns` columns; long values wrap inside their cell. */
export function fields(
  doc: Pdf,
  pairs: [label: string, value: string][],
  columns = 2,
  width?: number,
  options: { labelWidth?: number } = {},
): void {
  const total = width ?? contentWidth(doc);
  const colWidth = total / columns;
  const labelWidth = options.labelWidth ?? 62;
  for (let i = 0; i < pairs.length; i += columns) {
    const row = pairs.slice(i, i + columns);
    doc.fontSize(10);
    const height =
      Math.max(
        ...row.map(([label, value]) =>
          Math.max(
            doc.heightOfString(label, { width: labelWidth }),
            doc.heightOfString(value || '—', { width: colWidth - labelWidth - 6 }),
          ),
        ),
      ) + 6;
    ensureSpace(doc, height);
    const y = doc.y;
    row.forEach(([label, value], k) => {
      const x = MARGIN + k * colWidth;
      doc.fillColor(GREY).text(label, x, y, { width: labelWidth });
      doc.fillColor('black').text(value || '—', x + labelWidth, y, { width: colWidth - labelWidth - 6 });
    });
    doc.x = MARGIN;
    doc.y = y + height;
  }
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

/** A bordered table; widths are fractions of the content width. Repeats its header on a new page. */
export function table(doc: Pdf, columns: Column[], rows: string[][]): void {
  const total = contentWidth(doc);
  const widths = columns.map((c) => c.width * total);
  const pad = 4;
  const drawRow = (cells: string[], header: boolean) => {
    doc.fontSize(header ? 9.5 : 9);
    const height =
      Math.max(...cells.map((cell, i) => doc.heightOfString(cell || '—', { width: widths[i] - 2 * pad }))) + 2 * pad;
    if (doc.y + height > bottomLimit(doc)) {
      doc.addPage();
      if (!header)
        drawRow(
          columns.map((c) => c.header),
          true,
        );
    }
    const y = doc.y;
    let x = MARGIN;
    if (header) doc.rect(MARGIN, y, total, height).fill(HEADER_FILL);
    cells.forEach((cell, i) => {
      doc.rect(x, y, widths[i], height).lineWidth(0.5).strokeColor(LINE).stroke();
      doc
        .fillColor(header ? BLUE : 'black')
        .text(cell || '—', x + pad, y + pad, { width: widths[i] - 2 * pad, align: columns[i].align ?? 'left' });
      x += widths[i];
    });
    doc.x = MARGIN;
    doc.y = y + height;
  };
  ensureSpace(doc, 40);
  drawRow(
    columns.map((c) => c.header),
    true,
  );
  for (const row of rows) drawRow(row, false);
}

export function paragraph(doc: Pdf, text: string, size = 9): void {
  doc.fontSize(size);
  ensureSpace(doc, doc.heightOfString(text, { width: contentWidth(doc) }) + 4);
  doc.fillColor(GREY).text(text, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.fillColor('black');
}

/** A QR code image in the top right corner of the first page, with a caption under it. */
export function cornerQr(doc: Pdf, png: Buffer, caption: string): void {
  const size = 78;
  const x = doc.page.width - MARGIN - size;
  const { y } = doc;
  doc.image(png, x, MARGIN - 6, { width: size, height: size });
  doc
    .fontSize(7.5)
    .fillColor(GREY)
    .text(caption, x - 10, MARGIN - 6 + size + 1, { width: size + 20, align: 'center' });
  doc.fillColor('black');
  doc.x = MARGIN;
  doc.y = y;
}

/** The page counter of a footer, in the document's language (the catalogue's `pdf.pageLabel`). */
export type PageLabel = (page: number, pages: number) => string;

/** `text` and the page counter at the foot of every page (the pages are buffered until now). */
export function footers(doc: Pdf, text: string, pageLabel: PageLabel): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc
      .fontSize(8)
      .fillColor(GREY)
      .text(`${text}    ${pageLabel(i - range.start + 1, range.count)}`, MARGIN, doc.page.height - MARGIN - 10, {
        width: contentWidth(doc),
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.fillColor('black');
}
