import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * HTTP Basic client authentication of the token call (RFC 6749 §2.3.1). Anything but the
 * configured client id and secret is 401 A0240. No WWW-Authenticate header: in a browser it would
 * pop up a password dialog.
 */
export function authenticateClient(header: string | undefined, clientId: string, clientSecret: string): void {
  const [scheme, encoded] = (header ?? '').trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'basic' || !encoded) throw new AppError('A0240');
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new AppError('A0240');
  const id = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  // RFC 6749 form-encodes both halves before Base64; most clients do not. Accept either spelling.
  const ok =
    (matches(id, clientId) && matches(secret, clientSecret)) ||
    (matches(formDecode(id), clientId) && matches(formDecode(secret), clientSecret));
  if (!ok) throw new AppError('A0240');
}

function formDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return '';
  }
}

/** Constant-time comparison of two strings of any length. */
function matches(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** The header value the H5 sends. */
export function basicAuthHeader(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
}
