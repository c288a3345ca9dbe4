import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OAUTH_CLIENT_ID } from '#shared/constants.ts';
import { auditEvents, members } from '../../db/schema.ts';
import { DEMO_PASSWORD } from '../../seeds/seed.ts';
import { hashPassword } from '../../lib/password.ts';
import { setupTestApp } from '../../test/helper.ts';
import { authenticateClient, basicAuthHeader } from './client-auth.ts';
import { PASSWORD_LOCK_MSG } from './signin-lockout.ts';
import { tokenCall, tokenOf, type BodyKind } from '../../test/token-call.ts';
import { renderText } from '../../lib/texts/render.ts';

const ctx = await setupTestApp({ RATE_LIMIT_SIGNIN_PER_MIN: '1000' });
const { db } = ctx.app;

async function createMember(username: string, password: string, extra: Partial<typeof members.$inferInsert> = {}) {
  const [row] = await db
    .insert(members)
    .values({ username, passwordHash: await hashPassword(password), ...extra })
    .returning({ id: members.id });
  return row.id;
}

const auditOf = (memberId: number) =>
  db.select().from(auditEvents).where(eq(auditEvents.memberId, memberId)).orderBy(auditEvents.id);

describe('member_password grant', () => {
  it.each<BodyKind>(['multipart', 'form'])(
    'signs a demo account in with %s form data and answers the token envelope',
    async (as) => {
      const res = await tokenCall(
        ctx,
        { grant_type: 'member_password', username: 'demo.partner', password: DEMO_PASSWORD },
        { as },
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body).toMatchObject({
        code: '00000',
        msg: expect.any(String),
        data: { token_type: 'Bearer', expires_in: ctx.config.ACCESS_TOKEN_TTL_S },
      });
      expect(body.data.refresh_token).toMatch(/^[\w-]{43}$/);
      const claims = await ctx.app.accessTokens.verify(body.data.access_token);
      expect(claims?.roles).toEqual(['member', 'partner']);
    },
  );

  it("accepts the account's mobile number as the username", async () => {
    const token = tokenOf(
      await tokenCall(ctx, { grant_type: 'member_password', username: '13800000002', password: DEMO_PASSWORD }),
    );
    expect((await ctx.app.accessTokens.verify(token.access_token))?.roles).toEqual(['member', 'company']);
  });

  it('gives the very same answer for an unknown user and a wrong password', async () => {
    const unknown = await tokenCall(ctx, {
      grant_type: 'member_password',
      username: 'nobody.here',
      password: DEMO_PASSWORD,
    });
    const wrong = await tokenCall(ctx, {
      grant_type: 'member_password',
      username: 'demo.company',
      password: 'Wrong@123456',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 'A0210', msg: '用户名或密码错误，还可尝试 4 次', data: { triesLeft: 4 } });
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.body).toBe(unknown.body);
  });

  it('refuses a member without a password (WeChat-only) with the same answer', async () => {
    await db.insert(members).values({ username: 'wechat.only' });
    const res = await tokenCall(ctx, { grant_type: 'member_password', username: 'wechat.only', password: 'anything1' });
    expect(res.json()).toMatchObject({ code: 'A0210', data: { triesLeft: 4 } });
  });

  it('tells a disabled account only after a correct password', async () => {
    await createMember('disabled.user', 'Right@12345', { status: 'disabled' });
    const wrong = await tokenCall(ctx, {
      grant_type: 'member_password',
      username: 'disabled.user',
      password: 'Wrong@12345',
    });
    expect(wrong.json().code).toBe('A0210');
    const right = await tokenCall(ctx, {
      grant_type: 'member_password',
      username: 'disabled.user',
      password: 'Right@12345',
    });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ code: 'A0202', msg: '账号已被停用，请联系客服', data: null });
  });

  it('locks the username after 5 failed passwords in 15 minutes, even for the right password, and only that one', async () => {
    await createMember('lock.me', 'Right@12345');
    for (let i = 0; i < 5; i++) {
      const res = await tokenCall(ctx, {
        grant_type: 'member_password',
        username: 'lock.me',
        password: `Wrong@${i}2345`,
      });
      expect(res.json()).toMatchObject({ code: 'A0210', data: { triesLeft: 4 - i } });
    }
    const locked = await tokenCall(ctx, {
      grant_type: 'member_password',
      username: 'lock.me',
      password: 'Right@12345',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 'A0429', msg: renderText('zh-cn', PASSWORD_LOCK_MSG), data: null });
    tokenOf(await tokenCall(ctx, { grant_type: 'member_password', username: 'demo.member', password: DEMO_PASSWORD }));

    // Failures older than 15 minutes no longer count.
    await db
      .update(auditEvents)
      .set({ createdAt: sql`now() - interval '16 minutes'` })
      .where(eq(auditEvents.subject, 'lock.me'));
    tokenOf(await tokenCall(ctx, { grant_type: 'member_password', username: 'lock.me', password: 'Right@12345' }));
  });

  it('tells how many tries are left, in Polish too, and the lock offers SMS sign-in and 忘记密码', async () => {
    await createMember('count.me', 'Right@12345');
    const wrong = (language = 'zh-CN') =>
      tokenCall(
        ctx,
        { grant_type: 'member_password', username: 'count.me', password: 'Wrong@12345' },
        { headers: { 'accept-language': language } },
      );
    expect((await wrong()).json().msg).toBe('用户名或密码错误，还可尝试 4 次');
    expect((await wrong('pl')).json()).toEqual({
      code: 'A0210',
      msg: 'Nieprawidłowa nazwa użytkownika lub hasło, zostały 3 próby',
      data: { triesLeft: 3 },
    });
    expect((await wrong('pl')).json().msg).toBe('Nieprawidłowa nazwa użytkownika lub hasło, zostały 2 próby');
    expect((await wrong()).json().msg).toBe('用户名或密码错误，还可尝试 1 次');
    const last = (await wrong()).json();
    expect(last).toMatchObject({ code: 'A0210', data: { triesLeft: 0 } });
    expect(last.msg).toContain('验证码登录');
    expect(last.msg).toContain('忘记密码');
    const locked = (await wrong()).json();
    expect(locked.code).toBe('A0429');
    expect(locked.msg).toContain('验证码登录');
    expect(locked.msg).toContain('忘记密码');
  });

  it('locks unknown usernames the same way, so the lock does not reveal which accounts exist', async () => {
    for (let i = 0; i < 5; i++)
      await tokenCall(ctx, { grant_type: 'member_password', username: 'ghost.user', password: 'Wrong@12345' });
    const res = await tokenCall(ctx, {
      grant_type: 'member_password',
      username: 'ghost.user',
      password: 'Wrong@12345',
    });
    expect(res.json()).toEqual({ code: 'A0429', msg: renderText('zh-cn', PASSWORD_LOCK_MSG), data: null });
  });
});

