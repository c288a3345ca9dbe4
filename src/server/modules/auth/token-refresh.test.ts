import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_HEADER } from '#shared/auth.ts';
import { auditEvents, members, refreshTokens } from '../../db/schema.ts';
import { DEMO_PASSWORD } from '../../seeds/seed.ts';
import { V1 } from '../../test/http.ts';
import { setupTestApp } from '../../test/helper.ts';
import { hashRefreshToken, insertRefreshToken } from './refresh-tokens.ts';
import { signInWithPassword, tokenCall, tokenOf } from '../../test/token-call.ts';

const ctx = await setupTestApp({ RATE_LIMIT_SIGNIN_PER_MIN: '1000' });
const { db } = ctx.app;

const refresh = (token: string) =>
  tokenCall(ctx, { grant_type: 'refresh_token', refresh_token: token }, { as: 'form' });
const memberIdOf = async (accessToken: string) => (await ctx.app.accessTokens.verify(accessToken))!.memberId;
const logout = (accessToken: string, opts: { body?: unknown; headers?: Record<string, string> } = {}) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `${V1}/users/logout`,
    headers: { authorization: `Bearer ${accessToken}`, ...opts.headers },
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });

describe('refresh_token grant', () => {
  it('rotates: answers a new pair, and the refresh token is stored only as its SHA-256', async () => {
    const first = await signInWithPassword(ctx, 'demo.member', DEMO_PASSWORD);
    const res = await tokenCall(ctx, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    const second = tokenOf(res);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await memberIdOf(second.access_token)).toBe(await memberIdOf(first.access_token));
    const rows = await db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(first.refresh_token)));
    expect(rows).toHaveLength(1);
    expect(rows[0].usedAt).not.toBeNull();
    expect(JSON.stringify(await db.select().from(refreshTokens))).not.toContain(first.refresh_token);
    tokenOf(await refresh(second.refresh_token));
  });

  it('treats re-use of a rotated token as theft: A0231, the whole family revoked, audited', async () => {
    const first = await signInWithPassword(ctx, 'demo.company', DEMO_PASSWORD);
    const second = tokenOf(await refresh(first.refresh_token));
    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ code: 'A0231', msg: '刷新令牌无效或已过期，请重新登录', data: null });
    // The thief's or the owner's newer token is dead too, and the old one stays dead.
    expect((await refresh(second.refresh_token)).json().code).toBe('A0231');
    expect((await refresh(first.refresh_token)).json().code).toBe('A0231');
    const memberId = await memberIdOf(first.access_token);
    const audits = await db.select().from(auditEvents).where(eq(auditEvents.type, 'refresh_reuse'));
    expect(audits.some((a) => a.memberId === memberId)).toBe(true);
    // Another sign-in of the same member (another family) is unaffected.
    const other = await signInWithPassword(ctx, 'demo.company', DEMO_PASSWORD);
    tokenOf(await refresh(other.refresh_token));
  });

  it('lets exactly one of several parallel uses of one refresh token succeed', async () => {
    const pair = await signInWithPassword(ctx, 'demo.partner', DEMO_PASSWORD);
    const results = await Promise.all(Array.from({ length: 5 }, () => refresh(pair.refresh_token)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 401).map((r) => r.json().code)).toEqual([
      'A0231',
      'A0231',
      'A0231',
      'A0231',
    ]);
  });

  it('refuses an unknown and an expired refresh token with 401 A0231', async () => {
    expect((await refresh('x'.repeat(43))).json()).toEqual({
      code: 'A0231',
      msg: '刷新令牌无效或已过期，请重新登录',
      data: null,
    });
    const pair = await signInWithPassword(ctx, 'demo.member', DEMO_PASSWORD);
    await db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(pair.refresh_token)));
    const res = await refresh(pair.refresh_token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('A0231');
  });

  it("signs the member's current roles into the new access token", async () => {
    const [row] = await db
      .insert(members)
      .values({ username: 'role.change', roles: ['member'] })
      .returning({ id: members.id });
    // A refresh token for the new member, stored the way the token service does.
    const refreshToken = await insertRefreshToken(db, row.id, 3600);
    await db
      .update(members)
      .set({ roles: ['member', 'partner'] })
      .where(eq(members.id, row.id));
    const next = tokenOf(await refresh(refreshToken));
    expect(await ctx.app.accessTokens.verify(next.access_token)).toMatchObject({
      memberId: row.id,
      roles: ['member', 'partner'],
      sessionId: expect.any(String),
    });
  });

  it('refuses a member disabled since sign-in with A0202 and revokes the family', async () => {
    const [row] = await db.insert(members).values({ username: 'to.disable' }).returning({ id: members.id });
    const refreshToken = await insertRefreshToken(db, row.id, 3600);
    await db.update(members).set({ status: 'disabled' }).where(eq(members.id, row.id));
    const res = await refresh(refreshToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('A0202');
    const tokens = await db.select().from(refreshTokens).where(eq(refreshTokens.memberId, row.id));
    expect(tokens.every((t) => t.revokedAt !== null)).toBe(true);
  });
});

