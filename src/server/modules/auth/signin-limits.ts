import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GrantType } from '#shared/auth.ts';
import { AppError } from '../../lib/app-error.ts';

const MINUTE_MS = 60_000;

/** The account a sign-in names: the password grant's username, the SMS grant's mobile. */
function accountKey(request: FastifyRequest): string {
  const body = request.body as { username?: unknown; mobile?: unknown } | undefined;
  const login = typeof body?.username === 'string' ? body.username : body?.mobile;
  return typeof login === 'string' ? login.trim().toLowerCase() : '';
}

/**
 * RATE_LIMIT_SIGNIN_PER_MIN sign-in attempts a minute per IP, and per account for the password
 * and SMS-code grants (a WeChat code names no account). Built on @fastify/rate-limit's `createRateLimit`: its
 * route hook runs before the body is parsed and lets only one limiter run per request, and both
 * limits need the grant from the body.
 */
export function createSigninLimits(app: FastifyInstance) {
  const max = app.config.RATE_LIMIT_SIGNIN_PER_MIN;
  const perIp = app.createRateLimit({ max, timeWindow: MINUTE_MS, keyGenerator: (request) => `signin-ip:${request.ip}` });
  const perAccount = app.createRateLimit({ max, timeWindow: MINUTE_MS, keyGenerator: (request) => `signin-account:${accountKey(request)}` });

  return async function enforce(request: FastifyRequest, reply: FastifyReply, grant: GrantType): Promise<void> {
    // Refreshing is not signing in: a tab refreshing every two hours must never be locked out.
    if (grant === 'refresh_token') return;
    const limiters = grant === 'member_password' || grant === 'sms_code' ? [perIp, perAccount] : [perIp];
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError('A0429');
      }
    }
  };
}
