import { AVATAR_URL_BASE } from '#shared/api-paths.ts';
/*
 * The avatar picked in 编辑资料: shrunk by browser-image-compression (loaded only when a photo is
 * picked; it also applies the photo's EXIF rotation), cut to the centred square on a canvas, sent
 * as a JPEG of at most AVATAR_PX square. Values of #shared/session.ts written out, so this screen
 * does not pull zod into its bundle.
 */

/** AVATAR_UPLOAD_MAX_BYTES of #shared/session.ts. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Side of the avatar sent, in pixels: sharp on a 3× phone at the largest size shown. */
export const AVATAR_PX = 512;
/** JPEG qualities tried in turn until the image fits AVATAR_MAX_BYTES. */
export const QUALITIES = [0.9, 0.8, 0.65, 0.5] as const;

export interface SquareCrop {
  /** Left and top of the square in the source image. */
  sx: number;
  sy: number;
  /** Side of the square taken from the source. */
  side: number;
  /** Side of the picture drawn: the square, never enlarged, at most `max`. */
  out: number;
}

/** The largest centred square of a `width`×`height` image, drawn at most `max` pixels wide. */
export function squareCrop(width: number, height: number, max = AVATAR_PX): SquareCrop {
  const w = Math.max(1, Math.floor(width));
  const h = Math.max(1, Math.floor(height));
  const side = Math.min(w, h);
  return { sx: Math.floor((w - side) / 2), sy: Math.floor((h - side) / 2), side, out: Math.min(side, max) };
}

export function isUploadedAvatar(avatar: string | null | undefined): boolean {
  return Boolean(avatar?.startsWith(AVATAR_URL_BASE));
}

/** Whether a picked file is worth trying: an image type (or none given) and not absurdly large. */
export function acceptablePick(file: { type: string; size: number }): boolean {
  return (
    (file.type === '' || file.type.startsWith('image/')) &&
    file.type !== 'image/svg+xml' &&
    file.size > 0 &&
    file.size <= 40 * 1024 * 1024
  );
}

/** First quality whose encoding fits, else null. */
export async function encodeWithin(
  encode: (quality: number) => Promise<Blob | null>,
  maxBytes = AVATAR_MAX_BYTES,
): Promise<Blob | null> {
  for (const quality of QUALITIES) {
    const blob = await encode(quality);
    if (blob && blob.size <= maxBytes) return blob;
  }
  return null;
}

async function shrink(file: File): Promise<Blob> {
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    return await imageCompression(file, { maxSizeMB: 1, maxWidthOrHeight: 1024, useWebWorker: false });
  } catch {
    return file;
  }
}

async function decode(blob: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(blob);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return img;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The picked photo as a square JPEG ready for upload; throws when the browser cannot read it. */
export async function prepareAvatar(file: File): Promise<File> {
  const img = await decode(await shrink(file));
  const crop = squareCrop(img.naturalWidth, img.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = crop.out;
  canvas.height = crop.out;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas unavailable');
  // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, crop.out, crop.out);
  ctx.drawImage(img, crop.sx, crop.sy, crop.side, crop.side, 0, 0, crop.out, crop.out);
  const blob = await encodeWithin((quality) => new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality)));
  if (!blob) throw new Error('avatar too large');
  return new File([blob], 'avatar.jpg', { type: 'image/jpeg' });
}
