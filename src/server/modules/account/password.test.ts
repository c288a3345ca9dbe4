import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { renderText } from '../../lib/texts/render.ts';
import { auditEvents, members, refreshTokens } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { signInWithPassword, tokenCall } from '../../test/token-call.ts';
import { createMember, sendCode, wrongCode, type TestMember } from '../../test/members.ts';
import { V1 } from '../../test/http.ts';

// Many sign-ins from one test address: the token call's per-minute limit is not under test here.
const ctx = await setupTestApp(
  { DATA_DIR: 'memory://account-password', RATE_LIMIT_SIGNIN_PER_MIN: '1000' },
  { listen: false },
);

const OLD = 'Old@12345';
const NEW = 'New@67890';

const change = (body: unknown, who: TestMember, extra: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'PUT',
    url: `${V1}/members/me/password`,
    headers: { ...who.headers, ...extra },
    payload: body as object,
  });
let nextIp = 1;
/** Each reset from its own address unless told otherwise: the per-address limit has its own test. */
const reset = (body: unknown, remoteAddress = `10.66.0.${nextIp++}`) =>
  ctx.app.inject({ method: 'PUT', url: `${V1}/members/repassword`, payload: body as object, remoteAddress });
const passwordSignIn = (username: string, password: string) =>
  tokenCall(ctx, { grant_type: 'member_password', username, password });
const refresh = (token: string) => tokenCall(ctx, { grant_type: 'refresh_token', refresh_token: token });
const auditsOf = (memberId: number, type: string) =>
  ctx.app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.memberId, memberId), eq(auditEvents.type, type)));

describe('PUT members/me/password with the old password', () => {
  it.each([
    ['too short', 'Ab1'],
    ['without digits', 'abcdefghij'],
    ['without letters', '1234567890'],
    ['too long', `Ab1${'x'.repeat(30)}`],
    ['with a space', 'abc 12345'],
    ['with Chinese characters', '密码abc12345'],
  ])('refuses a new password %s with A0120 and the rule', async (_label, newPassword) => {
    const m = await createMember(ctx, { username: `rule.${Math.random().toString(36).slice(2, 8)}`, password: OLD });
    const res = await change({ oldPassword: OLD, newPassword }, m);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A0120', msg: renderText('zh-cn', 'error.A0120') });
  });

  it('refuses a wrong old password with A0121 and keeps the password', async () => {
    const m = await createMember(ctx, { username: 'pw.wrong', password: OLD });
    const res = await change({ oldPassword: 'Wrong@1234', newPassword: NEW }, m);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A0121', msg: '原密码错误' });
    expect((await passwordSignIn('pw.wrong', OLD)).statusCode).toBe(200);
  });

  it('asks for the old password when it is missing', async () => {
    const m = await createMember(ctx, { username: 'pw.missing', password: OLD });
    const res = await change({ newPassword: NEW, code: '123456' }, m);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A0410', msg: '请输入原密码' });
  });

  it('refuses a new password equal to the old one', async () => {
    const m = await createMember(ctx, { username: 'pw.same', password: OLD });
    const res = await change({ oldPassword: OLD, newPassword: OLD }, m);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A0120', msg: '新密码不能与原密码相同' });
  });

  it('changes it: the old one is refused by the token call, the new one signs in, other sessions end, this one stays', async () => {
    const m = await createMember(ctx, { username: 'pw.ok', mobile: '13933300001', password: OLD });
    const here = await signInWithPassword(ctx, 'pw.ok', OLD);
    const stolen = await signInWithPassword(ctx, 'pw.ok', OLD);
    const phone = await signInWithPassword(ctx, '13933300001', OLD);

    const res = await change({ oldPassword: OLD, newPassword: NEW }, m, { 'x-refresh-token': here.refresh_token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ code: '00000', msg: '一切ok', data: null });

    const old = await passwordSignIn('pw.ok', OLD);
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('A0210');
    expect((await passwordSignIn('pw.ok', NEW)).statusCode).toBe(200);
    expect((await passwordSignIn('13933300001', NEW)).statusCode).toBe(200);

    expect((await refresh(stolen.refresh_token)).json().code).toBe('A0231');
    expect((await refresh(phone.refresh_token)).json().code).toBe('A0231');
    expect((await refresh(here.refresh_token)).statusCode).toBe(200);
    // The ended sessions' access tokens end with them.
    const me = (token: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/prod-api/app-api/v1/members/me',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await me(stolen.access_token)).json().code).toBe('A0230');
    expect((await me(here.access_token)).statusCode).toBe(200);

    const [audit] = await auditsOf(m.memberId, 'password_change');
    expect(audit.detail).toEqual({ method: 'old_password', revoked: 2 });
    expect(JSON.stringify(audit)).not.toContain(NEW);
  });

  it("ends every session when no refresh token is sent, and never keeps another member's family", async () => {
    const m = await createMember(ctx, { username: 'pw.all', password: OLD });
    const mine = await signInWithPassword(ctx, 'pw.all', OLD);
    await createMember(ctx, { username: 'pw.neighbour', password: OLD });
    const neighbour = await signInWithPassword(ctx, 'pw.neighbour', OLD);
    const res = await change({ oldPassword: OLD, newPassword: NEW }, m, { 'x-refresh-token': neighbour.refresh_token });
    expect(res.statusCode).toBe(200);
    expect((await refresh(mine.refresh_token)).json().code).toBe('A0231');
    expect((await refresh(neighbour.refresh_token)).statusCode).toBe(200);
    const live = await ctx.app.db.select().from(refreshTokens).where(eq(refreshTokens.memberId, m.memberId));
    expect(live.every((t) => t.revokedAt !== null)).toBe(true);
  });

  it('answers A0429 after five wrong old passwords, even to the right one', async () => {
    const m = await createMember(ctx, { username: 'pw.limit', password: OLD });
    for (let i = 0; i < 5; i += 1)
      expect((await change({ oldPassword: `Wrong@${i}000`, newPassword: NEW }, m)).json().code).toBe('A0121');
    const res = await change({ oldPassword: OLD, newPassword: NEW }, m);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'A0429', msg: '原密码错误次数过多，请 15 分钟后再试' });
    expect((await passwordSignIn('pw.limit', OLD)).statusCode).toBe(200);
    expect(await auditsOf(m.memberId, 'password_change_failure')).toHaveLength(5);
    // Fifteen minutes later the member may try again.
    await ctx.app.db
      .update(auditEvents)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(and(eq(auditEvents.memberId, m.memberId), eq(auditEvents.type, 'password_change_failure')));
    expect((await change({ oldPassword: OLD, newPassword: NEW }, m)).statusCode).toBe(200);
  });
});

