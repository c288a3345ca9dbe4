import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { currentAgreement } from '#shared/consent.ts';
import { refreshTokens } from '../../db/schema.ts';
import { DEMO_PASSWORD } from '../../seeds/seed.ts';
import { setupTestApp } from '../../test/helper.ts';
import { clientAuth, signInWithPassword, simOauthCode, tokenCall, tokenOf, TOKEN_PATH } from '../../test/token-call.ts';

// A small limit, so the rate-limit cases below reach it quickly; malformed requests never count.
const ctx = await setupTestApp({ RATE_LIMIT_SIGNIN_PER_MIN: '3' });

function rawMultipart(parts: { name: string; value: string; filename?: string }[], boundary = 'XyZ123boundary') {
  const body =
    parts
      .map(
        (p) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"\r\nContent-Type: application/octet-stream` : ''}\r\n\r\n${p.value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;
  return { payload: body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const password = { grant_type: 'member_password', username: 'demo.member', password: DEMO_PASSWORD };
const fileAsUsername = rawMultipart([
  { name: 'grant_type', value: 'member_password' },
  { name: 'username', value: 'demo.member', filename: 'a.txt' },
  { name: 'password', value: DEMO_PASSWORD },
]);
const repeated = rawMultipart([
  { name: 'grant_type', value: 'member_password' },
  { name: 'grant_type', value: 'wx_web' },
]);

const cases: { name: string; contentType?: string; payload?: string | Buffer; status: number; code: string }[] = [
  { name: 'no body at all', status: 400, code: 'A0410' },
  {
    name: 'JSON instead of a form',
    contentType: 'application/json',
    payload: JSON.stringify(password),
    status: 415,
    code: 'A0415',
  },
  { name: 'broken JSON', contentType: 'application/json', payload: '{"grant_type":', status: 400, code: 'A0427' },
  { name: 'empty JSON body', contentType: 'application/json', payload: '', status: 400, code: 'A0427' },
  { name: 'plain text', contentType: 'text/plain', payload: 'grant_type=member_password', status: 415, code: 'A0415' },
  {
    name: 'an empty urlencoded body',
    contentType: 'application/x-www-form-urlencoded',
    payload: '',
    status: 400,
    code: 'A0410',
  },
  {
    name: 'a repeated urlencoded field',
    contentType: 'application/x-www-form-urlencoded',
    payload: 'grant_type=member_password&grant_type=wx_web',
    status: 400,
    code: 'A0400',
  },
  {
    name: 'a repeated multipart field',
    contentType: repeated.contentType,
    payload: repeated.payload,
    status: 400,
    code: 'A0400',
  },
  {
    name: 'a file where a text field belongs',
    contentType: fileAsUsername.contentType,
    payload: fileAsUsername.payload,
    status: 400,
    code: 'A0400',
  },
  {
    name: 'a huge username',
    contentType: 'application/x-www-form-urlencoded',
    payload: `grant_type=member_password&username=${'a'.repeat(10_000)}&password=x`,
    status: 400,
    code: 'A0400',
  },
  {
    name: 'a huge code',
    contentType: 'application/x-www-form-urlencoded',
    payload: `grant_type=wx_web&channel=demo&code=${'c'.repeat(5000)}`,
    status: 400,
    code: 'A0400',
  },
  {
    name: 'a body over the 1 MB limit',
    contentType: 'application/x-www-form-urlencoded',
    payload: `grant_type=member_password&username=${'a'.repeat(1_100_000)}`,
    status: 413,
    code: 'A0413',
  },
  {
    name: 'multipart without a boundary',
    contentType: 'multipart/form-data',
    payload: 'grant_type=member_password',
    status: 400,
    code: 'A0400',
  },
  {
    name: 'multipart that is not multipart',
    contentType: 'multipart/form-data; boundary=abc',
    payload: 'garbage',
    status: 400,
    code: 'A0400',
  },
  {
    name: 'multipart cut short',
    contentType: 'multipart/form-data; boundary=abc',
    payload: '--abc\r\nContent-Disposition: form-data; name="grant_type"\r\n\r\nmember_pass',
    status: 400,
    code: 'A0400',
  },
  {
    name: 'an unknown grant',
    contentType: 'application/x-www-form-urlencoded',
    payload: 'grant_type=client_credentials',
    status: 400,
    code: 'A0241',
  },
  {
    name: 'only empty fields',
    contentType: 'application/x-www-form-urlencoded',
    payload: 'grant_type=&username=&password=',
    status: 400,
    code: 'A0410',
  },
];

describe('malformed token requests', () => {
  it.each(cases)('answer $status $code for $name, never 500', async ({ contentType, payload, status, code }) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: TOKEN_PATH,
      headers: {
        authorization: clientAuth(ctx),
        ...(contentType === undefined ? {} : { 'content-type': contentType }),
      },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.code).toBe(code);
    expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('answers 404 A0404 to other methods than POST', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: TOKEN_PATH });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('A0404');
  });
});

