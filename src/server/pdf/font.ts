import { existsSync, readFileSync } from 'node:fs';

/**
 * The Chinese font of the policy PDFs. No npm package installed here ships a CJK font, so the
 * server uses a system one: WenQuanYi Micro Hei (Debian/Ubuntu package `fonts-wqy-microhei`,
 * 5 MB), else Noto Sans CJK (`fonts-noto-cjk`). pdfkit embeds only the glyphs a document uses
 * (a subset), so a policy PDF stays small. Without any of them the server refuses to start
 * (`assertPdfFont`), rather than failing on the first download.
 */
export interface PdfFont {
  path: string;
  /** The PostScript name of the face inside a .ttc collection (pdfkit's `family` argument). */
  family: string;
}

export const PDF_FONT_CANDIDATES: readonly PdfFont[] = [
  { path: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
];

export class PdfFontMissingError extends Error {}

export function findPdfFont(candidates: readonly PdfFont[] = PDF_FONT_CANDIDATES): PdfFont | null {
  return candidates.find((c) => existsSync(c.path)) ?? null;
}

/** Throws a message that says what to install when no Chinese font is present. */
export function assertPdfFont(candidates: readonly PdfFont[] = PDF_FONT_CANDIDATES): PdfFont {
  const found = findPdfFont(candidates);
  if (found) return found;
  throw new PdfFontMissingError(
    'No Chinese font for policy PDFs. Install fonts-wqy-microhei (apt-get install fonts-wqy-microhei), ' +
      `so that one of these exists: ${candidates.map((c) => c.path).join(', ')}`,
  );
}

let loaded: { font: PdfFont; bytes: Buffer } | undefined;

/** The font's bytes, read once (about 5 MB) and kept for every later document. */
export function pdfFontBytes(): { font: PdfFont; bytes: Buffer } {
  if (!loaded) {
    const font = assertPdfFont();
    loaded = { font, bytes: readFileSync(font.path) };
  }
  return loaded;
}
