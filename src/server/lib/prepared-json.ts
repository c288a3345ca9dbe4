import type { FastifyReply } from 'fastify';

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

/** Sends a prepared answer; typed as the route's reply, which the bytes were checked against. */
export function sendPrepared<T>(reply: FastifyReply, body: PreparedJson): T {
  return reply.type('application/json; charset=utf-8').send(body) as unknown as T;
}