describe('PUT members/me/password with a malformed request', () => {
  it('needs a token', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${V1}/members/me/password`,
      payload: { oldPassword: OLD, newPassword: NEW },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('A0301');
  });

  it.each([
    ['broken JSON', '{"oldPassword":'],
    ['JSON null', 'null'],
    ['a JSON array', '[]'],
    ['an object for the old password', '{"oldPassword":{"$gt":""},"newPassword":"New@67890"}'],
    ['a number for the new password', '{"oldPassword":"Old@12345","newPassword":12345678}'],
    ['no new password', '{"oldPassword":"Old@12345"}'],
    ['a 2000-character password', JSON.stringify({ oldPassword: OLD, newPassword: 'a1'.repeat(1000) })],
  ])('answers %s with a 4xx envelope', async (_label, payload) => {
    const m = await createMember(ctx, { username: `bad.${Math.random().toString(36).slice(2, 8)}`, password: OLD });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${V1}/members/me/password`,
      headers: { ...m.headers, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().code).toMatch(/^A0/);
    expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('PUT members/me/password for a member without a password (WeChat only)', () => {
  it('sets one with a bind code sent to their own mobile; they then sign in with mobile and password', async () => {
    const m = await createMember(ctx, { mobile: '13933300010' });
    const code = await sendCode(ctx, 'bind', '13933300010', m.headers);
    const res = await change({ newPassword: NEW, code }, m);
    expect(res.statusCode, res.body).toBe(200);
    expect((await passwordSignIn('13933300010', NEW)).statusCode).toBe(200);
    const profile = await ctx.app.inject({ method: 'GET', url: `${V1}/members/me`, headers: m.headers });
    expect(profile.json().data.hasPassword).toBe(true);
    expect((await auditsOf(m.memberId, 'password_change'))[0].detail).toMatchObject({ method: 'sms' });
  });

  it('refuses a missing code, a wrong code and a code sent to another number', async () => {
    const m = await createMember(ctx, { mobile: '13933300020' });
    expect((await change({ newPassword: NEW }, m)).json()).toMatchObject({
      code: 'A0410',
      msg: '请输入发送到本人手机的短信验证码',
    });
    const elsewhere = await sendCode(ctx, 'bind', '13933300021', m.headers);
    expect((await change({ newPassword: NEW, code: elsewhere }, m)).json().code).toBe('A0130');
    const own = await sendCode(ctx, 'bind', '13933300020', m.headers);
    expect((await change({ newPassword: NEW, code: wrongCode(own) }, m)).json().code).toBe('A0130');
    const mobileCode = await sendCode(ctx, 'mobile', '13933300022', m.headers);
    expect((await change({ newPassword: NEW, code: mobileCode }, m)).json().code).toBe('A0130');
    expect((await ctx.app.db.select().from(members).where(eq(members.id, m.memberId)))[0].passwordHash).toBeNull();
  });

  it('tells a member without a mobile to add one first', async () => {
    const m = await createMember(ctx);
    const res = await change({ newPassword: NEW, code: '123456' }, m);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A0400', msg: '请先绑定手机号，再设置密码' });
  });
});

describe('PUT members/repassword (forgotten password, no token)', () => {
  it('sets the password with a repassword code and ends every session', async () => {
    const m = await createMember(ctx, { username: 'reset.ok', mobile: '13933300030', password: OLD });
    const before = await signInWithPassword(ctx, 'reset.ok', OLD);
    const code = await sendCode(ctx, 'repassword', '13933300030');
    const res = await reset({ mobile: '13933300030', code, newPassword: NEW });
    expect(res.statusCode, res.body).toBe(200);
    expect((await passwordSignIn('13933300030', NEW)).statusCode).toBe(200);
    expect((await passwordSignIn('reset.ok', NEW)).statusCode).toBe(200);
    expect((await passwordSignIn('reset.ok', OLD)).json().code).toBe('A0210');
    expect((await refresh(before.refresh_token)).json().code).toBe('A0231');
    const [audit] = await auditsOf(m.memberId, 'password_reset');
    expect(audit.subject).toBe('139****0030');
    // The username stays as it was.
    expect((await ctx.app.db.select().from(members).where(eq(members.id, m.memberId)))[0].username).toBe('reset.ok');
  });

  it('answers a mobile without an account exactly like a wrong code', async () => {
    await createMember(ctx, { mobile: '13933300040', password: OLD });
    const real = await sendCode(ctx, 'repassword', '13933300040');
    const wrong = await reset({ mobile: '13933300040', code: wrongCode(real), newPassword: NEW });
    await sendCode(ctx, 'repassword', '13933300041');
    const unknown = await reset({ mobile: '13933300041', code: '246810', newPassword: NEW });
    const never = await reset({ mobile: '13933300042', code: '246810', newPassword: NEW });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'A0130', msg: '短信验证码错误或已过期', data: null });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(never.json()).toEqual(wrong.json());
  });

  it('does not use the code up on a weak password', async () => {
    await createMember(ctx, { username: 'reset.weak', mobile: '13933300050', password: OLD });
    const code = await sendCode(ctx, 'repassword', '13933300050');
    const weak = await reset({ mobile: '13933300050', code, newPassword: 'short' });
    expect(weak.json()).toMatchObject({ code: 'A0120', msg: renderText('zh-cn', 'error.A0120') });
    expect((await reset({ mobile: '13933300050', code, newPassword: NEW })).statusCode).toBe(200);
    expect((await reset({ mobile: '13933300050', code, newPassword: 'Again@1234' })).json().code).toBe('A0130');
  });

  it('refuses a code of another type and a disabled account like a wrong code', async () => {
    const m = await createMember(ctx, { mobile: '13933300060', password: OLD });
    const bind = await sendCode(ctx, 'bind', '13933300060', m.headers);
    expect((await reset({ mobile: '13933300060', code: bind, newPassword: NEW })).json().code).toBe('A0130');
    const d = await createMember(ctx, { mobile: '13933300061', password: OLD, status: 'disabled' });
    await sendCode(ctx, 'repassword', '13933300061');
    expect((await reset({ mobile: '13933300061', code: '135790', newPassword: NEW })).json().code).toBe('A0130');
    expect((await ctx.app.db.select().from(members).where(eq(members.id, d.memberId)))[0].passwordHash).not.toBeNull();
  });

  it.each([
    ['a malformed mobile', { mobile: '12345', code: '123456', newPassword: NEW }, 'A0150'],
    ['no new password', { mobile: '13933300070', code: '123456' }, 'A0410'],
    ['a code of letters', { mobile: '13933300070', code: 'abcdef', newPassword: NEW }, 'A0400'],
    ['a number for the password', { mobile: '13933300070', code: '123456', newPassword: 12345678 }, 'A0400'],
  ])('refuses %s', async (_label, body, code) => {
    const res = await reset(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
  });

  it('answers malformed bodies with 4xx envelopes', async () => {
    for (const [payload, type] of [
      ['{"mobile":', 'application/json'],
      ['null', 'application/json'],
      ['[]', 'application/json'],
      ['<a/>', 'text/xml'],
    ]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `${V1}/members/repassword`,
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload).toBeLessThan(500);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('allows 20 attempts per address in 15 minutes, then A0429', async () => {
    const ip = '10.88.0.1';
    for (let i = 0; i < 20; i += 1)
      expect((await reset({ mobile: '13933300080', code: '123456', newPassword: NEW }, ip)).statusCode).toBe(400);
    const res = await reset({ mobile: '13933300080', code: '123456', newPassword: NEW }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('A0429');
    expect((await reset({ mobile: '13933300080', code: '123456', newPassword: NEW }, '10.88.0.2')).statusCode).toBe(
      400,
    );
  });
});
