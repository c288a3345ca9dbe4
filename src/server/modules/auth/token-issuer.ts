import type { FastifyInstance } from 'fastify';
import type { Token } from '#shared/auth.ts';
import { insertRefreshToken } from './refresh-tokens.ts';

/** A new token pair; a new refresh-token family unless a rotation already made the refresh token. */
export async function issueTokens(app: FastifyInstance, member: { id: number; roles: string[] }, refreshToken?: string): Promise<Token> {
  const accessToken = await app.accessTokens.sign({ memberId: member.id, roles: member.roles });
  return {
    token_type: 'Bearer',
    access_token: accessToken,
    refresh_token: refreshToken ?? await insertRefreshToken(app.db, member.id, app.config.REFRESH_TOKEN_TTL_S),
    expires_in: app.accessTokens.ttlSeconds,
  };
}
