import type { SignInGrant } from '../api/auth.ts';
import { getClientConfig } from '../api/auth.ts';
import { signInWith } from '../session/sign-in.ts';
import { captureEntryUrl, isMiniProgram, isWeChat } from './env.ts';
import {
  clearOAuthFailed, isUsedCode, markCodeUsed, markOAuthFailed, newState, oauthRecentlyFailed, rememberAgreement, takeAgreement, takeState,
} from './oauth-storage.ts';
import { DIRECT_CHANNEL, rememberShareParams, sessionChannel, sessionRecommendId } from './share-context.ts';

/** Query names WeChat (code, state) or the mini-program (mpcode) put before the `#`. */
const CALLBACK_PARAMS = ['code', 'state', 'mpcode'] as const;

/** The address without the one-time parameters, for redirect_uri and for the cleaned address bar. */
export function addressWithoutCallback(href: string): string {
  const url = new URL(href);
  if (!CALLBACK_PARAMS.some((name) => url.searchParams.has(name))) return href;
  for (const name of CALLBACK_PARAMS) url.searchParams.delete(name);
  return url.toString();
}

/**
 * WeChat's authorize address (docs/domain.md#wechat-web-oauth). `target` is the route to land on afterwards; WeChat
 * (and the simulator) put `?code=&state=` before the `#`, so the hash route survives the trip.
 */
export function authorizeUrl(config: { authorizeUrl: string; wechatAppId: string; scope: string }, target?: string): string {
  const back = new URL(addressWithoutCallback(window.location.href));
  if (target) back.hash = `#${target.startsWith('/') ? target : `/${target}`}`;
  const query = [
    `appid=${encodeURIComponent(config.wechatAppId)}`,
    `redirect_uri=${encodeURIComponent(back.toString())}`,
    'response_type=code',
    `scope=${encodeURIComponent(config.scope)}`,
    `state=${newState()}`,
  ].join('&');
  return `${config.authorizeUrl}?${query}#wechat_redirect`;
}

/**
 * Whether a needed sign-in should go straight to WeChat: inside WeChat (not a mini-program web-view),
 * unless the last attempt was refused or failed a moment ago (no redirect loop).
 */
export function autoWebOAuth(): boolean {
  return isWeChat() && !isMiniProgram() && !oauthRecentlyFailed();
}

/**
 * Leaves for WeChat's (or the simulator's) authorize page; `target` defaults to the current route.
 * `agreement`: the consent ticked in the sign-in form, sent with the code on return.
 */
export async function startWebOAuth(target?: string, agreement?: string): Promise<void> {
  const config = await getClientConfig();
  if (agreement) rememberAgreement(agreement);
  window.location.assign(authorizeUrl(config, target));
}

interface CallbackParams {
  code: string | null;
  state: string | null;
  mpcode: string | null;
}

/** Reads the one-time parameters and removes them from the address at once (before any exchange). */
export function takeCallbackParams(): CallbackParams {
  const params = new URLSearchParams(window.location.search);
  const taken = { code: params.get('code'), state: params.get('state'), mpcode: params.get('mpcode') };
  if (taken.code !== null || taken.state !== null || taken.mpcode !== null) {
    window.history.replaceState(window.history.state, '', addressWithoutCallback(window.location.href));
  }
  return taken;
}

export type Exchange = (grant: SignInGrant) => Promise<void>;

/**
 * Sign-in on entry (docs/specification.md#product-shape): a mini-program code → wx_cgi; a web OAuth callback whose `state`
 * this tab created → wx_web, once per code (codes are single-use, docs/domain.md#wechat-web-oauth). A reload or the back
 * button finds the code gone from the address or listed as used, so it is never sent twice.
 */
export async function signInOnEntry(exchange: Exchange = (grant) => signInWith(grant)): Promise<void> {
  captureEntryUrl();
  rememberShareParams();
  const { code, state, mpcode } = takeCallbackParams();
  if (mpcode) {
    if (isUsedCode(mpcode)) return;
    markCodeUsed(mpcode);
    await exchange({ grant_type: 'wx_cgi', code: mpcode }).catch(() => undefined);
    return;
  }
  if (code === null && state === null) return;
  // A code in a copied link belongs to someone else's visit: ignore it quietly.
  if (!takeState(state)) return;
  if (!code) {
    markOAuthFailed(); // the visitor refused the consent page
    return;
  }
  if (isUsedCode(code)) return;
  markCodeUsed(code);
  const recommendId = sessionRecommendId();
  const agreement = takeAgreement();
  try {
    await exchange({
      grant_type: 'wx_web', code, channel: sessionChannel() ?? DIRECT_CHANNEL, ...(recommendId ? { recommendId } : {}), ...(agreement ? { agreement } : {}),
    });
    clearOAuthFailed();
  } catch {
    markOAuthFailed();
  }
}
