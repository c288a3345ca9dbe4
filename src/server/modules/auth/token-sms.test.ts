import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { currentAgreement, LEGAL_VERSIONS } from '#shared/consent.ts';
import { auditEvents, members, smsCodes } from '../../db/schema.ts';
import { DEMO_PASSWORD } from '../../seeds/seed.ts';
import type { SmsOutbox } from '../../providers/sms/outbox.ts';
import { setupTestApp } from '../../test/helper.ts';
import { SMS_LOCK_MSG, PASSWORD_LOCK_MSG } from './signin-lockout.ts';
import { tokenCall, tokenOf } from '../../test/token-call.ts';
import { renderText } from '../../lib/texts/render.ts';
import { hashPassword } from '../../lib/password.ts';

const ctx = await setupTestApp({ RATE_LIMIT_SIGNIN_PER_MIN: '1000' });
const { db } = ctx.app;
const outbox = ctx.app.providers.sms as SmsOutbox;
const agreement = currentAgreement();

let nextIp = 1;
/** `POST sms/login` from its own address (the per-IP hour limit stays out of the way); answers the code. */
async function loginCode(phone: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/prod-api/app-api/v1/sms/login?phoneNumber=${phone}`,
    remoteAddress: `10.9.0.${nextIp++}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return outbox.lastCode(phone, 'login')!;
}
/** Lets the phone ask for a new code at once (the 60 s cooldown is covered by the SMS tests). */
const pastCooldown = (phone: string) =>
  db
    .update(smsCodes)
    .set({ createdAt: sql`${smsCodes.createdAt} - interval '61 seconds'` })
    .where(eq(smsCodes.phone, phone));
const smsSignIn = (mobile: string, code: string, extra: Record<string, string> = {}) =>
  tokenCall(ctx, { grant_type: 'sms_code', mobile, code, agreement, ...extra });
