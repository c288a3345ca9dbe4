import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LogoutRequestSchema,
  REFRESH_TOKEN_HEADER,
  TokenRequestSchema,
  TokenSchema,
  type GrantType,
} from '#shared/auth.ts';
import * as paths from '#shared/api-paths.ts';
import { OAUTH_CLIENT_ID, WECHAT_CODE_TTL_S } from '#shared/constants.ts';
import { writeAudit } from '../../db/audit.ts';
import { documentedBody } from '../../lib/documented-body.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { withMultipart } from '../../lib/multipart-bodies.ts';
import { hashPassword } from '../../lib/password.ts';
import { authenticateClient } from './client-auth.ts';
import { createCodeCache } from './code-cache.ts';
import { createConsentTickets } from './consent-ticket.ts';
import type { GrantHandler, WechatExchange } from './grant-context.ts';
import { passwordGrant } from './grants/password-grant.ts';
import { refreshGrant } from './grants/refresh-grant.ts';
import { smsCodeGrant } from './grants/sms-grant.ts';
import { wxCgiGrant, wxWebGrant } from './grants/wechat-grants.ts';
import { findRefreshTokenFamily, revokeFamily, revokeMemberTokens } from './refresh-tokens.ts';
import { sessionsEnded } from '../access/session-state.ts';
import { createSigninLimits } from './signin-limits.ts';
import { parseTokenRequest } from './token-request.ts';

const GRANTS: Record<GrantType, GrantHandler> = {
  member_password: passwordGrant,
  sms_code: smsCodeGrant,
  wx_web: wxWebGrant,
  wx_cgi: wxCgiGrant,
  refresh_token: refreshGrant,
};

/** The token service (docs/decisions/oauth-client-and-grants.md) and logout. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const codeCache = createCodeCache<WechatExchange>({ ttlMs: WECHAT_CODE_TTL_S * 1000, maxEntries: 10_000 });
  const consentTickets = createConsentTickets(app.config);
  const dummyHash = await hashPassword(randomBytes(18).toString('base64url'));
  const enforceLimits = createSigninLimits(app);

  await withMultipart(app, (uploads) => {
    uploads.post(
      paths.auth.token.route,
      {
        // The form is read by parseTokenRequest (one string per field, grant checks), not by Fastify.
        config: documentedBody(TokenRequestSchema, 'multipart/form-data', 'application/x-www-form-urlencoded'),
        schema: {
          tags: ['auth'],
          summary: 'OAuth2 token: member_password, sms_code, wx_web, wx_cgi, refresh_token',
          description:
            'multipart/form-data or application/x-www-form-urlencoded, Basic client authentication. ' +
            "`sms_code`: `mobile`, `code` (of POST sms/login) and `agreement` (the legal documents' versions, src/shared/consent.ts); " +
            'creates the member on first use. A0140 without the current agreement, A0130/A0131 wrong code, A0429 locked. ' +
            '`wx_web`: a new WeChat user without the agreement is answered A0140 with `data.consentTicket`; the same grant ' +
            'with `consent_ticket` (instead of `code`) and `agreement` creates the member once, within 5 minutes.',
          consumes: ['multipart/form-data', 'application/x-www-form-urlencoded'],
          response: { 200: okSchema(TokenSchema) },
        },
      },
      async (request, reply) => {
        authenticateClient(request.headers.authorization, OAUTH_CLIENT_ID, app.config.oauthClientSecret);
        const { grant, fields } = parseTokenRequest(request);
        const signinHit = await enforceLimits(request, reply, grant);
        // Tokens must never be cached (RFC 6749 §5.1).
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        try {
          return ok(await GRANTS[grant]({ app, request, fields, codeCache, consentTickets, dummyHash, signinHit }));
        } finally {
          await signinHit?.finish();
        }
      },
    );
  });
};

/** Logout, beside the rest of the member API. */
export const logoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    paths.auth.logout.route,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: "Revokes the refresh-token family given, or all of the caller's",
        response: { 200: okSchema(z.null()) },
      },
    },
    async (request) => {
      const memberId = request.member!.memberId;
      const body = LogoutRequestSchema.safeParse(request.body);
      const header = request.headers[REFRESH_TOKEN_HEADER];
      const given =
        (body.success ? body.data?.refresh_token : undefined) ??
        (typeof header === 'string' && header.length <= 256 ? header : undefined);
      const family = given ? await findRefreshTokenFamily(app.db, given.trim()) : undefined;
      const scope = family && family.memberId === memberId ? 'family' : 'all';
      const revoked =
        scope === 'family' ? await revokeFamily(app.db, family!.familyId) : await revokeMemberTokens(app.db, memberId);
      await sessionsEnded(app.database, scope === 'family' ? family!.familyId : undefined);
      await writeAudit(app.db, request, { type: 'logout', memberId, detail: { scope, revoked } });
      return ok(null);
    },
  );
};

export default authRoutes;
