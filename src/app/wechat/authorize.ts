import type { ClientConfig } from '#shared/client-config.ts';
import { isMiniProgram, isWeChat } from './env.ts';
import { newState, oauthRecentlyFailed } from './oauth-storage.ts';

/*
 * The WeChat authorize address and when to go there, without the app's client: index.html's
 * script (boot/early-start.ts) uses them too, to leave for WeChat before the app's code has run.
 */

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
export function authorizeUrl(
  config: Pick<ClientConfig, 'authorizeUrl' | 'wechatAppId' | 'scope'>,
  target?: string,
): string {
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

declare global {
  interface Window {
    /** Set by index.html's script when it leaves for the authorize page itself: true once it has. */
    __earlySignIn?: Promise<boolean>;
  }
}

/** Whether index.html's script is leaving (or has left) for the authorize page: the guard then waits. */
export function earlySignIn(): Promise<boolean> | null {
  return window.__earlySignIn ?? null;
}
