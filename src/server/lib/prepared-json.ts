import type { FastifyReply } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import { addVary } from './vary.ts';

/**
 * An answer serialised and encoded once, for the hot reads that keep theirs in a cache
 * (docs/decisions/prepared-json-answers.md). Fastify sends a Buffer with a content type as it is,
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
const MIN_COMPRESSED_BYTES = 1_024;

/** Brotli first: what every browser of the H5 accepts over HTTPS; gzip for the rest. */
const ENCODINGS: Encoding[] = ['br', 'gzip'];
type Encoding = 'br' | 'gzip';

/**
 * Each prepared answer compressed once, when a caller first accepts it: the first screen's calls
 * (catalogue, product, menu) shrink 3–7 times, which on a phone's slow line is time the page's
 * code gets instead (docs/decisions/prepared-json-answers.md). Kept as long as the answer itself is.
 */
const compressed = new WeakMap<PreparedJson, Partial<Record<Encoding, Buffer>>>();

function compress(body: PreparedJson, encoding: Encoding): Buffer {
  let forms = compressed.get(body);
  if (!forms) compressed.set(body, (forms = {}));
  return (forms[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        })
      : gzipSync(body, { level: 9 }));
}

/**
 * Names `Accept-Encoding` in the answer's `Vary` when this body may go compressed; a 304 of the
 * same answer names it too (what the 200 would have varied on). Returns whether it may.
 */
export function varyByEncoding(reply: FastifyReply, body: PreparedJson): boolean {
  if (body.length < MIN_COMPRESSED_BYTES) return false;
  addVary(reply, 'Accept-Encoding');
  return true;
}

/** Sends a prepared answer, compressed when it is worth it and the caller accepts it; typed as the route's reply, which the bytes were checked against. */
export function sendPrepared<T>(reply: FastifyReply, body: PreparedJson): T {
  reply.type('application/json; charset=utf-8');
  const header = reply.request.headers['accept-encoding'];
  // The negotiation @fastify/static does for the H5's precompressed files (weights, `*`).
  const encoding = varyByEncoding(reply, body) && header ? negotiate(header, ENCODINGS) : null;
  if (!encoding) return reply.send(body) as unknown as T;
  return reply.header('content-encoding', encoding).send(compress(body, encoding)) as unknown as T;
}
