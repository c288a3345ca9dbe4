import Cookies from 'universal-cookie';
import { COOKIE_PATH, REFRESH_COOKIE, REFRESH_COOKIE_FALLBACK, TOKEN_COOKIE } from '#shared/constants.ts';
import type { TokenPair } from './types.ts';

/**
 * The two session cookies of spec §3: `tokenUser` = "<token_type> <access_token>" (the value is the
 * whole Authorization header), `tokenResh` = the refresh token. Path `/` (spec §9). They are session
 * cookies: the server's refresh-token lifetime decides how long a sign-in lasts, not the browser.
 */
let jar = new Cookies(null, { path: COOKIE_PATH });

/** Tests re-create the jar after changing document.cookie behind its back. */
export function resetCookieJar(): void {
  jar = new Cookies(null, { path: COOKIE_PATH });
}

export function readTokenCookie(): string | null {
  const value = jar.get(TOKEN_COOKIE, { doNotParse: true }) as string | undefined;
  return value ? value : null;
}

export function readRefreshCookie(): string | null {
  const value = (jar.get(REFRESH_COOKIE, { doNotParse: true }) ??
    jar.get(REFRESH_COOKIE_FALLBACK, { doNotParse: true })) as string | undefined;
  return value ? value : null;
}

/** Returns the Authorization value that was stored. */
export function writeTokenCookies(pair: TokenPair): string {
  const header = `${pair.token_type} ${pair.access_token}`;
  const options = { path: COOKIE_PATH, sameSite: 'lax' as const };
  jar.set(TOKEN_COOKIE, header, options);
  jar.set(REFRESH_COOKIE, pair.refresh_token, options);
  return header;
}

export function removeTokenCookies(): void {
  for (const name of [TOKEN_COOKIE, REFRESH_COOKIE, REFRESH_COOKIE_FALLBACK]) jar.remove(name, { path: COOKIE_PATH });
}
