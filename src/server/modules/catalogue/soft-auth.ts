import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The member behind a Bearer token, or null. For pages visitors may open without signing in
 * (the product detail): a missing, malformed or expired token means "visitor", never an error.
 */
export async function optionalMemberId(app: FastifyInstance, request: FastifyRequest): Promise<number | null> {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) return null;
  const claims = await app.accessTokens.verify(token);
  return claims?.memberId ?? null;
}