describe('sign-in rate limits (3 a minute here)', () => {
  it('limits attempts per IP with 429 A0429 and Retry-After, other IPs unaffected', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 3; i++) {
      const { code } = await simOauthCode(ctx, `ip-limit-${i}`);
      expect(
        (await tokenCall(ctx, { grant_type: 'wx_web', code, channel: 'demo', agreement: currentAgreement() }, { ip }))
          .statusCode,
      ).toBe(200);
    }
    const { code } = await simOauthCode(ctx, 'ip-limit-3');
    const limited = await tokenCall(
      ctx,
      { grant_type: 'wx_web', code, channel: 'demo', agreement: currentAgreement() },
      { ip },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'A0429', msg: '请求过于频繁，请稍后再试', data: null });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (
        await tokenCall(
          ctx,
          { grant_type: 'wx_web', code, channel: 'demo', agreement: currentAgreement() },
          { ip: '203.0.113.8' },
        )
      ).statusCode,
    ).toBe(200);
  });

  it("counts a returning WeChat user's sign-in with the other attempts of the address, and over the limit writes no session", async () => {
    const ip = '203.0.113.20';
    const user = 'ip-limit-returning';
    const first = tokenOf(
      await tokenCall(
        ctx,
        {
          grant_type: 'wx_web',
          code: (await simOauthCode(ctx, user)).code,
          channel: 'demo',
          agreement: currentAgreement(),
        },
        { ip: '203.0.113.21' },
      ),
    );
    const memberId = (await ctx.app.accessTokens.verify(first.access_token))!.memberId;
    const sessions = async () =>
      (
        await ctx.app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(refreshTokens)
          .where(eq(refreshTokens.memberId, memberId))
      )[0].n;
    expect((await tokenCall(ctx, { ...password, password: 'Wrong@123456' }, { ip })).statusCode).toBe(400);
    for (let i = 0; i < 2; i++) {
      expect(
        (
          await tokenCall(
            ctx,
            { grant_type: 'wx_web', code: (await simOauthCode(ctx, user)).code, channel: 'demo' },
            { ip },
          )
        ).statusCode,
      ).toBe(200);
    }
    const before = await sessions();
    const limited = await tokenCall(
      ctx,
      { grant_type: 'wx_web', code: (await simOauthCode(ctx, user)).code, channel: 'demo' },
      { ip },
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('A0429');
    expect(await sessions()).toBe(before);
  });

  it('counts WeChat codes that WeChat refuses too', async () => {
    const ip = '203.0.113.30';
    for (let i = 0; i < 3; i++) {
      const refused = await tokenCall(
        ctx,
        { grant_type: 'wx_web', code: `no-such-code-${i}`, channel: 'demo' },
        { ip },
      );
      expect(refused.statusCode).toBe(400);
    }
    const { code } = await simOauthCode(ctx, 'ip-limit-after-refused');
    expect((await tokenCall(ctx, { grant_type: 'wx_web', code, channel: 'demo' }, { ip })).statusCode).toBe(429);
  });

  it('limits password attempts per account across IPs', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await tokenCall(ctx, { ...password, username: 'demo.company' }, { ip: `198.51.100.${i}` });
      expect(res.statusCode).toBe(200);
    }
    const limited = await tokenCall(ctx, { ...password, username: 'demo.company' }, { ip: '198.51.100.99' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('A0429');
    expect((await tokenCall(ctx, { ...password, username: 'demo.partner' }, { ip: '198.51.100.98' })).statusCode).toBe(
      200,
    );
  });

  it('never limits refreshing', async () => {
    let pair = await signInWithPassword(ctx, 'demo.channel', DEMO_PASSWORD);
    for (let i = 0; i < 5; i++) {
      const res = await tokenCall(ctx, { grant_type: 'refresh_token', refresh_token: pair.refresh_token });
      expect(res.statusCode).toBe(200);
      pair = res.json().data;
    }
  });
});
