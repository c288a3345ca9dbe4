import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { createMember } from '../../test/members.ts';
import { V1 } from '../../test/http.ts';

const ctx = await setupTestApp({ DATA_DIR: 'memory://account-profile' }, { listen: false });

const me = await createMember(ctx, { username: 'profile.me', mobile: '13911100001', nickname: '旧昵称' });
const other = await createMember(ctx, { username: 'profile.other', nickname: '别人' });

const put = (body: unknown, headers: Record<string, string> = me.headers) =>
  ctx.app.inject({ method: 'PUT', url: `${V1}/members/me`, headers, payload: body as object });
const raw = (payload: string, contentType = 'application/json') =>
  ctx.app.inject({
    method: 'PUT',
    url: `${V1}/members/me`,
    headers: { ...me.headers, 'content-type': contentType },
    payload,
  });
const stored = async (id: number) => (await ctx.app.db.select().from(members).where(eq(members.id, id)))[0];

function expectRefused(
  res: { statusCode: number; json: () => { code: string; data: { issues: unknown[] } } },
  field: string,
  message: string,
) {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.code).toBe('A0400');
  expect(body.data.issues).toContainEqual({ field, message });
}

describe('PUT members/me', () => {
  it('saves a trimmed nickname and an avatar URL and answers the profile as GET members/me does', async () => {
    const res = await put({ nickname: '  小明  ', avatar: 'https://img.example.com/a.png' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: me.memberId,
      nickname: '小明',
      avatar: 'https://img.example.com/a.png',
      mobile: '139****0001',
      hasPassword: false,
    });
    const read = await ctx.app.inject({ method: 'GET', url: `${V1}/members/me`, headers: me.headers });
    expect(res.json()).toEqual(read.json());
  });

  it('changes only the field sent, and an empty avatar removes it', async () => {
    const res = await put({ avatar: '' });
    expect(res.json().data).toMatchObject({ nickname: '小明', avatar: '' });
    expect((await put({ nickname: '小红' })).json().data).toMatchObject({ nickname: '小红', avatar: '' });
  });

  it('counts characters as people see them: twenty emoji fit, twenty-one letters do not', async () => {
    expect((await put({ nickname: '😀'.repeat(20) })).statusCode).toBe(200);
    expectRefused(await put({ nickname: 'a'.repeat(21) }), 'nickname', '昵称最多 20 个字符');
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
  ])('refuses a nickname that is %s', async (_label, nickname) => {
    expectRefused(await put({ nickname }), 'nickname', '昵称不能为空');
  });

  it.each([
    ['a bell', 'ab\u0007c'],
    ['a line break inside', 'a\nb'],
    ['a right-to-left override', 'abc\u202Etxt.exe'],
    ['a DEL', 'x\u007fy'],
  ])('refuses a nickname with %s', async (_label, nickname) => {
    expectRefused(await put({ nickname }), 'nickname', '昵称不能包含控制字符');
  });

  it.each([
    ['a javascript: URL', 'javascript:alert(1)'],
    ['an ftp URL', 'ftp://example.com/a.png'],
    ['a relative path', '/uploads/a.png'],
    ['words', 'my face'],
    ['a URL with a password', 'https://user:secret@example.com/a.png'],
    ['a path climbing out of the folder', 'avatars/1/../2/a.png'],
  ])('refuses an avatar that is %s', async (_label, avatar) => {
    expectRefused(await put({ avatar }), 'avatar', '头像须为 http(s) 图片地址或已上传的图片');
  });

  it('refuses an avatar over 500 characters', async () => {
    expectRefused(await put({ avatar: `https://example.com/${'a'.repeat(481)}` }), 'avatar', '头像地址最多 500 个字符');
    expect((await put({ avatar: `https://example.com/${'a'.repeat(480)}` })).statusCode).toBe(200);
  });

  it('refuses a body with no field to change', async () => {
    const res = await put({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A0400', msg: expect.stringContaining('请提供昵称、头像或长辈版设置') });
  });

  it('keeps 长辈版 for the member: on and off, read back by GET members/me, nothing else changed', async () => {
    const before = await stored(me.memberId);
    const on = await put({ elderMode: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ elderMode: true, nickname: before.nickname, avatar: before.avatar });
    const read = await ctx.app.inject({ method: 'GET', url: `${V1}/members/me`, headers: me.headers });
    expect(read.json().data.elderMode).toBe(true);
    expect((await stored(other.memberId)).elderMode).toBe(false);
    expect((await put({ elderMode: false })).json().data.elderMode).toBe(false);
    expect((await stored(me.memberId)).elderMode).toBe(false);
  });

  it.each([
    ['a string', 'true'],
    ['a number', 1],
    ['null', null],
  ])('refuses 长辈版 given as %s and changes nothing', async (_label, elderMode) => {
    await put({ elderMode: true });
    expectRefused(await put({ elderMode, nickname: '不该保存' }), 'elderMode', '长辈版设置须为 true 或 false');
    expect(await stored(me.memberId)).toMatchObject({
      elderMode: true,
      nickname: expect.not.stringMatching('不该保存'),
    });
    await put({ elderMode: false });
  });

  it('accepts the key of an image the member uploaded', async () => {
    const key = `avatars/${me.memberId}/face.png`;
    await ctx.app.providers.storage.put(key, Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png');
    const res = await put({ avatar: key });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.avatar).toBe(key);
  });

  it("refuses the key of another member's upload, a key never uploaded, and a file that is not an image", async () => {
    await ctx.app.providers.storage.put(`avatars/${other.memberId}/face.png`, Buffer.from('png'), 'image/png');
    await ctx.app.providers.storage.put(`avatars/${me.memberId}/list.csv`, Buffer.from('a,b'), 'text/csv');
    const cases: [string, string][] = [
      [`avatars/${other.memberId}/face.png`, '只能使用自己上传的头像'],
      [`avatars/${me.memberId}/missing.png`, '头像图片不存在，请重新上传'],
      [`avatars/${me.memberId}/list.csv`, '头像须为图片'],
    ];
    for (const [avatar, msg] of cases) {
      const res = await put({ avatar });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'A0400', msg });
    }
    expect((await stored(me.memberId)).avatar).toBe(`avatars/${me.memberId}/face.png`);
  });

  it("changes only the caller's own profile, whatever ids the body carries", async () => {
    const res = await put({
      nickname: '自己',
      id: other.memberId,
      memberId: other.memberId,
      mobile: '13900000000',
      roles: 'channel',
    });
    expect(res.statusCode).toBe(200);
    expect((await stored(other.memberId)).nickname).toBe('别人');
    const mine = await stored(me.memberId);
    expect(mine).toMatchObject({ nickname: '自己', mobile: '13911100001', roles: ['member'] });
  });

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: `${V1}/members/me`, payload: { nickname: 'x' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('A0301');
  });

  it.each([
    ['broken JSON', '{"nickname": "张', 'application/json', 'A0427'],
    ['an empty body', '', 'application/json', 'A0427'],
    ['JSON null', 'null', 'application/json', undefined],
    ['a JSON array', '[{"nickname":"x"}]', 'application/json', undefined],
    ['a number for the nickname', '{"nickname":42}', 'application/json', undefined],
    ['an object for the avatar', '{"avatar":{"$ne":""}}', 'application/json', undefined],
    ['XML', '<x/>', 'application/xml', 'A0415'],
  ])('answers %s with a 4xx envelope', async (_label, payload, contentType, code) => {
    const res = await raw(payload, contentType);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json();
    expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
    if (code) expect(body.code).toBe(code);
    else expect(['A0400', 'A0410']).toContain(body.code);
  });
});
