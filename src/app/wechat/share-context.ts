import { sessionStore } from '../lib/web-storage.ts';

/**
 * `channel` and `recommendId` of the link a visitor came with (`…/?channel=&recommendId=#/…`, or in
 * the hash route's query), kept for the browser session so that every sign-in that may create a
 * member (wx_web, wx_cgi, sms_code) and later shares carry them.
 */
const CHANNEL_KEY = 'share.channel';
const RECOMMEND_KEY = 'share.recommendId';

/** Sent as wx_web `channel` when the visitor came without one; the server ignores unknown codes. */
export const DIRECT_CHANNEL = 'direct';

/**
 * A parameter of the link a page was opened with: before the `#` (`/?recommendId=3#/…`, as the H5's
 * own links write it) or inside the hash route's query (`/#/…?id=1&recommendId=3`, as people and
 * other tools write hash-routed links); the first wins.
 */
export function linkParam(name: string, href = window.location.href): string | null {
  const url = new URL(href);
  const query = url.hash.indexOf('?');
  return url.searchParams.get(name) ?? (query < 0 ? null : new URLSearchParams(url.hash.slice(query + 1)).get(name));
}

export function rememberShareParams(href = window.location.href): void {
  const channel = linkParam('channel', href);
  const recommendId = linkParam('recommendId', href);
  // Storage disabled: the values last as long as the address keeps them.
  if (channel) sessionStore.setItem(CHANNEL_KEY, channel);
  if (recommendId && recommendId !== '-1') sessionStore.setItem(RECOMMEND_KEY, recommendId);
}

export function sessionChannel(): string | null {
  return sessionStore.getItem(CHANNEL_KEY);
}

export function sessionRecommendId(): string | null {
  return sessionStore.getItem(RECOMMEND_KEY);
}
