import type { APIRequestContext, BrowserContext, Page, Request, Response } from '@playwright/test';
import { decodeJwt, SignJWT } from 'jose';
import { currentAgreement } from '../src/shared/consent.ts';
import { AccessibilityWatch } from './accessibility.ts';
import { test as base, expect, wechatUserAgent } from './kit.ts';
import { outboxCode } from './sign-in-steps.ts';
import { CLIENT_BASIC, DEMO_PASSWORD, DEV_KEY, ISSUER } from './target.ts';

/*
 * Shared helpers of the shell stories. Stories that are not about signing in get their session
 * through the real token call (API), then hand it to the browser as the two cookies of spec §3.
 */

export const TOKEN_PATH = '/prod-api/auth/oauth2/token';
export const API_PATH = '/prod-api/app-api/';
export { DEMO_PASSWORD };
export type DemoUser = 'demo.member' | 'demo.company' | 'demo.partner' | 'demo.channel';

/**
 * `test` with a `wechat` option: inside WeChat the device's own user agent gains MicroMessenger,
 * which is how the H5 (and WeChat's own pages) recognise the in-app browser. Every story checks
 * each page it visits with axe (`accessibility`, automatic; e2e/accessibility.ts).
 */
export const test = base.extend<{ wechat: boolean; accessibility: void }>({
  wechat: [false, { option: true }],
  userAgent: async ({ userAgent, wechat }, use) => {
    await use(wechat && userAgent ? wechatUserAgent(userAgent) : userAgent);
  },
  accessibility: [
    async ({ context, browser }, use, testInfo) => {
      const watch = new AccessibilityWatch(testInfo);
      watch.context(context);
      const restore = watch.browser(browser);
      try {
        await use();
      } finally {
        restore();
      }
      await watch.finish();
    },
    { auto: true },
  ],
});
export { expect };
export { limit } from './limits.ts';
export { phoneSlot } from './kit.ts';

export interface TokenPair {
  token_type: string;
  access_token: string;
  refresh_token: string;
}

/** The token answer is an envelope around the pair; a bare pair is accepted too. */
export function tokenPairOf(body: unknown): TokenPair {
  const pair = (
    body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body
  ) as TokenPair;
  expect(pair?.access_token, 'token answer carries an access token').toBeTruthy();
  expect(pair?.refresh_token, 'token answer carries a refresh token').toBeTruthy();
  return pair;
}

/** Password sign-in through the real token call. */
export async function signInByApi(request: APIRequestContext, username: DemoUser): Promise<TokenPair> {
  const response = await request.post(TOKEN_PATH, {
    headers: { Authorization: CLIENT_BASIC },
    form: { grant_type: 'member_password', username, password: DEMO_PASSWORD },
  });
  expect(response.status(), `sign-in of ${username}`).toBe(200);
  return tokenPairOf(await response.json());
}

/** A simulated WeChat user signed in through `wx_web` (the official account's web OAuth), with their openid there. */
export async function signInWechatByApi(
  request: APIRequestContext,
  user: string,
): Promise<TokenPair & { openid: string }> {
  const issued = await request.post('/wx-sim/test/oauth-code', { data: { user } });
  expect(issued.status(), 'a WeChat code from the simulator').toBe(200);
  const { code, openid } = (await issued.json()) as { code: string; openid: string };
  const response = await request.post(TOKEN_PATH, {
    headers: { Authorization: CLIENT_BASIC },
    form: { grant_type: 'wx_web', code, channel: 'demo', agreement: currentAgreement() },
  });
  expect(response.status(), `WeChat sign-in of ${user}`).toBe(200);
  return { ...tokenPairOf(await response.json()), openid };
}

/**
 * A member signed in by mobile + SMS code through the token call (code read from the development
 * outbox); created on first use with consent to the current legal texts.
 */
export async function signInBySmsApi(request: APIRequestContext, mobile: string): Promise<TokenPair> {
  expect((await request.post(`/prod-api/app-api/v1/sms/login?phoneNumber=${mobile}`)).status()).toBe(200);
  const code = await outboxCode(request, mobile, 'login');
  const answer = await request.post(TOKEN_PATH, {
    headers: { Authorization: CLIENT_BASIC },
    form: { grant_type: 'sms_code', mobile, code, agreement: currentAgreement() },
  });
  expect(answer.status(), `SMS sign-in of ${mobile}`).toBe(200);
  return tokenPairOf(await answer.json());
}

/** Cookie values as the H5 writes them (universal-cookie percent-encodes the space). */
export async function setSessionCookies(
  context: BrowserContext,
  baseURL: string,
  tokenUser: string,
  tokenResh: string,
): Promise<void> {
  await context.addCookies([
    { name: 'tokenUser', value: encodeURIComponent(tokenUser), url: `${baseURL}/` },
    { name: 'tokenResh', value: encodeURIComponent(tokenResh), url: `${baseURL}/` },
  ]);
}

