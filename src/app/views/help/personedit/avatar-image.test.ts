import { describe, expect, it } from 'vitest';
import { AVATAR_UPLOAD_MAX_BYTES } from '#shared/session.ts';
import {
  acceptablePick,
  AVATAR_MAX_BYTES,
  AVATAR_PX,
  encodeWithin,
  isUploadedAvatar,
  squareCrop,
} from './avatar-image.ts';

describe('squareCrop', () => {
  it('takes the centred square of a landscape photo and shrinks it to the avatar size', () => {
    expect(squareCrop(4000, 3000)).toEqual({ sx: 500, sy: 0, side: 3000, out: AVATAR_PX });
  });

  it('takes the centred square of a portrait photo', () => {
    expect(squareCrop(1080, 1920)).toEqual({ sx: 0, sy: 420, side: 1080, out: AVATAR_PX });
  });

  it('never enlarges a small picture and keeps odd sizes inside the image', () => {
    expect(squareCrop(101, 200)).toEqual({ sx: 0, sy: 49, side: 101, out: 101 });
    const c = squareCrop(333, 100);
    expect(c.sx + c.side).toBeLessThanOrEqual(333);
    expect(c).toMatchObject({ side: 100, out: 100 });
  });

  it('survives a broken size (0 or fractions) without a zero-sized canvas', () => {
    expect(squareCrop(0, 0)).toEqual({ sx: 0, sy: 0, side: 1, out: 1 });
    expect(squareCrop(10.7, 20.2).out).toBe(10);
  });
});

describe('encodeWithin', () => {
  const blobOf = (bytes: number) => new Blob([new Uint8Array(bytes)]);

  it('keeps the best quality that fits 2 MiB', async () => {
    const tried: number[] = [];
    const out = await encodeWithin(async (q) => {
      tried.push(q);
      return blobOf(q > 0.8 ? AVATAR_MAX_BYTES + 1 : 1000);
    });
    expect(out?.size).toBe(1000);
    expect(tried).toEqual([0.9, 0.8]);
  });

  it('gives up (null) when nothing fits, so nothing oversized is sent', async () => {
    expect(await encodeWithin(async () => blobOf(AVATAR_MAX_BYTES + 1))).toBeNull();
    expect(await encodeWithin(async () => null)).toBeNull();
  });
});

describe('picks and addresses', () => {
  it('matches the server limits', () => {
    expect(AVATAR_MAX_BYTES).toBe(AVATAR_UPLOAD_MAX_BYTES);
  });

  it('tries photos, refuses SVG, empty and other files', () => {
    expect(acceptablePick({ type: 'image/jpeg', size: 3_000_000 })).toBe(true);
    expect(acceptablePick({ type: 'image/heic', size: 3_000_000 })).toBe(true);
    expect(acceptablePick({ type: 'image/svg+xml', size: 300 })).toBe(false);
    expect(acceptablePick({ type: 'text/html', size: 300 })).toBe(false);
    expect(acceptablePick({ type: 'image/png', size: 0 })).toBe(false);
  });

  it('tells an uploaded avatar from a WeChat one', () => {
    expect(isUploadedAvatar('/prod-api/app-api/v1/avatars/7/0b7e.jpg')).toBe(true);
    expect(isUploadedAvatar('https://thirdwx.qlogo.cn/x/132')).toBe(false);
    expect(isUploadedAvatar('')).toBe(false);
  });
});
