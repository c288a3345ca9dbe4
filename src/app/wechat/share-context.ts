import { sessionStore } from '../lib/web-storage.ts';

/**
 * `channel` and `recommendId` of the link a visitor came with (`…/?channel=&recommendId=#/…`), kept
 * for the browser session so that the wx_web sign-in and later shares carry them.
 */
const CHANNEL_KEY = 'share.channel';
const RECOMMEND_KEY = 'share.recommendId';

/** Sent as wx_web `channel` when the visitor came without one; the server ignores unknown codes. */
export const DIRECT_CHANNEL = 'direct';

export function rememberShareParams(search = window.location.search): void {
  const params = new URLSearchParams(search);
  const channel = params.get('channel');
  const recommendId = params.get('recommendId');
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
