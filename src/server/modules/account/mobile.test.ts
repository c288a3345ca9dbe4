import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, members, smsCodes } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { setMobile } from './repository.ts';
import { createMember, sendCode, wrongCode } from '../../test/members.ts';
import { V1 } from '../../test/http.ts';

const ctx = await setupTestApp({ DATA_DIR: 'memory://account-mobile' }, { listen: false });

const put = (body: unknown, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'PUT', url: `${V1}/members/me/mobile`, headers, payload: body as object });
const mobileOf = async (id: number) =>
  (await ctx.app.db.select({ mobile: members.mobile }).from(members).where(eq(members.id, id)))[0].mobile;

describe('PUT members/me/mobile', () => {
  it('moves the member to the new number with the code sent to it, answers the masked profile and audits masked', async () => {
    const m = await createMember(ctx, { mobile: '13922200001' });
    const code = await sendCode(ctx, 'mobile', '13922200002', m.headers);
    const res = await put({ mobile: '13922200002', code }, m.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: m.memberId, mobile: '139****0002' });
    expect(res.body).not.toContain('13922200002');
    expect(await mobileOf(m.memberId)).toBe('13922200002');
    const [audit] = await ctx.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.memberId, m.memberId), eq(auditEvents.type, 'mobile_change')));
    expect(audit).toMatchObject({ subject: '139****0002', detail: { from: '139****0001', to: '139****0002' } });
    expect(JSON.stringify(audit)).not.toMatch(/1392220000[12]/);
  });

  it('gives a member without a mobile their first one', async () => {
    const m = await createMember(ctx);
    const code = await sendCode(ctx, 'mobile', '13922200003', m.headers);
    expect((await put({ mobile: '13922200003', code }, m.headers)).statusCode).toBe(200);
    expect(await mobileOf(m.memberId)).toBe('13922200003');
  });

  it('refuses a wrong code with A0130 and keeps the old number; the right code still works after', async () => {
    const m = await createMember(ctx, { mobile: '13922200010' });
    const code = await sendCode(ctx, 'mobile', '13922200011', m.headers);
    const res = await put({ mobile: '13922200011', code: wrongCode(code) }, m.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A0130', msg: '短信验证码错误或已过期' });
    expect(await mobileOf(m.memberId)).toBe('13922200010');
    expect((await put({ mobile: '13922200011', code }, m.headers)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const m = await createMember(ctx, { mobile: '13922200020' });
    const code = await sendCode(ctx, 'mobile', '13922200021', m.headers);
    await ctx.app.db
      .update(smsCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsCodes.phone, '13922200021'));
    const res = await put({ mobile: '13922200021', code }, m.headers);
    expect(res.json().code).toBe('A0130');
    expect(await mobileOf(m.memberId)).toBe('13922200020');
  });

  it('refuses a code that was used already', async () => {
    const m = await createMember(ctx, { mobile: '13922200030' });
    const first = await sendCode(ctx, 'mobile', '13922200031', m.headers);
    expect((await put({ mobile: '13922200031', code: first }, m.headers)).statusCode).toBe(200);
    const second = await sendCode(ctx, 'mobile', '13922200032', m.headers);
    expect((await put({ mobile: '13922200032', code: second }, m.headers)).statusCode).toBe(200);
    // Back to the first new number with its code again: used up.
    const res = await put({ mobile: '13922200031', code: first }, m.headers);
    expect(res.json().code).toBe('A0130');
    expect(await mobileOf(m.memberId)).toBe('13922200032');
  });

  it('refuses a code sent for another purpose to the same number', async () => {
    const m = await createMember(ctx, { mobile: '13922200040' });
    const bind = await sendCode(ctx, 'bind', '13922200041', m.headers);
    expect((await put({ mobile: '13922200041', code: bind }, m.headers)).json().code).toBe('A0130');
    const login = await sendCode(ctx, 'login', '13922200041');
    expect((await put({ mobile: '13922200041', code: login }, m.headers)).json().code).toBe('A0130');
    expect(await mobileOf(m.memberId)).toBe('13922200040');
  });

  it("refuses a code sent to someone else's new number", async () => {
    const a = await createMember(ctx, { mobile: '13922200050' });
    const b = await createMember(ctx, { mobile: '13922200051' });
    const code = await sendCode(ctx, 'mobile', '13922200052', a.headers);
    expect((await put({ mobile: '13922200053', code }, b.headers)).json().code).toBe('A0130');
  });

  it("refuses another member's number with A0151 before any code is checked", async () => {
    const m = await createMember(ctx, { mobile: '13922200060' });
    const res = await put({ mobile: '13800000002', code: '123456' }, m.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A0151', msg: '该手机号已被其他账号使用' });
  });

  it('refuses a number taken between sending the code and using it', async () => {
    const m = await createMember(ctx, { mobile: '13922200070' });
    const code = await sendCode(ctx, 'mobile', '13922200071', m.headers);
    await createMember(ctx, { mobile: '13922200071' });
    expect((await put({ mobile: '13922200071', code }, m.headers)).json().code).toBe('A0151');
    expect(await mobileOf(m.memberId)).toBe('13922200070');
  });

  it('lets the unique index decide when two members race for one number', async () => {
    const m = await createMember(ctx, { mobile: '13922200075' });
    await createMember(ctx, { mobile: '13922200076' });
    expect(await setMobile(ctx.app.db, m.memberId, '13922200076')).toBeNull();
    expect(await mobileOf(m.memberId)).toBe('13922200075');
  });

  it('refuses the number the member has now', async () => {
    const m = await createMember(ctx, { mobile: '13922200080' });
    const res = await put({ mobile: '13922200080', code: '123456' }, m.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'A0400', msg: '新手机号与当前手机号相同' });
  });

  it('locks the code after five wrong guesses with A0131', async () => {
    const m = await createMember(ctx, { mobile: '13922200090' });
    const code = await sendCode(ctx, 'mobile', '13922200091', m.headers);
    const codes = [];
    for (let i = 0; i < 5; i += 1)
      codes.push((await put({ mobile: '13922200091', code: wrongCode(code) }, m.headers)).json().code);
    expect(codes).toEqual(['A0130', 'A0130', 'A0130', 'A0130', 'A0131']);
    expect((await put({ mobile: '13922200091', code }, m.headers)).json().code).toBe('A0131');
  });

  it.each([
    ['a short number', { mobile: '1392220', code: '123456' }, 'A0150'],
    ['a number with letters', { mobile: '1392220009a', code: '123456' }, 'A0150'],
    ['a code of five digits', { mobile: '13922200099', code: '12345' }, 'A0400'],
    ['a code with letters', { mobile: '13922200099', code: '12a456' }, 'A0400'],
    ['no code', { mobile: '13922200099' }, 'A0410'],
    ['a numeric mobile', { mobile: 13922200099, code: '123456' }, 'A0400'],
  ])('refuses %s', async (_label, body, code) => {
    const m = await createMember(ctx, { mobile: null });
    const res = await put(body, m.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('needs a token and answers malformed JSON with A0427', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `${V1}/members/me/mobile`,
          payload: { mobile: '13922200099', code: '123456' },
        })
      ).statusCode,
    ).toBe(401);
    const m = await createMember(ctx);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${V1}/members/me/mobile`,
      headers: { ...m.headers, 'content-type': 'application/json' },
      payload: '{"mobile":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('A0427');
  });
});
