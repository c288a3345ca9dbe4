/**
 * `channel` and `recommendId` of the link a visitor came with (`…/?channel=&recommendId=#/…`), kept
 * for the browser session so that the wx_web sign-in and later shares carry them.
 */
const CHANNEL_KEY = 'share.channel';
const RECOMMEND_KEY = 'share.recommendId';

/** Sent as wx_web `channel` when the visitor came without one; the server ignores unknown codes. */
export const DIRECT_CHANNEL = 'direct';

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Storage disabled: the values last as long as the address keeps them.
  }
}

export function rememberShareParams(search = window.location.search): void {
  const params = new URLSearchParams(search);
  const channel = params.get('channel');
  const recommendId = params.get('recommendId');
  if (channel) write(CHANNEL_KEY, channel);
  if (recommendId && recommendId !== '-1') write(RECOMMEND_KEY, recommendId);
}

export function sessionChannel(): string | null {
  return read(CHANNEL_KEY);
}

export function sessionRecommendId(): string | null {
  return read(RECOMMEND_KEY);
}
