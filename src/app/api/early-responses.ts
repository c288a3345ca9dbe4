import { SUCCESS_CODE } from '#shared/errors.ts';
import { storedAcceptLanguage } from './accept-language.ts';
import { tokenCallBody, type SignInGrant } from './grant-fields.ts';
import { basicAuthHeader, TOKEN_URL } from './oauth-client.ts';
import { readTokenPair } from './token-pair.ts';

/*
 * Answers started by the script in index.html (boot/early-start.ts) before the app's code arrived,
 * handed to the ky client in place of a new request for the same address. The client treats them
 * as its own fetch's answers: the envelope check, toasts and refresh-and-replay (an expired token's
 * A0230) apply unchanged.
 */

export interface EarlyFetch {
  /** Path and query, e.g. `/prod-api/app-api/v1/product/1`. */
  url: string;
  /** The Authorization header it was sent with, or null. */
  auth: string | null;
  /** The Accept-Language it was sent with: texts come in it, so only a call in the same language takes it. */
  language: string;
  /** `performance.now()` when it was started. */
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __earlyFetches?: EarlyFetch[];
  }
}

/** An early answer older than this is not used: the page asks again for fresh data. */
export const EARLY_FETCH_MAX_AGE_MS = 15_000;

/** Starts a GET from the page's first script and keeps it for the client. */
export function startEarlyFetch(url: string, auth: string | null): void {
  const language = storedAcceptLanguage();
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language };
  if (auth) headers.Authorization = auth;
  const response = fetch(url, { headers, credentials: 'same-origin' });
  // A network failure is the client's to report, when (and if) the page asks.
  response.catch(() => undefined);
  (window.__earlyFetches ??= []).push({ url, auth, language, at: performance.now(), response });
}

/**
 * The early answer for this request, taken (each serves one request), or null: only a GET to the
 * same address with the same Authorization and Accept-Language headers, asked for within
 * EARLY_FETCH_MAX_AGE_MS.
 */
export function takeEarlyResponse(request: Request): Promise<Response> | null {
  const list = window.__earlyFetches;
  if (!list?.length || request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== window.location.origin) return null;
  const path = url.pathname + url.search;
  const auth = request.headers.get('Authorization');
  const language = request.headers.get('Accept-Language');
  const index = list.findIndex((e) => e.url === path && e.auth === auth && e.language === language);
  if (index < 0) return null;
  const [early] = list.splice(index, 1);
  return performance.now() - early.at <= EARLY_FETCH_MAX_AGE_MS ? early.response : null;
}

/** A fetch that serves early answers first, then goes to the network. */
export function withEarlyResponses(fetchImpl: typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    const early = input instanceof Request ? takeEarlyResponse(input) : null;
    return early ?? fetchImpl(input, init);
  };
}

/**
 * A GET's envelope data for index.html's script, which runs before the ky client exists; null on
 * any failure (the app then asks itself, with its usual messages).
 */
export async function fetchEarlyData<T>(url: string): Promise<T | null> {
  try {
    const response = await fetch(url, {
      headers: { Accept: 'application/json', 'Accept-Language': storedAcceptLanguage() },
      credentials: 'same-origin',
    });
    const body = (await response.json()) as { code?: string; data?: T };
    return response.ok && body.code === SUCCESS_CODE ? (body.data ?? null) : null;
  } catch {
    return null;
  }
}

/**
 * Sends the entry's token call (a WeChat callback's code) from index.html's script, as
 * api/auth.ts `requestToken` would; the answer is handed to it (wechat/entry-grant.ts). Resolves
 * the answer and, once it is there, the Authorization value it carries (null on failure).
 */
export function startEarlyTokenCall(grant: SignInGrant): {
  response: Promise<Response>;
  authorization: Promise<string | null>;
} {
  const response = fetch(TOKEN_URL, {
    method: 'POST',
    headers: { Authorization: basicAuthHeader(), Accept: 'application/json' },
    body: tokenCallBody(grant),
    credentials: 'same-origin',
  });
  const authorization = response
    .then(async (answer) => {
      const pair = answer.ok ? readTokenPair(await answer.clone().json()) : null;
      return pair ? `${pair.token_type} ${pair.access_token}` : null;
    })
    .catch(() => null);
  return { response, authorization };
}
