import type { ClaimFileMime } from '#shared/claims.ts';

/**
 * What a file really is, from its first bytes: JPEG (FF D8 FF), PNG (the 8-byte signature) or
 * PDF (`%PDF-`). The name and the browser's type are never trusted: a renamed .exe stays refused.
 */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF = Buffer.from('%PDF-', 'latin1');

export function sniffClaimFile(bytes: Buffer): ClaimFileMime | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= PNG.length && bytes.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (bytes.length >= PDF.length && bytes.subarray(0, PDF.length).equals(PDF)) return 'application/pdf';
  return null;
}

export const EXTENSIONS: Record<ClaimFileMime, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'application/pdf': '.pdf',
};
