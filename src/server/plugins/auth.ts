import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '#shared/roles.ts';
import { SUPER_ROLE } from '#shared/roles.ts';
import { AppError } from '../lib/app-error.ts';
import { createAccessTokens, type AccessClaims, type AccessTokens } from '../modules/access/access-token.ts';
import { checkBearerToken } from '../modules/access/token-check.ts';

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
      request.member = await checkBearerToken(app, request.headers.authorization);
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
