import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Token } from '#shared/auth.ts';
import { insertRefreshToken } from './refresh-tokens.ts';

/**
 * A new token pair: a new refresh-token family (session) unless a rotation already made the refresh
 * token of an existing one. The access token names its family, so revoking the family ends it.
 */
export async function issueTokens(
  app: FastifyInstance,
  member: { id: number; roles: string[] },
  rotated?: { refreshToken: string; familyId: string },
): Promise<Token> {
  const familyId = rotated?.familyId ?? randomUUID();
  const refreshToken =
    rotated?.refreshToken ?? (await insertRefreshToken(app.db, member.id, app.config.REFRESH_TOKEN_TTL_S, familyId));
  const accessToken = await app.accessTokens.sign({ memberId: member.id, roles: member.roles, sessionId: familyId });
  return {
    token_type: 'Bearer',
    access_token: accessToken,
    refresh_token: refreshToken,
    expires_in: app.accessTokens.ttlSeconds,
  };
}
