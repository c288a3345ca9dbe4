import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SmsType } from '#shared/constants.ts';
import { members, smsCodes } from '../../db/schema.ts';
import { isOutbox, type SmsOutbox } from '../../providers/sms/outbox.ts';
import { setupTestApp } from '../../test/helper.ts';
import { verifySmsCode } from './verify.ts';
import { signIn, type Caller } from '../../test/sign-in.ts';

const ctx = await setupTestApp({}, { listen: false });
const outbox = ctx.app.providers.sms as SmsOutbox;

let nextIp = 1;
/** Each call comes from its own address unless told otherwise, so the per-IP limit stays out of the way. */
function send(type: string, phone: string | undefined, opts: { headers?: Record<string, string>; ip?: string } = {}) {
  const query = phone === undefined ? '' : `?phoneNumber=${encodeURIComponent(phone)}`;
  return ctx.app.inject({
    method: 'POST',
    url: `/prod-api/app-api/v1/sms/${type}${query}`,
    headers: opts.headers,
    remoteAddress: opts.ip ?? `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`,
  });
}

async function sendOk(type: SmsType, phone: string, headers?: Record<string, string>): Promise<string> {
  const res = await send(type, phone, { headers });
  expect(res.statusCode, res.body).toBe(200);
  const code = outbox.lastCode(phone, type);
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

const rowsOf = (phone: string, type?: string) =>
  ctx.app.db
    .select()
    .from(smsCodes)
    .where(type ? and(eq(smsCodes.phone, phone), eq(smsCodes.type, type)) : eq(smsCodes.phone, phone));

/** Moves a phone's codes into the past, as if `seconds` had gone by. */
const age = (phone: string, seconds: number) =>
  ctx.app.db
    .update(smsCodes)
    .set({ createdAt: sql`${smsCodes.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(smsCodes.phone, phone));

const verify = (phone: string, type: SmsType, code: string) => verifySmsCode(ctx.app.db, { phone, type, code });

let member: Caller;
beforeAll(async () => {
  member = await signIn(ctx, 'demo.member');
});

describe('POST sms/{type}', () => {
  it('uses the development outbox when no SMS provider is configured', () => {
    expect(isOutbox(ctx.app.providers.sms)).toBe(true);
  });

  it('sends a 6-digit code and answers the cooldown and validity', async () => {
    const res = await send('login', '13900000001');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: '00000', msg: '一切ok', data: { cooldownSeconds: 60, expiresInSeconds: 300 } });
    const [message] = outbox.messagesTo('13900000001');
    expect(message).toMatchObject({ phone: '13900000001', template: 'login', params: { minutes: '5' } });
    expect(message.params.code).toMatch(/^\d{6}$/);
  });

  it('stores the code hashed, never as it is', async () => {
    const code = await sendOk('login', '13900000002');
    const rows = await rowsOf('13900000002');
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows[0])).not.toContain(code);
  });

  it('refuses a second request within 60 s with A0132 and the seconds left', async () => {
    await sendOk('login', '13900000003');
    const again = await send('login', '13900000003');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('A0132');
    expect(again.json().msg).toMatch(/^短信发送过于频繁，请 (59|60) 秒后再试$/);
    expect(outbox.messagesTo('13900000003')).toHaveLength(1);
  });

  it('keeps the cooldown per type and allows a new code after 60 s', async () => {
    await sendOk('login', '13900000004');
    expect((await send('repassword', '13900000004')).statusCode).toBe(200);
    await age('13900000004', 61);
    expect((await send('login', '13900000004')).statusCode).toBe(200);
  });

  it('refuses a malformed phone with A0150, an unknown type with 400 and a missing phone with A0410', async () => {
    for (const phone of ['12345', '1390000000a', '23900000001', '139000000011', '']) {
      const res = await send('login', phone);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'A0150', msg: '手机号格式不正确' });
    }
    const unknown = await send('register', '13900000005');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('A0400');
    const missing = await send('login', undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('A0410');
  });
});

describe('who may ask for which type', () => {
  it('asks for a token for mobile and bind', async () => {
    for (const type of ['mobile', 'bind']) {
      const res = await send(type, '13900000010');
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('A0301');
    }
    await sendOk('mobile', '13900000010', member.headers);
    await sendOk('bind', '13900000011', member.headers);
  });

  it("refuses to send a mobile-change code to another member's number (A0151)", async () => {
    const res = await send('mobile', '13800000002', { headers: member.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('A0151');
    expect(outbox.messagesTo('13800000002')).toHaveLength(0);
  });

  it('answers a password reset alike whether or not the phone has an account, sending only when it has', async () => {
    const known = await send('repassword', '13800000001');
    const unknown = await send('repassword', '13900000012');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(outbox.lastCode('13800000001', 'repassword')).toMatch(/^\d{6}$/);
    expect(outbox.messagesTo('13900000012')).toHaveLength(0);
    // The cooldown, too, looks the same.
    expect((await send('repassword', '13900000012')).json().code).toBe('A0132');
    expect((await send('repassword', '13800000001')).json().code).toBe('A0132');
  });

  it('sends no reset code to a disabled account', async () => {
    await ctx.app.db.insert(members).values({ username: 'sms.disabled', mobile: '13900000013', status: 'disabled' });
    expect((await send('repassword', '13900000013')).statusCode).toBe(200);
    expect(outbox.messagesTo('13900000013')).toHaveLength(0);
  });
});

describe('verifySmsCode', () => {
  it('accepts the right code once, then refuses it as used', async () => {
    const code = await sendOk('login', '13900000020');
    await expect(verify('13900000020', 'login', code)).resolves.toBeUndefined();
    await expect(verify('13900000020', 'login', code)).rejects.toMatchObject({ code: 'A0130' });
  });

  it('refuses a wrong code with A0130 and still accepts the right one afterwards', async () => {
    const code = await sendOk('login', '13900000021');
    const wrong = code === '000000' ? '000001' : '000000';
    await expect(verify('13900000021', 'login', wrong)).rejects.toMatchObject({
      code: 'A0130',
      status: 400,
      message: '短信验证码错误或已过期',
    });
    await expect(verify('13900000021', 'login', code)).resolves.toBeUndefined();
  });

  it('refuses a code for another type or another phone', async () => {
    const code = await sendOk('login', '13900000022');
    await expect(verify('13900000022', 'repassword', code)).rejects.toMatchObject({ code: 'A0130' });
    await expect(verify('13900000023', 'login', code)).rejects.toMatchObject({ code: 'A0130' });
  });

  it('refuses an expired code', async () => {
    const code = await sendOk('login', '13900000024');
    await ctx.app.db
      .update(smsCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(smsCodes.phone, '13900000024'));
    await expect(verify('13900000024', 'login', code)).rejects.toMatchObject({ code: 'A0130' });
  });

  it('kills the code after five wrong attempts (A0131), even for the right code', async () => {
    const code = await sendOk('login', '13900000025');
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 1; i <= 4; i += 1)
      await expect(verify('13900000025', 'login', wrong)).rejects.toMatchObject({ code: 'A0130' });
    await expect(verify('13900000025', 'login', wrong)).rejects.toMatchObject({ code: 'A0131', status: 429 });
    await expect(verify('13900000025', 'login', code)).rejects.toMatchObject({ code: 'A0131' });
  });

  it('lets a new code replace the older one', async () => {
    const first = await sendOk('login', '13900000026');
    await age('13900000026', 61);
    let second = await sendOk('login', '13900000026');
    while (second === first) {
      // One chance in a million: ask again so the two codes differ.
      await age('13900000026', 61);
      second = await sendOk('login', '13900000026');
    }
    await expect(verify('13900000026', 'login', first)).rejects.toMatchObject({ code: 'A0130' });
    await expect(verify('13900000026', 'login', second)).resolves.toBeUndefined();
  });

  it('has no code that always works', async () => {
    await sendOk('login', '13900000027');
    const row = (await rowsOf('13900000027'))[0];
    for (const guess of ['000000', '123456', '888888', '666666']) {
      await ctx.app.db.update(smsCodes).set({ attempts: 0 }).where(eq(smsCodes.id, row.id));
      const result = await verify('13900000027', 'login', guess).then(
        () => 'passed',
        (e: { code: string }) => e.code,
      );
      if (result === 'passed') expect(outbox.lastCode('13900000027')).toBe(guess);
      else expect(result).toBe('A0130');
    }
    await expect(verify('13900000029', 'login', '000000')).rejects.toMatchObject({ code: 'A0130' });
  });
});

describe('sending limits', () => {
  it('allows ten codes a day per phone, then A0132', async () => {
    const phone = '13900000030';
    const types: SmsType[] = ['login', 'repassword'];
    for (let i = 0; i < 10; i += 1) {
      expect((await send(types[i % 2], phone)).statusCode).toBe(200);
      await age(phone, 61);
    }
    const res = await send('login', phone);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'A0132', msg: '该手机号今日获取验证码次数已达上限，请明天再试' });
    await age(phone, 24 * 3600);
    expect((await send('login', phone)).statusCode).toBe(200);
  });

  it('allows twenty requests an hour per IP address, then A0429', async () => {
    for (let i = 0; i < 20; i += 1) {
      const res = await send('login', `137000000${String(i).padStart(2, '0')}`, { ip: '10.99.0.1' });
      expect(res.statusCode).toBe(200);
    }
    const res = await send('login', '13700000099', { ip: '10.99.0.1' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'A0429', msg: '请求过于频繁，请稍后再试' });
    expect((await send('login', '13700000099', { ip: '10.99.0.2' })).statusCode).toBe(200);
  });
});

describe('GET /prod-api/dev/sms-outbox', () => {
  it('answers the newest messages to a phone first', async () => {
    await sendOk('login', '13900000040');
    await age('13900000040', 61);
    const newest = await sendOk('login', '13900000040');
    const res = await ctx.app.inject({ method: 'GET', url: '/prod-api/dev/sms-outbox?phoneNumber=13900000040' });
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ phone: '13900000040', template: 'login', params: { code: newest } });
  });

  it('refuses a malformed phone', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/prod-api/dev/sms-outbox?phoneNumber=abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('A0150');
  });
});
