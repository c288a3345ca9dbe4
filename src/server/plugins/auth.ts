import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '#shared/roles.ts';
import { SUPER_ROLE } from '#shared/roles.ts';
import { AppError } from '../lib/app-error.ts';
import { createAccessTokens, type AccessClaims, type AccessTokens } from '../modules/auth/access-token.ts';
import { sessionActive } from '../modules/auth/session-state.ts';

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** preHandler: requires a valid Bearer access token (401 A0230 when expired or invalid). */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler factory: requires one of the roles; channel passes every role check. */
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    member: AccessClaims | null;
  }
}

export default fp(
  async (app) => {
    app.decorate('accessTokens', createAccessTokens(app.config));
    app.decorateRequest('member', null);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (!header) throw new AppError('A0301');
      const [scheme, token] = header.split(' ');
      if (scheme?.toLowerCase() !== 'bearer' || !token) throw new AppError('A0230');
      const claims = await app.accessTokens.verify(token);
      if (!claims) throw new AppError('A0230');
      // A0230 makes the H5 try its refresh token, which fails for a revoked session: sign in again.
      if (claims.sessionId && !(await sessionActive(app.database, claims.sessionId, app.config.SESSION_CACHE_S * 1000)))
        throw new AppError('A0230');
      request.member = claims;
    });

    // The roles ride on the hook, so the OpenAPI document can tell which operations answer 403.
    app.decorate('requireRole', (...roles: Role[]) =>
      Object.assign(
        async (request: FastifyRequest, reply: FastifyReply) => {
          if (!request.member) await app.authenticate(request, reply);
          const held = request.member!.roles;
          if (held.includes(SUPER_ROLE) || roles.some((r) => held.includes(r))) return;
          throw new AppError('A0303');
        },
        { requiredRoles: roles },
      ),
    );
  },
  { name: 'auth', dependencies: ['context'] },
);
