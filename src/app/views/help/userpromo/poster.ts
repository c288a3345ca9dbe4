/*
 * The promotion poster (推广海报): drawn in the browser on a canvas, returned as a PNG data URL so
 * the page can show it as an <img> (WeChat users long-press it to save or send). Product name, the
 * lowest price, the sharer's name and a QR code of the sharer's link. `qrcode` is loaded only when a
 * poster is made.
 */

export interface PosterInput {
  productName: string;
  tagline: string;
  /** `¥128.00 起`, already formatted. */
  priceText: string;
  /** `王伙伴 向您推荐`, already formatted. */
  sharerText: string;
  /** `长按识别二维码，查看产品详情`. */
  scanText: string;
  link: string;
}

/** Poster size in canvas pixels: 2× a 375 × 600 design, sharp on phone screens. */
export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1200;
const PAD = 60;
const QR_SIZE = 300;
const TITLE_FONT = 52;
const TITLE_LINE = 68;
const TITLE_MAX_LINES = 3;
const BAND_BELOW_PRICE = 70;
/** QR code plus the sharer and scan lines under it. */
const QR_BLOCK = QR_SIZE + 124;
const FONT_FAMILY = "'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif";

/**
 * Breaks text into at most `maxLines` lines no wider than `maxWidth` (measured by `measure`), one
 * character at a time (Chinese has no spaces); the last line ends with … when text is left over.
 */
export function wrapText(text: string, maxWidth: number, maxLines: number, measure: (s: string) => number): string[] {
  const chars = Array.from(text.trim());
  const lines: string[] = [];
  let line = '';
  let i = 0;
  for (; i < chars.length; i += 1) {
    const next = line + chars[i];
    if (line && measure(next) > maxWidth) {
      lines.push(line);
      line = chars[i];
      if (lines.length === maxLines) break;
    } else {
      line = next;
    }
  }
  if (lines.length < maxLines) {
    if (line) lines.push(line);
    return lines;
  }
  // Text left over: shorten the last line until it fits with the ellipsis.
  let last = lines[maxLines - 1];
  while (last && measure(`${last}…`) > maxWidth) last = Array.from(last).slice(0, -1).join('');
  lines[maxLines - 1] = `${last}…`;
  return lines;
}

export interface PosterLayout {
  band: { height: number };
  title: { lines: string[]; x: number; y: number; lineHeight: number };
  tagline: { text: string; y: number };
  price: { y: number };
  qr: { x: number; y: number; size: number };
  sharer: { y: number };
  scan: { y: number };
}

/** Where everything goes: title, tagline and price on the band; the QR block centred below it, whatever the title's length. */
export function posterLayout(
  input: Pick<PosterInput, 'productName' | 'tagline'>,
  measureTitle: (s: string) => number,
  measureTagline: (s: string) => number,
): PosterLayout {
  const width = POSTER_WIDTH - 2 * PAD;
  const lines = wrapText(input.productName, width, TITLE_MAX_LINES, measureTitle);
  const titleY = 230;
  const afterTitle = titleY + (lines.length - 1) * TITLE_LINE;
  const [tagline = ''] = wrapText(input.tagline, width, 1, measureTagline);
  const priceY = afterTitle + 150;
  // The QR block (code, sharer, scan hint) is centred in the white area under the band.
  const bandBottom = priceY + BAND_BELOW_PRICE;
  const qrY = Math.round(bandBottom + (POSTER_HEIGHT - bandBottom - QR_BLOCK) / 2);
  return {
    band: { height: bandBottom },
    title: { lines, x: PAD, y: titleY, lineHeight: TITLE_LINE },
    tagline: { text: tagline, y: afterTitle + 64 },
    price: { y: priceY },
    qr: { x: (POSTER_WIDTH - QR_SIZE) / 2, y: qrY, size: QR_SIZE },
    sharer: { y: qrY + QR_SIZE + 60 },
    scan: { y: qrY + QR_SIZE + 104 },
  };
}

const font = (size: number, weight = 400) => `${weight} ${size}px ${FONT_FAMILY}`;

/** Draws the poster; resolves to a PNG data URL. */
export async function drawPoster(input: PosterInput): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const canvas = document.createElement('canvas');
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d is not available');

  const measure = (f: string) => (s: string) => {
    ctx.font = f;
    return ctx.measureText(s).width;
  };
  const layout = posterLayout(input, measure(font(TITLE_FONT, 600)), measure(font(30)));

  // Background: a blue band over white, a white card for the QR code.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  const band = ctx.createLinearGradient(0, 0, POSTER_WIDTH, 0);
  band.addColorStop(0, '#1677ff');
  band.addColorStop(1, '#4096ff');
  ctx.fillStyle = band;
  ctx.fillRect(0, 0, POSTER_WIDTH, layout.band.height);

  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.fillStyle = '#ffffff';
  ctx.font = font(TITLE_FONT, 600);
  layout.title.lines.forEach((line, i) =>
    ctx.fillText(line, layout.title.x, layout.title.y + i * layout.title.lineHeight),
  );
  ctx.font = font(30);
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.fillText(layout.tagline.text, layout.title.x, layout.tagline.y);
  ctx.font = font(56, 700);
  ctx.fillStyle = '#ffd666';
  ctx.fillText(input.priceText, layout.title.x, layout.price.y);

  const qr = document.createElement('canvas');
  await QRCode.toCanvas(qr, input.link, { width: layout.qr.size, margin: 1, errorCorrectionLevel: 'M' });
  ctx.drawImage(qr, layout.qr.x, layout.qr.y, layout.qr.size, layout.qr.size);

  ctx.textAlign = 'center';
  ctx.fillStyle = '#1f2329';
  ctx.font = font(32, 600);
  ctx.fillText(input.sharerText, POSTER_WIDTH / 2, layout.sharer.y);
  ctx.fillStyle = '#8a9099';
  ctx.font = font(26);
  ctx.fillText(input.scanText, POSTER_WIDTH / 2, layout.scan.y);
  return canvas.toDataURL('image/png');
}

/** Saves the poster as a file (outside WeChat; inside, the image is long-pressed instead). */
export function savePoster(dataUrl: string, filename: string): void {
  const link = document.createElement('a');
  link.href = dataUrl;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** A file name without characters file systems refuse. */
export function posterFilename(productName: string): string {
  const safe = productName.replace(/[\\/:*?"<>|\s]+/g, '').slice(0, 40);
  return `${safe || 'poster'}-推广海报.png`;
}