/** Signs in through the API and gives the browser the session. */
export async function signInBrowser(context: BrowserContext, baseURL: string, username: DemoUser): Promise<TokenPair> {
  const pair = await signInByApi(context.request, username);
  await setSessionCookies(context, baseURL, `${pair.token_type} ${pair.access_token}`, pair.refresh_token);
  return pair;
}

/** A well-signed access token for the same member and roles, expired a while ago. */
export async function expiredAccessToken(accessToken: string): Promise<string> {
  return accessTokenExpiringIn(accessToken, -100);
}

/** The same member's access token, expiring `seconds` from now (negative: already expired). */
export async function accessTokenExpiringIn(accessToken: string, seconds: number): Promise<string> {
  const claims = decodeJwt(accessToken);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ roles: claims.roles })
    .setProtectedHeader({ alg: 'HS256', kid: DEV_KEY.kid })
    .setSubject(String(claims.sub))
    .setIssuer(ISSUER)
    .setIssuedAt(now - 60)
    .setExpirationTime(now + seconds)
    .sign(DEV_KEY.secret);
}

/** The session cookies as the browser holds them (decoded), by name. */
export async function sessionCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  const find = (name: string) => cookies.find((c) => c.name === name);
  return { tokenUser: find('tokenUser'), tokenResh: find('tokenResh') };
}

/** The multipart or urlencoded form of a token call, as fields. */
export function formFields(request: Request): Record<string, string> {
  const body = request.postData() ?? '';
  const type = request.headers()['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body));
  const fields: Record<string, string> = {};
  for (const match of body.matchAll(/name="([^"]+)"\r?\n\r?\n([^\r\n]*)/g)) fields[match[1]] = match[2];
  return fields;
}

export interface Exchange {
  request: Request;
  response: Response;
  status: number;
  /** The envelope's code, when the answer was JSON. */
  code: string | undefined;
  authorization: string | undefined;
  /** The answer's place among those the recorder heard of (Playwright may report them late). */
  order: number;
}

/** Records every /prod-api exchange of a page, with its answer code, in arrival order. */
export function recordApi(page: Page) {
  const exchanges: Exchange[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (!new URL(request.url()).pathname.startsWith('/prod-api/')) return;
    const order = pending.length;
    pending.push(
      response
        .json()
        .catch(() => undefined)
        .then((body: { code?: string } | undefined) => {
          exchanges.push({
            request,
            response,
            status: response.status(),
            code: body?.code,
            authorization: request.headers()['authorization'],
            order,
          });
        }),
    );
  });
  return {
    /** All exchanges so far, once their bodies have been read. */
    async all(): Promise<Exchange[]> {
      await Promise.all(pending);
      return [...exchanges].sort((a, b) => a.order - b.order);
    },
    async tokenCalls(grantType?: string): Promise<Exchange[]> {
      return (await this.all()).filter(
        (e) =>
          new URL(e.request.url()).pathname === TOKEN_PATH &&
          e.request.method() === 'POST' &&
          (!grantType || formFields(e.request).grant_type === grantType),
      );
    },
  };
}

/** A service call as the page made it: its steps are places in the page's own order of events. */
export interface PageCall {
  method: string;
  path: string;
  authorization: string | null;
  /** Step at which the page sent it. */
  sent: number;
  /** Step at which its answer reached the page (0 while none has). */
  answered: number;
  status: number;
}

/**
 * Logs the page's service calls in the order the page itself sent them and heard their answers,
 * which says what caused what without comparing clocks. Install before the page loads; read with
 * `pageCalls(page)` (calls of the current document only).
 */
export async function watchPageCalls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: PageCall[] = [];
    let step = 0;
    (window as unknown as { __pageCalls: PageCall[] }).__pageCalls = calls;
    const original = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      // Read without copying: a Request's body may be read only once, by the real fetch.
      const request = input instanceof Request ? input : undefined;
      const url = new URL(request?.url ?? String(input), window.location.href);
      if (!url.pathname.startsWith('/prod-api/')) return original(input, init);
      const headers = new Headers(init?.headers ?? request?.headers);
      const call: PageCall = {
        method: (init?.method ?? request?.method ?? 'GET').toUpperCase(),
        path: url.pathname,
        authorization: headers.get('authorization'),
        sent: ++step,
        answered: 0,
        status: 0,
      };
      calls.push(call);
      const response = await original(input, init);
      call.answered = ++step;
      call.status = response.status;
      return response;
    };
  });
}

/** The calls `watchPageCalls` logged on the current document, in the order they were sent. */
export async function pageCalls(page: Page): Promise<PageCall[]> {
  return page.evaluate(() => (window as unknown as { __pageCalls?: PageCall[] }).__pageCalls ?? []);
}

/** The H5 is a hash router: `/#/policy/index`. */
export function hashUrl(path: string): string {
  return `/#${path}`;
}

