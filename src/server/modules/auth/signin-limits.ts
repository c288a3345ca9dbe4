import { databaseTrouble } from '../../db/unavailable.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GrantType } from '#shared/auth.ts';
import { hitRateLimit } from '../../db/rate-limit-store.ts';
import { AppError } from '../../lib/app-error.ts';

const MINUTE_MS = 60_000;
/** Addresses this instance remembers as over their limit (oldest forgotten first). */
const MAX_REFUSED = 10_000;

/** The account a sign-in names: the password grant's username, the SMS grant's mobile. */
function accountKey(request: FastifyRequest): string {
  const body = request.body as { username?: unknown; mobile?: unknown } | undefined;
  const login = typeof body?.username === 'string' ? body.username : body?.mobile;
  return typeof login === 'string' ? login.trim().toLowerCase() : '';
}

/** A counter's state after a hit: hits in the window, and milliseconds until it ends. */
export interface Counted {
  current: number;
  ttl: number;
}

/** The per-address hit of a WeChat sign-in, counted by the sign-in's own statement. */
export interface SigninHit {
  key: string;
  windowMs: number;
  max: number;
}

/**
 * A WeChat grant's per-address hit, counted in the statement that signs the member in (one
 * commit per returning user, docs/decisions/wechat-sign-in-one-commit.md) rather than in one of its own.
 */
export interface DeferredSigninHit {
  /** The hit for the sign-in statement, once; undefined when already taken. */
  take(): SigninHit | undefined;
  /** What that statement counted: over the limit (it then wrote nothing) answers 429. */
  settle(counted: Counted): void;
  /** Counts the hit now if the grant ended without taking it (a refused code, an error). */
  finish(): Promise<void>;
}

/**
 * RATE_LIMIT_SIGNIN_PER_MIN sign-in attempts a minute per IP, and per account for the password
 * and SMS-code grants (a WeChat code names no account), counted in `rate_limits` so every
 * instance counts toward the same limit (db/rate-limit-store.ts). The password and SMS grants
 * count before anything else. A WeChat grant counts its hit in the statement that signs the member
 * in, which writes nothing when the hit is over the limit; the code is then already exchanged at
 * WeChat (single use there), so an address found over its limit is remembered by this instance
 * until its window ends and refused before the exchange.
 */
export function createSigninLimits(app: FastifyInstance) {
  const max = app.config.RATE_LIMIT_SIGNIN_PER_MIN;
  const refusedUntil = new Map<string, number>();

  const refuse = (reply: FastifyReply, key: string, ttlMs: number): never => {
    if (refusedUntil.size >= MAX_REFUSED) refusedUntil.delete(refusedUntil.keys().next().value!);
    refusedUntil.set(key, Date.now() + ttlMs);
    reply.header('retry-after', String(Math.max(1, Math.ceil(ttlMs / 1000))));
    throw new AppError('A0429');
  };

  const count = async (reply: FastifyReply, key: string) => {
    const counted = await hitRateLimit(app.db, key, MINUTE_MS);
    if (counted.current > max) refuse(reply, key, counted.ttl);
  };

  /** Counts the attempt, or defers a WeChat grant's hit to its sign-in statement; 429 when over. */
  return async function enforce(
    request: FastifyRequest,
    reply: FastifyReply,
    grant: GrantType,
  ): Promise<DeferredSigninHit | undefined> {
    // Refreshing is not signing in: a tab refreshing every two hours must never be locked out.
    if (grant === 'refresh_token') return undefined;
    const ipKey = `signin-ip:${request.ip}`;
    if (grant === 'member_password' || grant === 'sms_code') {
      await count(reply, ipKey);
      await count(reply, `signin-account:${accountKey(request)}`);
      return undefined;
    }
    const until = refusedUntil.get(ipKey);
    if (until !== undefined) {
      if (until > Date.now()) refuse(reply, ipKey, until - Date.now());
      refusedUntil.delete(ipKey);
    }
    let taken = false;
    return {
      take: () => {
        if (taken) return undefined;
        taken = true;
        return { key: ipKey, windowMs: MINUTE_MS, max };
      },
      settle: (counted) => {
        if (counted.current > max) refuse(reply, ipKey, counted.ttl);
      },
      finish: async () => {
        if (taken) return;
        taken = true;
        try {
          await count(reply, ipKey);
        } catch (error) {
          // The grant's own answer (already decided) stands; an address over its limit is now remembered.
          const trouble = databaseTrouble(error);
          if (trouble) request.server.databaseOutage.failed(trouble, error);
          else if (!(error instanceof AppError)) request.log.error({ err: error }, 'sign-in attempt not counted');
        }
      },
    };
  };
}
