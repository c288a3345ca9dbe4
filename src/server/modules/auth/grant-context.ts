import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Token, TokenRequest } from '#shared/auth.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { writeAudit, type AuditEntry } from '../../db/audit.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Phrase } from '../../lib/texts/render.ts';
import type { WechatProfile } from '../../providers/wechat/index.ts';
import type { createCodeCache } from './code-cache.ts';
import type { ConsentTickets } from './consent-ticket.ts';
import type { WechatIdentityInput } from './repository.ts';
import type { DeferredSigninHit } from './signin-limits.ts';

/** What WeChat said a code stands for: the identity, and its profile on demand (first sign-in only). */
export interface WechatExchange {
  identity: WechatIdentityInput;
  loadProfile: () => Promise<WechatProfile | undefined>;
}

/** Who a WeChat code turned out to be. */
export interface WechatSignin {
  memberId: number;
  openid: string;
  created: boolean;
}

/** What every grant handler gets: the app, the request, and the module's per-instance services. */
export interface GrantContext {
  app: FastifyInstance;
  request: FastifyRequest;
  fields: TokenRequest;
  /** WeChat code → WeChat identity, shared by repeats of the same code (see code-cache.ts). */
  codeCache: ReturnType<typeof createCodeCache<WechatExchange>>;
  /** A new WeChat user's identity kept for the consent step (consent-ticket.ts). */
  consentTickets: ConsentTickets;
  /** An argon2id hash of a random password, verified for unknown users so timing tells nothing. */
  dummyHash: string;
  /** A WeChat grant's sign-in attempt, to count in the sign-in's own statement (signin-limits.ts). */
  signinHit?: DeferredSigninHit;
}

export type GrantHandler = (ctx: GrantContext) => Promise<Token>;

/** Audits a failed sign-in, then fails with the code (and what the refusal says, when more than the code's message). */
export async function failSignin(
  ctx: GrantContext,
  code: ErrorCode,
  audit: Omit<AuditEntry, 'type'> & { reason: string },
  refusal?: { text: Phrase; data?: object },
): Promise<never> {
  const { reason, detail, ...rest } = audit;
  await writeAudit(ctx.app.db, ctx.request, {
    type: 'signin_failure',
    ...rest,
    detail: { grant: ctx.fields.grant_type ?? null, reason, code, ...detail },
  });
  throw new AppError(code, refusal?.text, undefined, refusal?.data);
}

export async function auditSuccess(ctx: GrantContext, entry: Omit<AuditEntry, 'type'>): Promise<void> {
  await writeAudit(ctx.app.db, ctx.request, {
    type: 'signin_success',
    ...entry,
    detail: { grant: ctx.fields.grant_type ?? null, ...entry.detail },
  });
}