/** The route part of the address (after `#`). */
export function routeOf(page: Page): string {
  return new URL(page.url()).hash.replace(/^#/, '');
}

// ---------------------------------------------------------------- buying stories

/** GB 11643 check digit of the first 17 digits of a resident ID number. */
export function idCheckDigit(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((total, digit, i) => total + Number(digit) * weights[i], 0);
  return '10X98765432'[sum % 11];
}

/**
 * A valid 18-digit resident ID number (Beijing Dongcheng area code) for a birth date `YYYYMMDD`;
 * `seq` (0–999) tells people born the same day apart, odd for men, even for women.
 */
export function residentId(birth: string, seq: number): string {
  expect(birth, 'birth date as YYYYMMDD').toMatch(/^\d{8}$/);
  const first17 = `110101${birth}${String(seq % 1000).padStart(3, '0')}`;
  return first17 + idCheckDigit(first17);
}

/** The same number with a wrong check digit (what a typo in the last place gives). */
export function withWrongCheckDigit(id: string): string {
  const right = id.slice(-1);
  return id.slice(0, 17) + (right === '0' ? '1' : '0');
}

/** `data` of a successful envelope answer, after checking its status and code. */
export async function envelopeData<T>(response: import('@playwright/test').APIResponse, what: string): Promise<T> {
  expect(response.status(), `${what}: HTTP status`).toBe(200);
  const body = (await response.json()) as { code: string; msg: string; data: T };
  expect(body.code, `${what}: ${body.msg}`).toBe('00000');
  return body.data;
}

/** A service call as a signed-in member (`Authorization: Bearer …`). */
export async function apiGet<T>(request: APIRequestContext, path: string, accessToken: string): Promise<T> {
  const response = await request.get(`${API_PATH}v1/${path.replace(/^\//, '')}`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  return envelopeData<T>(response, `GET ${path}`);
}

/** The id of a product on sale, found by its name in the catalogue (spec §7 listTypeProds). */
export async function productIdByName(request: APIRequestContext, name: string): Promise<number> {
  const types = await envelopeData<{ products: { id: number; name: string }[] }[]>(
    await request.get(`${API_PATH}v1/prodType/listTypeProds`, { params: { pageSize: 50 } }),
    'listTypeProds',
  );
  const found = types.flatMap((t) => t.products).find((p) => p.name === name);
  expect(found, `product ${name} on sale`).toBeDefined();
  return found!.id;
}

/** The access token the browser holds now (the tokenUser cookie without its "Bearer "). */
export async function browserAccessToken(context: BrowserContext): Promise<string> {
  const { tokenUser } = await sessionCookies(context);
  expect(tokenUser, 'the browser is signed in').toBeDefined();
  return decodeURIComponent(tokenUser!.value).replace(/^Bearer\s+/i, '');
}

export interface SentBody {
  method: string;
  path: string;
  body: string;
}

/**
 * Records the bodies the app hands to `fetch` for service calls. The H5's client (ky) sends a
 * `Request` with a streamed body, whose bytes Chromium does not show to Playwright
 * (`request.postData()` is null), so the page's own `fetch` is watched instead; calls are passed on
 * unchanged. Install before the page loads; read with `sentBodies(page)` before it navigates away.
 */
export async function watchSentBodies(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sent: { method: string; path: string; body: string }[] = [];
    (window as unknown as { __sentBodies: typeof sent }).__sentBodies = sent;
    const original = window.fetch.bind(window);
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      try {
        const request = input instanceof Request ? input.clone() : new Request(input, init);
        const path = new URL(request.url, window.location.href).pathname;
        if (path.startsWith('/prod-api/') && request.method !== 'GET') {
          sent.push({ method: request.method, path, body: await request.text() });
        }
      } catch {
        // Not readable (e.g. a one-shot stream): the call goes on unrecorded.
      }
      return original(input, init);
    };
  });
}

/** Bodies recorded by `watchSentBodies` on the current document, optionally by method and path. */
export async function sentBodies(page: Page, method?: string, path?: RegExp): Promise<SentBody[]> {
  const all = await page.evaluate(() => (window as unknown as { __sentBodies?: SentBody[] }).__sentBodies ?? []);
  return all.filter((s) => (!method || s.method === method) && (!path || path.test(s.path)));
}

/** A service call with a JSON body (POST, PUT, DELETE) as a signed-in member. */
export async function apiSend<T>(
  request: APIRequestContext,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  accessToken: string,
  body?: unknown,
): Promise<T> {
  const response = await request.fetch(`${API_PATH}v1/${path.replace(/^\//, '')}`, {
    method,
    headers: { Authorization: `Bearer ${accessToken}` },
    ...(body === undefined ? {} : { data: body }),
  });
  return envelopeData<T>(response, `${method} ${path}`);
}

/**
 * A person's name no other run uses (names take Chinese characters or letters only, no digits):
 * the surname, then the clock's last digits and a random one as Chinese numerals.
 */
export function uniqueName(surname: string): string {
  const numerals = '零一二三四五六七八九';
  const digits = `${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 10)}`;
  return surname + [...digits].map((d) => numerals[Number(d)]).join('');
}