describe('client authentication', () => {
  const fields = { grant_type: 'member_password', username: 'demo.member', password: DEMO_PASSWORD };
  it.each([
    ['no Authorization header', null],
    ['a Bearer header', 'Bearer abc'],
    ['a wrong secret', basicAuthHeader(OAUTH_CLIENT_ID, 'not-the-secret')],
    ['a wrong client id', basicAuthHeader('other-client', 'insure-h5-secret')],
    ['Basic without a colon', `Basic ${Buffer.from('insure-h5').toString('base64')}`],
    ['Basic with garbage', 'Basic %%%'],
    ['Basic with nothing', 'Basic'],
  ])('answers 401 A0240 for %s', async (_name, auth) => {
    const res = await tokenCall(ctx, fields, { auth });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'A0240', msg: '客户端认证失败', data: null });
    expect(res.headers['www-authenticate']).toBeUndefined();
  });
});

describe('client secret spelling', () => {
  const secret = 'p+q%2F r:s';
  it('accepts a secret with +, % and : both raw and form-encoded (RFC 6749 §2.3.1), nothing else', () => {
    expect(() => authenticateClient(basicAuthHeader(OAUTH_CLIENT_ID, secret), OAUTH_CLIENT_ID, secret)).not.toThrow();
    expect(() =>
      authenticateClient(basicAuthHeader(OAUTH_CLIENT_ID, encodeURIComponent(secret)), OAUTH_CLIENT_ID, secret),
    ).not.toThrow();
    expect(() => authenticateClient(basicAuthHeader(OAUTH_CLIENT_ID, 'p q/ r:s'), OAUTH_CLIENT_ID, secret)).toThrow(
      '客户端认证失败',
    );
    expect(() => authenticateClient(basicAuthHeader(OAUTH_CLIENT_ID, `${secret}x`), OAUTH_CLIENT_ID, secret)).toThrow(
      '客户端认证失败',
    );
  });
});

describe('request checks', () => {
  it('names the missing fields of the grant', async () => {
    const res = await tokenCall(ctx, { grant_type: 'member_password' }, { as: 'form' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A0410', msg: '请求必填参数为空：用户名、密码' });
    const blank = await tokenCall(ctx, { grant_type: 'member_password', username: '  ', password: 'x' });
    expect(blank.json()).toMatchObject({ code: 'A0410', msg: '请求必填参数为空：用户名' });
  });

  it('asks for grant_type when there is none, and refuses an unknown one with A0241', async () => {
    const none = await tokenCall(ctx, { username: 'demo.member' });
    expect(none.json()).toMatchObject({ code: 'A0410', msg: '请求必填参数为空：授权类型' });
    const unknown = await tokenCall(ctx, { grant_type: 'password', username: 'demo.member', password: DEMO_PASSWORD });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 'A0241', msg: '不支持的授权类型', data: null });
  });
});

describe('audit trail', () => {
  it('records successes and failures with masked mobiles, IP and user agent, never the password', async () => {
    const memberId = await createMember('audit.user', 'Audit@12345', { mobile: '13912345678' });
    await ctx.app.inject({ method: 'GET', url: '/prod-api/version' });
    await tokenCall(
      ctx,
      { grant_type: 'member_password', username: '13912345678', password: 'Secret@99999' },
      { ip: '10.1.2.3' },
    );
    tokenOf(await tokenCall(ctx, { grant_type: 'member_password', username: 'audit.user', password: 'Audit@12345' }));
    const rows = await auditOf(memberId);
    expect(rows.map((r) => [r.type, r.subject])).toEqual([
      ['signin_failure', '139****5678'],
      ['signin_success', 'audit.user'],
    ]);
    expect(rows[0]).toMatchObject({
      ip: '10.1.2.3',
      userAgent: 'lightMyRequest',
      detail: { grant: 'member_password', reason: 'password', code: 'A0210' },
    });
    const everything = JSON.stringify(await db.select().from(auditEvents));
    expect(everything).not.toContain('Secret@99999');
    expect(everything).not.toContain('Audit@12345');
    expect(everything).not.toContain('13912345678');
  });
});
