/** Masks for logs, lists and documents (docs/decisions/insurance-rules.md). */
export function maskMobile(mobile: string | null | undefined): string {
  if (!mobile) return '';
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}

const SECRET_QUERY_KEYS =
  /^(code|js_code|access_token|refresh_token|secret|password|phoneNumber|mobile|signature|paySign)$/i;

/** A URL with secret or personal query values replaced, for request logs. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEYS.test(key)) {
      const value = params.get(key) ?? '';
      params.set(key, /^1\d{10}$/.test(value) ? maskMobile(value) : '***');
    }
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}