describe('DELETE /prod-api/app-api/v1/users/logout', () => {
  const me = (accessToken: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/prod-api/app-api/v1/members/me',
      headers: { authorization: `Bearer ${accessToken}` },
    });

  it('ends the access tokens of the sessions it ends, not only their refresh tokens', async () => {
    const phone = await signInWithPassword(ctx, 'demo.partner', DEMO_PASSWORD);
    const laptop = await signInWithPassword(ctx, 'demo.partner', DEMO_PASSWORD);
    expect((await me(phone.access_token)).statusCode).toBe(200);
    expect((await logout(phone.access_token, { body: { refresh_token: phone.refresh_token } })).statusCode).toBe(200);
    const after = await me(phone.access_token);
    expect([after.statusCode, after.json().code]).toEqual([401, 'A0230']);
    expect((await me(laptop.access_token)).statusCode).toBe(200);

    // A rotated pair belongs to the same session: re-using the old refresh token ends the new access token too.
    const next = tokenOf(await refresh(laptop.refresh_token));
    expect((await me(next.access_token)).statusCode).toBe(200);
    expect((await refresh(laptop.refresh_token)).json().code).toBe('A0231');
    expect((await me(next.access_token)).json().code).toBe('A0230');
  });

  it('without a refresh token revokes every family of the caller and is audited', async () => {
    const a = await signInWithPassword(ctx, 'demo.channel', DEMO_PASSWORD);
    const b = await signInWithPassword(ctx, 'demo.channel', DEMO_PASSWORD);
    const res = await logout(a.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: '00000', data: null });
    expect((await refresh(a.refresh_token)).json().code).toBe('A0231');
    expect((await refresh(b.refresh_token)).json().code).toBe('A0231');
    const memberId = await memberIdOf(a.access_token);
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'logout'), eq(auditEvents.memberId, memberId)))
      .orderBy(auditEvents.id);
    expect(audit).toMatchObject({ memberId, detail: { scope: 'all' } });
  });

  it('with a refresh token (body or header) revokes only that family', async () => {
    const phone = await signInWithPassword(ctx, 'demo.partner', DEMO_PASSWORD);
    const laptop = await signInWithPassword(ctx, 'demo.partner', DEMO_PASSWORD);
    expect((await logout(phone.access_token, { body: { refresh_token: phone.refresh_token } })).statusCode).toBe(200);
    expect((await refresh(phone.refresh_token)).json().code).toBe('A0231');
    const laptop2 = tokenOf(await refresh(laptop.refresh_token));

    expect(
      (await logout(laptop2.access_token, { headers: { [REFRESH_TOKEN_HEADER]: laptop2.refresh_token } })).statusCode,
    ).toBe(200);
    expect((await refresh(laptop2.refresh_token)).json().code).toBe('A0231');
  });

  it("does not let a caller revoke someone else's family by naming their token: it revokes the caller's own", async () => {
    const victim = await signInWithPassword(ctx, 'demo.company', DEMO_PASSWORD);
    const caller = await signInWithPassword(ctx, 'demo.member', DEMO_PASSWORD);
    await logout(caller.access_token, { body: { refresh_token: victim.refresh_token } });
    tokenOf(await refresh(victim.refresh_token));
    expect((await refresh(caller.refresh_token)).json().code).toBe('A0231');
  });
});

describe('access token checks (on logout)', () => {
  const [key] = ctx.config.jwtKeys;
  const craft = (exp: number, kid = key.kid) =>
    new SignJWT({ roles: ['member'] })
      .setProtectedHeader({ alg: 'HS256', kid })
      .setSubject('1')
      .setIssuer('insure-h5')
      .setIssuedAt(exp - 7200)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(key.secret));

  it.each([
    ['an expired token', async () => craft(Math.floor(Date.now() / 1000) - 10)],
    ['a garbage token', async () => 'not.a.jwt'],
    ['a token of an unknown key', async () => craft(Math.floor(Date.now() / 1000) + 600, 'other-kid')],
  ])('answers 401 A0230 for %s', async (_name, make) => {
    const res = await logout(await make());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'A0230', msg: '登录已过期，请重新登录', data: null });
  });

  it('accepts a crafted token that is still valid (the check above is about expiry, not the crafting)', async () => {
    expect((await logout(await craft(Math.floor(Date.now() / 1000) + 600))).statusCode).toBe(200);
  });
});