const memberOf = async (mobile: string) => (await db.select().from(members).where(eq(members.mobile, mobile)))[0];
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sms_code grant', () => {
  it('signs the holder of the mobile in with the login code, once', async () => {
    const code = await loginCode('13800000001');
    const token = tokenOf(await smsSignIn('13800000001', code));
    const claims = await ctx.app.accessTokens.verify(token.access_token);
    const demo = await memberOf('13800000001');
    expect(claims).toMatchObject({ memberId: demo.id, roles: ['member'] });
    // The code is used up.
    expect((await smsSignIn('13800000001', code)).json()).toEqual({
      code: 'A0130',
      msg: '短信验证码错误或已过期，还可尝试 4 次',
      data: { triesLeft: 4 },
    });
  });

  it('creates a member on the first sign-in of a new mobile, with the consent time and versions', async () => {
    const before = Date.now();
    const token = tokenOf(await smsSignIn('13700000001', await loginCode('13700000001')));
    const created = await memberOf('13700000001');
    expect(created).toMatchObject({
      roles: ['member'],
      nickname: '用户0001',
      status: 'active',
      passwordHash: null,
      termsVersion: LEGAL_VERSIONS.terms,
      privacyVersion: LEGAL_VERSIONS.privacy,
    });
    expect(created.consentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await ctx.app.accessTokens.verify(token.access_token))?.memberId).toBe(created.id);
    // The profile says who it is, mobile masked.
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/prod-api/app-api/v1/members/me',
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(me.json().data).toMatchObject({ id: created.id, mobile: '137****0001', hasPassword: false });

    // The second sign-in finds the same member.
    await pastCooldown('13700000001');
    tokenOf(await smsSignIn('13700000001', await loginCode('13700000001')));
    expect(await db.select().from(members).where(eq(members.mobile, '13700000001'))).toHaveLength(1);
  });

  it('refuses every sms_code call without the current agreement (A0140), before the code is spent', async () => {
    const code = await loginCode('13700000002');
    for (const extra of [
      { agreement: '' },
      { agreement: 'terms:2020-01-01,privacy:2020-01-01' },
      { agreement: 'yes' },
    ]) {
      const res = await smsSignIn('13700000002', code, extra);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: extra.agreement === '' ? 'A0410' : 'A0140' });
    }
    expect((await smsSignIn('13700000002', code, { agreement: 'old' })).json()).toEqual({
      code: 'A0140',
      msg: '请先阅读并同意《用户服务协议》和《隐私政策》',
      data: null,
    });
    expect(await memberOf('13700000002')).toBeUndefined();
    // Same for a mobile that has an account: the answer never tells who has one.
    const demoCode = await loginCode('13800000002');
    expect((await smsSignIn('13800000002', demoCode, { agreement: 'old' })).json().code).toBe('A0140');
    tokenOf(await smsSignIn('13700000002', code));
    tokenOf(await smsSignIn('13800000002', demoCode));
  });

  it('answers a missing mobile or code A0410 naming it, and a malformed mobile A0150', async () => {
    const missing = await tokenCall(ctx, { grant_type: 'sms_code', agreement });
    expect(missing.json()).toMatchObject({ code: 'A0410', msg: '请求必填参数为空：手机号、验证码' });
    expect((await smsSignIn('1380000000', '123456')).json()).toMatchObject({ code: 'A0150' });
  });

  it('never accepts a code of another type or of another phone', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/prod-api/app-api/v1/sms/repassword?phoneNumber=13800000003',
      remoteAddress: '10.9.1.1',
    });
    const resetCode = outbox.lastCode('13800000003', 'repassword')!;
    expect((await smsSignIn('13800000003', resetCode)).json().code).toBe('A0130');
    const otherPhone = await loginCode('13700000003');
    expect((await smsSignIn('13800000003', otherPhone)).json().code).toBe('A0130');
  });

  it('refuses a disabled account after a right code', async () => {
    await db.insert(members).values({ mobile: '13700000004', status: 'disabled' });
    const res = await smsSignIn('13700000004', await loginCode('13700000004'));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('A0202');
  });

  it('locks SMS sign-in after 5 wrong codes in 15 minutes, telling the tries left before', async () => {
    const mobile = '13800000004'; // demo.channel
    let code = await loginCode(mobile);
    for (let i = 0; i < 4; i++)
      expect((await smsSignIn(mobile, wrongCode(code))).json()).toEqual({
        code: 'A0130',
        msg: `短信验证码错误或已过期，还可尝试 ${4 - i} 次`,
        data: { triesLeft: 4 - i },
      });
    expect((await smsSignIn(mobile, wrongCode(code))).json()).toMatchObject({ code: 'A0131', data: { triesLeft: 0 } });
    await pastCooldown(mobile);
    code = await loginCode(mobile);
    const locked = await smsSignIn(mobile, code);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 'A0429', msg: renderText('zh-cn', SMS_LOCK_MSG), data: null });
    // Wrong codes count against the password too: switching grants gains a guesser nothing.
    expect(
      (
        await tokenCall(ctx, { grant_type: 'member_password', username: 'demo.channel', password: DEMO_PASSWORD })
      ).json(),
    ).toEqual({ code: 'A0429', msg: renderText('zh-cn', PASSWORD_LOCK_MSG), data: null });
    // Failures older than 15 minutes no longer count; the code, not spent by the locked call, still works.
    const channel = await memberOf(mobile);
    await db
      .update(auditEvents)
      .set({ createdAt: sql`now() - interval '16 minutes'` })
      .where(eq(auditEvents.memberId, channel.id));
    tokenOf(await smsSignIn(mobile, code));
  });

  it('keeps SMS sign-in and 忘记密码 open when wrong passwords locked the password', async () => {
    const mobile = '13700000031';
    await db.insert(members).values({ mobile, passwordHash: await hashPassword(DEMO_PASSWORD) });
    for (let i = 0; i < 5; i++)
      await tokenCall(ctx, { grant_type: 'member_password', username: mobile, password: 'Wrong@12345' });
    const passwordLocked = await tokenCall(ctx, {
      grant_type: 'member_password',
      username: mobile,
      password: DEMO_PASSWORD,
    });
    expect(passwordLocked.json().code).toBe('A0429');
    tokenOf(await smsSignIn(mobile, await loginCode(mobile)));

    // A password reset proves the mobile: the wrong passwords before it no longer count.
    await pastCooldown(mobile);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: `/prod-api/app-api/v1/sms/repassword?phoneNumber=${mobile}`,
      remoteAddress: `10.9.1.${nextIp++}`,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/prod-api/app-api/v1/members/repassword',
      payload: { mobile, code: outbox.lastCode(mobile, 'repassword'), newPassword: 'Fresh@12345' },
    });
    expect(changed.json().code, changed.body).toBe('00000');
    tokenOf(await tokenCall(ctx, { grant_type: 'member_password', username: mobile, password: 'Fresh@12345' }));
  });

  it('locks unknown mobiles the same way', async () => {
    const mobile = '13700000005';
    const code = await loginCode(mobile);
    // The code itself dies after 5 wrong tries (A0131); the lock then holds for any new code.
    for (let i = 0; i < 5; i++) await smsSignIn(mobile, wrongCode(code));
    await pastCooldown(mobile);
    const res = await smsSignIn(mobile, await loginCode(mobile));
    expect(res.json()).toEqual({ code: 'A0429', msg: renderText('zh-cn', SMS_LOCK_MSG), data: null });
    expect(await memberOf(mobile)).toBeUndefined();
  });

  it('counts sign-ins per mobile a minute like the password grant counts per username', async () => {
    const limited = await setupTestApp({ RATE_LIMIT_SIGNIN_PER_MIN: '3' }, { listen: false });
    const call = (ip: string) =>
      tokenCall(limited, { grant_type: 'sms_code', mobile: '13700000006', code: '000000', agreement }, { ip });
    for (let i = 0; i < 3; i++) expect((await call(`10.8.0.${i + 1}`)).json().code).toBe('A0130');
    const over = await call('10.8.0.9');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('A0429');
  });
});

describe('consent with the other grants', () => {
  it('the password grant stores the consent it carries, and signs in without it too', async () => {
    await db
      .update(members)
      .set({ consentAt: null, termsVersion: null, privacyVersion: null })
      .where(eq(members.username, 'demo.partner'));
    tokenOf(await tokenCall(ctx, { grant_type: 'member_password', username: 'demo.partner', password: DEMO_PASSWORD }));
    expect((await db.select().from(members).where(eq(members.username, 'demo.partner')))[0].consentAt).toBeNull();
    tokenOf(
      await tokenCall(ctx, {
        grant_type: 'member_password',
        username: 'demo.partner',
        password: DEMO_PASSWORD,
        agreement,
      }),
    );
    expect((await db.select().from(members).where(eq(members.username, 'demo.partner')))[0]).toMatchObject({
      termsVersion: LEGAL_VERSIONS.terms,
      privacyVersion: LEGAL_VERSIONS.privacy,
    });
  });
});
