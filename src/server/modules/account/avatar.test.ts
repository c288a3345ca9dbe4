import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AVATAR_UPLOAD_MAX_BYTES } from '#shared/session.ts';
import { members, wechatIdentities } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { V1 } from '../../test/http.ts';

const ctx = await setupTestApp({ DATA_DIR: 'memory://account-avatar' }, { listen: false });

const me = await createMember(ctx, { username: 'avatar.me', nickname: '头像' });
const other = await createMember(ctx, { username: 'avatar.other', nickname: '别人' });

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (fill = 1, size = 64) => Buffer.concat([PNG_HEAD, Buffer.alloc(size, fill)]);
const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40, 7)]);
const webp = () =>
  Buffer.concat([Buffer.from('RIFF'), Buffer.from([40, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32, 3)]);

/** A multipart body as a browser's FormData makes it. */
async function multipart(
  parts: Array<[string, Buffer | string, string?]>,
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)], { type: 'image/png' }), filename ?? 'a.png');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

async function upload(file: Buffer, headers: Record<string, string> = me.headers, filename = 'a.png') {
  const { payload, contentType } = await multipart([['file', file, filename]]);
  return ctx.app.inject({
    method: 'PUT',
    url: `${V1}/members/me/avatar`,
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
}
const remove = (headers: Record<string, string> = me.headers) =>
  ctx.app.inject({ method: 'DELETE', url: `${V1}/members/me/avatar`, headers });
const fetchUrl = (url: string) => ctx.app.inject({ method: 'GET', url });
const avatarOf = async (id: number) => (await ctx.app.db.select().from(members).where(eq(members.id, id)))[0].avatar;
const keyOf = (url: string) => url.replace(`${V1}/`, '');

describe('PUT members/me/avatar', () => {
  it('stores a PNG under a random name and serves the same bytes with its type, nosniff and a cache header', async () => {
    const bytes = png(9);
    const res = await upload(bytes);
    expect(res.statusCode, res.body).toBe(200);
    const avatar: string = res.json().data.avatar;
    expect(avatar).toMatch(new RegExp(`^${V1}/avatars/${me.memberId}/[0-9a-f-]{36}\\.png$`));
    expect(await avatarOf(me.memberId)).toBe(avatar);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${V1}/members/me`, headers: me.headers })).json().data.avatar,
    ).toBe(avatar);

    const served = await fetchUrl(avatar);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('replaces the previous upload: the new address serves, the old one is gone (404) and its file removed', async () => {
    const before = await avatarOf(me.memberId);
    const res = await upload(jpeg(), me.headers, 'photo.png');
    expect(res.statusCode).toBe(200);
    const after: string = res.json().data.avatar;
    expect(after).not.toBe(before);
    expect(after).toMatch(/\.jpg$/);
    expect((await fetchUrl(after)).headers['content-type']).toBe('image/jpeg');
    expect((await fetchUrl(before)).statusCode).toBe(404);
    expect(await ctx.app.providers.storage.get(keyOf(before))).toBeNull();
  });

  it('accepts WebP', async () => {
    const res = await upload(webp(), me.headers, 'x.webp');
    expect(res.statusCode).toBe(200);
    expect((await fetchUrl(res.json().data.avatar)).headers['content-type']).toBe('image/webp');
  });

  it.each([
    ['an HTML page named .png', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['an SVG named .png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ['a PDF', Buffer.from('%PDF-1.7\n')],
  ])('refuses %s with 415 and changes nothing', async (_label, bytes) => {
    const before = await avatarOf(me.memberId);
    const res = await upload(bytes);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'A0415', msg: '头像仅支持 JPG、PNG 或 WebP 图片' });
    expect(await avatarOf(me.memberId)).toBe(before);
    expect((await fetchUrl(before)).statusCode).toBe(200);
  });

  it('refuses an image over 2 MiB with a Chinese message and keeps the avatar; exactly 2 MiB is fine', async () => {
    const before = await avatarOf(me.memberId);
    const res = await upload(png(1, AVATAR_UPLOAD_MAX_BYTES));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'A0413', msg: '头像图片不能超过 2 MB，请压缩后重新上传' });
    expect(await avatarOf(me.memberId)).toBe(before);
    const fits = await upload(png(2, AVATAR_UPLOAD_MAX_BYTES - PNG_HEAD.length));
    expect(fits.statusCode).toBe(200);
  });

  it('answers 400, never 500, to bodies without a usable file and changes nothing', async () => {
    const before = await avatarOf(me.memberId);
    const noFile = await multipart([['name', 'x']]);
    const empty = await multipart([['file', Buffer.alloc(0)]]);
    const two = await multipart([
      ['file', png()],
      ['file', png()],
    ]);
    const bodies: Array<{ payload: string | Buffer; contentType: string }> = [
      noFile,
      empty,
      two,
      { payload: '{"file":"iVBORw0KGgo="}', contentType: 'application/json' },
      {
        payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
        contentType: 'multipart/form-data; boundary=xyz',
      },
      { payload: 'garbage', contentType: 'multipart/form-data' },
    ];
    for (const body of bodies) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `${V1}/members/me/avatar`,
        headers: { ...me.headers, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode, `${body.contentType} ${res.body}`).toBe(400);
      expect(res.json().code).toMatch(/^A0/);
    }
    expect(await avatarOf(me.memberId)).toBe(before);
  });

  it('needs a signed-in member and only ever changes the caller', async () => {
    const { payload, contentType } = await multipart([['file', png()]]);
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: `${V1}/members/me/avatar`,
      headers: { 'content-type': contentType },
      payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await remove({})).statusCode).toBe(401);

    const mine = await avatarOf(me.memberId);
    const res = await upload(png(5), other.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.avatar).toContain(`/avatars/${other.memberId}/`);
    expect(await avatarOf(me.memberId)).toBe(mine);
  });

  it('removes the uploaded file when PUT members/me replaces the avatar with an address', async () => {
    const uploaded: string = (await upload(png(6))).json().data.avatar;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${V1}/members/me`,
      headers: me.headers,
      payload: { avatar: 'https://img.example.com/x.png' },
    });
    expect(res.json().data.avatar).toBe('https://img.example.com/x.png');
    expect(await ctx.app.providers.storage.get(keyOf(uploaded))).toBeNull();
    // A nickname change leaves the avatar and its file alone.
    const again: string = (await upload(png(7))).json().data.avatar;
    await ctx.app.inject({
      method: 'PUT',
      url: `${V1}/members/me`,
      headers: me.headers,
      payload: { nickname: '新名字' },
    });
    expect(await avatarOf(me.memberId)).toBe(again);
    expect((await fetchUrl(again)).statusCode).toBe(200);
  });

  it("cannot point a profile at someone else's upload through PUT members/me", async () => {
    const others: string = await avatarOf(other.memberId);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${V1}/members/me`,
      headers: me.headers,
      payload: { avatar: keyOf(others) },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET avatars/:memberId/:name', () => {
  it.each([
    ['an unknown name', (id: number) => `${V1}/avatars/${id}/00000000-0000-0000-0000-000000000000.png`],
    ['a name without an image extension', (id: number) => `${V1}/avatars/${id}/x.html`],
    ['a climbing name', (id: number) => `${V1}/avatars/${id}/..%2F..%2Fsecret`],
    ['a dotfile', (id: number) => `${V1}/avatars/${id}/.env`],
    ['a non-numeric member', () => `${V1}/avatars/abc/x.png`],
  ])('answers %s with 4xx, never 500', async (_label, url) => {
    const res = await fetchUrl(url(me.memberId));
    expect([400, 404]).toContain(res.statusCode);
  });

  it("does not serve one member's file under another member's folder", async () => {
    const mine: string = await avatarOf(me.memberId);
    const name = mine.split('/').pop()!;
    expect((await fetchUrl(`${V1}/avatars/${other.memberId}/${name}`)).statusCode).toBe(404);
  });
});

describe('DELETE members/me/avatar', () => {
  it('goes back to none when there is no WeChat sign-in, and removes the file', async () => {
    const before: string = await avatarOf(me.memberId);
    const res = await remove();
    expect(res.statusCode).toBe(200);
    expect(res.json().data.avatar).toBe('');
    expect(await ctx.app.providers.storage.get(keyOf(before))).toBeNull();
    expect((await fetchUrl(before)).statusCode).toBe(404);
    expect((await remove()).json().data.avatar).toBe('');
  });

  it('goes back to the avatar of the newest WeChat sign-in', async () => {
    await ctx.app.db.insert(wechatIdentities).values([
      {
        memberId: other.memberId,
        appId: ctx.config.WECHAT_OA_APPID,
        kind: 'web',
        openid: 'oAvatarWeb000000000000001',
        nickname: '微信',
        avatar: 'https://wx.example.com/head.png',
      },
    ]);
    const uploaded: string = await avatarOf(other.memberId);
    const res = await remove(other.headers);
    expect(res.json().data.avatar).toBe('https://wx.example.com/head.png');
    expect(await ctx.app.providers.storage.get(keyOf(uploaded))).toBeNull();
    // The WeChat address is not an upload: removing again leaves it and deletes nothing.
    expect((await remove(other.headers)).json().data.avatar).toBe('https://wx.example.com/head.png');
  });
});
