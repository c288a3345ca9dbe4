import { deflateSync } from 'node:zlib';
import { apiGet, apiSend, expect, hashUrl, phoneSlot, signInBrowser, test, type DemoUser } from './fixtures.ts';
import { t } from './texts.ts';

/** CRC-32 of PNG chunks. */
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real width×height RGB PNG: left half one colour, right half another (so the square crop is visible). */
function makePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set(x < width / 2 ? [230, 80, 40] : [40, 120, 230], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Each phone its own account: two phones may run at once, and a new upload removes the previous one.
const ACCOUNT: DemoUser[] = ['demo.member', 'demo.company'];

test(
  'a member sets an avatar from a photo in 编辑资料 and sees it on 我的 and 主体信息',
  { tag: ['@writes', '@demo-data'] },
  async ({ page, context, baseURL, keyScreen }, testInfo) => {
    const user = ACCOUNT[phoneSlot(testInfo)];
    const { access_token: token } = await signInBrowser(context, baseURL!, user);

    await page.goto(hashUrl('/help/personedit'));
    const chooser = page.waitForEvent('filechooser');
    await page.getByText(t('avatar.label'), { exact: true }).click();
    await (await chooser).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: makePng(640, 400) });
    await expect(page.getByText(t('avatar.updated'))).toBeVisible();

    const profile = await apiGet<{ avatar: string }>(context.request, 'members/me', token);
    expect(profile.avatar).toMatch(/^\/prod-api\/app-api\/v1\/avatars\/\d+\/[0-9a-f-]{36}\.(jpg|png|webp)$/);

    // 我的: the profile card shows the uploaded picture, served as an image with nosniff.
    await page.goto(hashUrl('/help/person'));
    const img = page.locator(`img[src="${profile.avatar}"]`).first();
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    // Cropped to a square in the browser.
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth === el.naturalHeight)).toBe(true);
    await keyScreen('my centre with the avatar');
    const served = await context.request.get(profile.avatar);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toMatch(/^image\/(png|jpeg)$/);
    expect(served.headers()['x-content-type-options']).toBe('nosniff');

    // 主体信息 shows the same picture.
    await page.goto(hashUrl('/member/info'));
    await expect(page.locator(`img[src="${profile.avatar}"]`).first()).toBeVisible();

    // Removing it goes back to none (demo accounts have no WeChat sign-in) and the old address is gone.
    const back = await apiSend<{ avatar: string }>(context.request, 'DELETE', 'members/me/avatar', token);
    expect(back.avatar).not.toBe(profile.avatar);
    expect((await context.request.get(profile.avatar)).status()).toBe(404);
  },
);
