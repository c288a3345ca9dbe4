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
  let id: string;
  let secret: string;
  try {
    // RFC 6749 form-encodes both halves before Base64.
    id = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
    secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
  } catch {
    throw new AppError('A0240');
  }
  const idOk = timingSafeEqual(digest(id), digest(clientId));
  const secretOk = timingSafeEqual(digest(secret), digest(clientSecret));
  if (!idOk || !secretOk) throw new AppError('A0240');
}

/** The header value the H5 sends. */
export function basicAuthHeader(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
}
