import type { FastifyReply, FastifyRequest } from 'fastify';
import { addVary } from './vary.ts';

/**
 * How long a shared cache (the reverse proxy, a CDN) may keep an answer that is the same for every
 * visitor, and serve it stale while it asks again (docs/decisions/proxy-caches-public-answers.md):
 * a second, so a change reaches the visitors a second after it reached the instances' own caches;
 * browsers revalidate every time (`max-age=0`, the answer's ETag makes that a 304).
 */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=1, stale-while-revalidate=5';

/** What a browser may keep for its own user only, asking again each time (the ETag makes that cheap). */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/** A request that carries a token or a cookie: its answer is never the shared one. */
export function hasCredentials(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined || request.headers.cookie !== undefined;
}

/**
 * For an answer that is the same for every caller without credentials: the shared policy for
 * them, the private one for a caller with a token or a cookie. Returns whether it is shared.
 */
export function shareWithoutCredentials(request: FastifyRequest, reply: FastifyReply): boolean {
  const shared = !hasCredentials(request);
  reply.header('cache-control', shared ? SHARED_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
  return shared;
}

/** An answer that differs with the caller's token (a signed-in caller's own fields): say so to every cache. */
export function varyByToken(reply: FastifyReply): void {
  addVary(reply, 'Authorization');
}

/** Whether a Cache-Control value lets a shared cache keep the answer. */
export function isSharedCacheControl(value: string): boolean {
  return /(^|[\s,])(public|s-maxage=)/i.test(value);
}
