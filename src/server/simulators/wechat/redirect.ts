/**
 * WeChat's callback URL: `code` and `state` go into the query BEFORE any `#fragment`, as WeChat
 * does, so hash-routed SPAs keep their route: `/?channel=1#/p?id=3` → `/?channel=1&code=X&state=Y#/p?id=3`.
 */
export function callbackUrl(redirectUri: string, params: Record<string, string | undefined>): string {
  const hashAt = redirectUri.indexOf('#');
  const base = hashAt < 0 ? redirectUri : redirectUri.slice(0, hashAt);
  const fragment = hashAt < 0 ? '' : redirectUri.slice(hashAt);
  const query = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
  if (!query) return redirectUri;
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${query}${fragment}`;
}

/** An absolute http(s) URL, as WeChat requires for `redirect_uri`. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.host);
  } catch {
    return false;
  }
}
