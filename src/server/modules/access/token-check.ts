import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { AccessClaims } from './access-token.ts';
import { sessionActive } from './session-state.ts';

/**
 * The checks of a request's `Authorization` header, which plugins/auth.ts runs for
 * `app.authenticate`: a header at all (A0301), a Bearer access token that verifies and has not
 * expired (A0230), and a session that has not been ended (A0230 too: the H5 then tries its refresh
 * token, which fails for a revoked session, so the member signs in again).
 */
export async function checkBearerToken(app: FastifyInstance, header: string | undefined): Promise<AccessClaims> {
  if (!header) throw new AppError('A0301');
  const [scheme, token] = header.split(' ');
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw new AppError('A0230');
  const claims = await app.accessTokens.verify(token);
  if (!claims) throw new AppError('A0230');
  if (claims.sessionId && !(await sessionActive(app.database, claims.sessionId, app.config.SESSION_CACHE_S * 1000)))
    throw new AppError('A0230');
  return claims;
}
