import type { LightMyRequestResponse } from 'fastify';
import { OAUTH_CLIENT_ID } from '#shared/constants.ts';
import { currentAgreement } from '#shared/consent.ts';
import type { Token } from '#shared/auth.ts';
import type { TestContext } from './helper.ts';
import { basicAuthHeader } from '../modules/auth/client-auth.ts';

/**
 * Helpers for server tests of any module that need real sign-ins through the token call and the
 * WeChat simulator (the app must listen: `setupTestApp()` does by default).
 */

/** The token call's path, written out: a moved route fails the tests. */
export const TOKEN_PATH = '/prod-api/auth/oauth2/token';

export type BodyKind = 'multipart' | 'form';

export function clientAuth(ctx: TestContext): string {
  return basicAuthHeader(OAUTH_CLIENT_ID, ctx.config.oauthClientSecret);
}

/** A multipart body exactly as a browser's FormData makes it. */
export async function multipartBody(fields: Record<string, string>): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** `POST /prod-api/auth/oauth2/token` with the H5's client header (unless `auth` overrides it). */
export async function tokenCall(
  ctx: TestContext,
  fields: Record<string, string>,
  opts: { as?: BodyKind; auth?: string | null; ip?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  const auth = opts.auth === undefined ? clientAuth(ctx) : opts.auth;
  if (auth !== null) headers.authorization = auth;
  let payload: string | Buffer;
  if ((opts.as ?? 'multipart') === 'multipart') {
    const body = await multipartBody(fields);
    payload = body.payload;
    headers['content-type'] = body.contentType;
  } else {
    payload = new URLSearchParams(fields).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  return ctx.app.inject({ method: 'POST', url: TOKEN_PATH, headers, payload, remoteAddress: opts.ip });
}

/** The token pair of a successful call; throws with the envelope otherwise. */
export function tokenOf(res: LightMyRequestResponse): Token {
  const body = res.json();
  if (res.statusCode !== 200 || body.code !== '00000')
    throw new Error(`token call failed: ${res.statusCode} ${res.body}`);
  return body.data as Token;
}

async function simPost<T>(ctx: TestContext, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${ctx.url}/wx-sim${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`simulator ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

/** A web OAuth code for a simulated WeChat user, as the consent page's 允许 would give it. */
export function simOauthCode(
  ctx: TestContext,
  user: string,
  opts: { scope?: 'snsapi_base' | 'snsapi_userinfo'; appid?: string } = {},
) {
  return simPost<{ code: string; openid: string; user: string }>(ctx, '/test/oauth-code', { user, ...opts });
}

/** A mini-program `wx.login` code. */
export function simMpCode(ctx: TestContext, user: string) {
  return simPost<{ code: string; openid: string; user: string }>(ctx, '/test/mp-login', { user });
}

/** Moves the simulator's clock forward (codes expire after 300 s). */
export function simAdvanceClock(ctx: TestContext, seconds: number) {
  return simPost<{ now: string }>(ctx, '/test/clock', { advanceSeconds: seconds });
}

/**
 * Signs a simulated WeChat user in through `wx_web` (channel `demo` unless given), agreeing to the
 * current legal documents as the H5's consent step does for a new member.
 */
export async function signInWithWechat(
  ctx: TestContext,
  user: string,
  extra: Record<string, string> = {},
): Promise<Token> {
  const { code } = await simOauthCode(ctx, user);
  return tokenOf(
    await tokenCall(ctx, { grant_type: 'wx_web', code, channel: 'demo', agreement: currentAgreement(), ...extra }),
  );
}

/** Signs a demo account in through `member_password`. */
export async function signInWithPassword(ctx: TestContext, username: string, password: string): Promise<Token> {
  return tokenOf(await tokenCall(ctx, { grant_type: 'member_password', username, password }));
}
