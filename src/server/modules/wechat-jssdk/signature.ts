import { createHash, randomBytes } from 'node:crypto';

/**
 * JS-SDK signature (docs/domain.md#js-sdk, official appendix 1): sha1 of the four fields in ASCII order,
 * lowercase keys, raw (unescaped) values, `url` without its `#fragment`.
 */
export function jssdkSignature(input: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const plain = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${input.url}`;
  return createHash('sha1').update(plain).digest('hex');
}

export function newNonceStr(): string {
  return randomBytes(12).toString('base64url');
}

/** The page URL to sign: absolute http(s), fragment stripped; null when it is not such a URL. */
export function signableUrl(raw: string): string | null {
  const withoutFragment = raw.split('#')[0];
  try {
    const url = new URL(withoutFragment);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.host) return null;
  } catch {
    return null;
  }
  // Sign what the page has in location.href (minus the hash), not a re-serialised form of it.
  return withoutFragment;
}
