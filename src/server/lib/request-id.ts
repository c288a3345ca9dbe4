import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header the front (nginx's `$request_id`) sends each request's id in, and the answer carries back. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a front may hand on: 8–128 characters of letters, digits and `-_.:+=/~` (nginx's 32 hex
 * digits, UUIDs, base64), so it can neither break a log line nor bloat one.
 */
const VALID_REQUEST_ID = /^[\w.:+=/~-]{8,128}$/;

/**
 * Fastify's `genReqId`: the id the front sent when it is a valid one, else a new UUID. Fastify puts
 * it in every log line of the request (`reqId`); the request-id plugin returns it as a header.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : randomUUID();
}
