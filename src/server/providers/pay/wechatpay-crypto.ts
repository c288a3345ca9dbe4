import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  randomInt,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';

/**
 * The cryptography of WeChat Pay API v3, shared by the provider (merchant side) and the local
 * simulator (WeChat side) so both speak exactly the same protocol:
 * - requests: SHA256withRSA by the merchant key over "METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n";
 * - answers and notifications: SHA256withRSA by the platform key over "TIMESTAMP\nNONCE\nBODY\n";
 * - notification resources: AEAD_AES_256_GCM with the APIv3 key;
 * - JSAPI pay parameters: SHA256withRSA by the merchant key over "appId\ntimeStamp\nnonceStr\npackage\n".
 */

export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';
/** WeChat refuses (and we refuse) signed messages whose timestamp is more than 5 minutes off. */
export const MAX_CLOCK_SKEW_S = 300;
export const AES_GCM_TAG_BYTES = 16;

/** PEM from an environment variable: literal "\n" escapes (one-line env values) become line breaks. */
export function normalizePem(pem: string): string {
  return `${pem.replace(/\\n/g, '\n').replace(/\r\n/g, '\n').trim()}\n`;
}

export const privateKeyFromPem = (pem: string): KeyObject => createPrivateKey(normalizePem(pem));
export const publicKeyFromPem = (pem: string): KeyObject => createPublicKey(normalizePem(pem));

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Random `[A-Z0-9]` string (nonce_str, nonceStr; WeChat allows at most 32 characters). */
export function nonceStr(length = 32): string {
  let out = '';
  for (let i = 0; i < length; i++) out += NONCE_ALPHABET[randomInt(NONCE_ALPHABET.length)];
  return out;
}

export const unixSeconds = (nowMs: number): string => String(Math.floor(nowMs / 1000));

/** True when a signed timestamp (seconds, as sent in headers) is within 5 minutes of now. */
export function isFreshTimestamp(timestamp: string, nowMs: number): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) - nowMs / 1000) <= MAX_CLOCK_SKEW_S;
}

export function signMessage(privateKey: KeyObject, message: string | Buffer): string {
  return sign('sha256', typeof message === 'string' ? Buffer.from(message, 'utf8') : message, privateKey).toString(
    'base64',
  );
}

/** SHA256withRSA check; a malformed signature is just "not valid", never an exception. */
export function verifyMessage(publicKey: KeyObject, message: string | Buffer, signature: string): boolean {
  if (!signature || !/^[A-Za-z0-9+/]+=*$/.test(signature)) return false;
  try {
    return verify(
      'sha256',
      typeof message === 'string' ? Buffer.from(message, 'utf8') : message,
      publicKey,
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}

export const requestMessage = (
  method: string,
  urlPath: string,
  timestamp: string,
  nonce: string,
  body: string,
): string => `${method}\n${urlPath}\n${timestamp}\n${nonce}\n${body}\n`;

/** Message of a signed answer or notification; the body stays raw bytes (never re-serialised JSON). */
export function responseMessage(timestamp: string, nonce: string, body: string | Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`${timestamp}\n${nonce}\n`, 'utf8'),
    typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
    Buffer.from('\n'),
  ]);
}

export const paySignMessage = (appId: string, timeStamp: string, nonce: string, pkg: string): string =>
  `${appId}\n${timeStamp}\n${nonce}\n${pkg}\n`;

export interface AuthorizationParts {
  mchid: string;
  nonce_str: string;
  signature: string;
  timestamp: string;
  serial_no: string;
}

export function authorizationHeader(parts: AuthorizationParts): string {
  const { mchid, nonce_str, signature, timestamp, serial_no } = parts;
  return `${AUTH_SCHEME} mchid="${mchid}",nonce_str="${nonce_str}",signature="${signature}",timestamp="${timestamp}",serial_no="${serial_no}"`;
}

/** Parses an Authorization header of the v3 scheme; null when the scheme or a field is missing. */
export function parseAuthorization(header: string | undefined): AuthorizationParts | null {
  if (!header?.startsWith(`${AUTH_SCHEME} `)) return null;
  const fields: Record<string, string> = {};
  for (const m of header.slice(AUTH_SCHEME.length + 1).matchAll(/(\w+)="([^"]*)"/g)) fields[m[1]] = m[2];
  const { mchid, nonce_str, signature, timestamp, serial_no } = fields;
  if (!mchid || !nonce_str || !signature || !timestamp || !serial_no) return null;
  return { mchid, nonce_str, signature, timestamp, serial_no };
}

function aesKey(apiV3Key: string): Buffer {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new RangeError('the APIv3 key must be 32 bytes');
  return key;
}

/** AEAD_AES_256_GCM as WeChat uses it: base64(ciphertext ‖ 16-byte tag), nonce and AAD as UTF-8 text. */
export function encryptResource(apiV3Key: string, plaintext: string, nonce: string, associatedData: string): string {
  const cipher = createCipheriv('aes-256-gcm', aesKey(apiV3Key), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([data, cipher.getAuthTag()]).toString('base64');
}

/** Inverse of encryptResource; throws when the key, nonce, AAD or ciphertext is wrong (GCM tag check). */
export function decryptResource(apiV3Key: string, ciphertext: string, nonce: string, associatedData: string): string {
  const raw = Buffer.from(ciphertext, 'base64');
  if (raw.length <= AES_GCM_TAG_BYTES) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', aesKey(apiV3Key), Buffer.from(nonce, 'utf8'));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(raw.subarray(raw.length - AES_GCM_TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(0, raw.length - AES_GCM_TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}

/** Random printable key of 32 characters, the shape of a merchant's APIv3 key. */
export function randomApiV3Key(): string {
  return randomBytes(24).toString('base64').replace(/[+/]/g, 'x').slice(0, 32);
}
