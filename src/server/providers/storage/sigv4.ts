import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3-style requests (header form, signed payload), as every
 * S3-compatible store accepts it (AWS, MinIO, Tencent COS, Aliyun OSS in S3 mode).
 */
export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service?: string;
}

export interface SigV4Request {
  method: string;
  url: URL;
  /** Headers to sign besides host, x-amz-date and x-amz-content-sha256 (which this adds). */
  headers?: Record<string, string>;
  body?: Uint8Array;
  /** For tests against published examples; the current time otherwise. */
  now?: Date;
}

export const sha256Hex = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters, `/` kept in paths. */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** S3 signs the path as sent, each segment encoded once (unlike other services, not twice). */
function canonicalPath(url: URL): string {
  return (
    url.pathname
      .split('/')
      .map((s) => encodeRfc3986(decodeURIComponent(s)))
      .join('/') || '/'
  );
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams.entries()]
    .map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

const amzDate = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The headers to send: the given ones plus host, x-amz-date, x-amz-content-sha256 and authorization. */
export function signRequest(credentials: SigV4Credentials, request: SigV4Request): Record<string, string> {
  const service = credentials.service ?? 's3';
  const date = amzDate(request.now ?? new Date());
  const payloadHash = sha256Hex(request.body ?? new Uint8Array());
  const headers: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(request.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')]),
    ),
    host: request.url.host,
    'x-amz-date': date,
    'x-amz-content-sha256': payloadHash,
  };
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalPath(request.url),
    canonicalQuery(request.url),
    ...names.map((n) => `${n}:${headers[n]}`),
    '',
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date.slice(0, 8)}/${credentials.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${credentials.secretAccessKey}`, date.slice(0, 8));
  for (const part of [credentials.region, service, 'aws4_request']) key = hmac(key, part);
  const signature = hmac(key, stringToSign).toString('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
  return headers;
}
