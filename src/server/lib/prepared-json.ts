import type { FastifyReply } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { addVary } from './vary.ts';

/**
 * An answer serialised and encoded once, for the hot reads that keep theirs in a cache
 * (docs/decisions.md#server-performance). Fastify sends a Buffer with a content type as it is,
 * skipping the route's serializer, so the value must have been checked against the route's
 * response schema when it was prepared. A Buffer and not a string: Node writes a string body
 * behind the header block by encoding both to UTF-8 on every call, which for a Chinese answer
 * cost about as much as all the rest of the request.
 */
export type PreparedJson = Buffer;

export function prepareJson(value: unknown): PreparedJson {
  return Buffer.from(JSON.stringify(value));
}

/** Smaller answers go as they are: the encoding's header and framing would eat the saving. */
export const MIN_COMPRESSED_BYTES = 1_024;

type Encoding = 'br' | 'gzip';

/**
 * Each prepared answer compressed once, when a caller first accepts it: the first screen's calls
 * (catalogue, product, menu) shrink 3–7 times, which on a phone's slow line is time the page's
 * code gets instead (docs/decisions.md#first-screen). Kept as long as the answer itself is.
 */
const compressed = new WeakMap<PreparedJson, Partial<Record<Encoding, Buffer>>>();

function compress(body: PreparedJson, encoding: Encoding): Buffer {
  let forms = compressed.get(body);
  if (!forms) compressed.set(body, (forms = {}));
  return (forms[encoding] ??= encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 9 }));
}

/** The encoding to answer with for an `Accept-Encoding` header: brotli, else gzip, else none (RFC 9110 §12.5.3). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of String(header).split(',').slice(0, 20)) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0) return 'br';
  if (weightOf('gzip') > 0 || (weights.get('x-gzip') ?? 0) > 0) return 'gzip';
  return null;
}

/** Sends a prepared answer, compressed when it is worth it and the caller accepts it; typed as the route's reply, which the bytes were checked against. */
export function sendPrepared<T>(reply: FastifyReply, body: PreparedJson): T {
  reply.type('application/json; charset=utf-8');
  if (body.length < MIN_COMPRESSED_BYTES) return reply.send(body) as unknown as T;
  addVary(reply, 'Accept-Encoding');
  const encoding = acceptedEncoding(reply.request.headers['accept-encoding']);
  if (!encoding) return reply.send(body) as unknown as T;
  return reply.header('content-encoding', encoding).send(compress(body, encoding)) as unknown as T;
}
