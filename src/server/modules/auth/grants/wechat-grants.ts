import { randomBytes, randomUUID } from 'node:crypto';
import type { Token } from '#shared/auth.ts';
import { isCurrentAgreement } from '#shared/consent.ts';
import { AppError } from '../../../lib/app-error.ts';
import { WechatError } from '../../../providers/wechat/index.ts';
import { maskOpenid } from '../audit.ts';
import { recordConsent } from '../consent.ts';
import { failSignin, type GrantContext, type GrantHandler, type WechatExchange } from '../grant-context.ts';
import { hashRefreshToken } from '../refresh-tokens.ts';
import { signInKnownIdentity, type SigninMember } from '../repository.ts';
import { issueTokens } from '../token-issuer.ts';
import { consentNeeded, findOrCreateWechatMember } from './wechat-member.ts';

/**
 * Exchanges a code at most once per process within the cache time (docs/domain.md#wechat-web-oauth: make the exchange
 * idempotent): a repeat of the same code signs in the same member instead of failing with 40163.
 */
async function exchangeOnce(
  ctx: GrantContext,
  key: string,
  exchange: () => Promise<WechatExchange>,
): Promise<WechatExchange & { repeat: boolean }> {
  const { value, repeat } = ctx.codeCache.resolve(key, exchange);
  try {
    return { ...(await value), repeat };
  } catch (error) {
    if (!(error instanceof WechatError)) throw error;
    ctx.request.log.warn(
      { api: error.api, errcode: error.errcode, errmsg: error.errmsg },
      'WeChat code exchange failed',
    );
    return failSignin(ctx, error.code, { reason: 'wechat', detail: { errcode: error.errcode } });
  }
}

type Attempt =
  | { status: 'signed-in'; member: SigninMember; token: { refreshToken: string; familyId: string } }
  | { status: 'disabled'; member: SigninMember }
  | { status: 'unknown' };

/**
 * The sign-in of a known identity with one commit (docs/decisions/wechat-sign-in-one-commit.md): the
 * attempt's rate-limit hit (the first time), the member behind it, the audit row and the new
 * session's refresh token are one statement.
 */
async function signInKnown(
  ctx: GrantContext,
  exchanged: WechatExchange & { repeat: boolean },
  created: boolean,
): Promise<Attempt> {
  const { identity } = exchanged;
  const refreshToken = randomBytes(32).toString('base64url');
  const familyId = randomUUID();
  const hit = ctx.signinHit?.take();
  const { member, counted } = await signInKnownIdentity(ctx.app.db, {
    appId: identity.appId,
    openid: identity.openid,
    audit: {
      subject: maskOpenid(identity.openid),
      ip: ctx.request.ip,
      userAgent: String(ctx.request.headers['user-agent'] ?? '').slice(0, 512),
      detail: { grant: ctx.fields.grant_type ?? null, created, repeat: exchanged.repeat },
    },
    session: {
      familyId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(Date.now() + ctx.app.config.REFRESH_TOKEN_TTL_S * 1000),
    },
    hit,
  });
  if (hit) ctx.signinHit!.settle(counted);
  if (!member) return { status: 'unknown' };
  if (member.status !== 'active') return { status: 'disabled', member };
  return { status: 'signed-in', member, token: { refreshToken, familyId } };
}

/** A returning user signs in at once; a first sign-in creates the member (own transaction), then signs in. */
async function signIn(ctx: GrantContext, exchanged: WechatExchange & { repeat: boolean }): Promise<Token> {
  let created = false;
  let attempt = await signInKnown(ctx, exchanged, created);
  if (attempt.status === 'unknown') {
    ({ created } = await findOrCreateWechatMember(ctx, exchanged.identity, exchanged.loadProfile));
    attempt = await signInKnown(ctx, exchanged, created);
  }
  if (attempt.status === 'unknown') throw new AppError('A0220');
  if (attempt.status === 'disabled') {
    return failSignin(ctx, 'A0202', {
      memberId: attempt.member.id,
      subject: maskOpenid(exchanged.identity.openid),
      reason: 'disabled',
    });
  }
  // A new member got the consent with its row; a returning one carrying the current agreement
  // agrees now (a second statement only then: docs/decisions/consent-at-sign-in.md).
  if (!created) await recordConsent(ctx.app.database, attempt.member.id, ctx.fields.agreement);
  return issueTokens(ctx.app, attempt.member, attempt.token);
}

/**
 * The consent step's sign-in (docs/decisions/wechat-consent-ticket.md): the ticket of an A0140
 * answer with the agreement creates the member it stands for, once. A ticket that is forged or
 * expired, or whose user became a member since (this ticket or another sign-in), answers A0221:
 * the H5 then goes round WeChat again, where a member signs in silently.
 */
async function redeemConsentTicket(ctx: GrantContext, ticket: string): Promise<Token> {
  const identity = await ctx.consentTickets.open(ticket);
  if (!identity) return failSignin(ctx, 'A0221', { reason: 'consent-ticket' });
  if (!isCurrentAgreement(ctx.fields.agreement)) throw await consentNeeded(ctx, identity);
  const profile =
    identity.nickname === undefined
      ? undefined
      : { ...identity, nickname: identity.nickname, avatar: identity.avatar ?? '' };
  const { created } = await findOrCreateWechatMember(ctx, identity, async () => profile);
  if (!created) {
    return failSignin(ctx, 'A0221', { subject: maskOpenid(identity.openid), reason: 'consent-ticket-spent' });
  }
  const attempt = await signInKnown(ctx, { identity, loadProfile: async () => profile, repeat: false }, true);
  if (attempt.status !== 'signed-in') throw new AppError('A0220');
  return issueTokens(ctx.app, attempt.member, attempt.token);
}

/** `wx_web`: official-account web OAuth code (+ channel, optional recommendId), or a consent ticket. */
export const wxWebGrant: GrantHandler = async (ctx) => {
  const ticket = ctx.fields.consent_ticket?.trim();
  if (ticket) return redeemConsentTicket(ctx, ticket);
  const wechat = ctx.app.providers.wechat;
  const code = ctx.fields.code!.trim();
  const exchanged = await exchangeOnce(ctx, `web:${code}`, async () => {
    const grant = await wechat.exchangeWebCode(code);
    return {
      identity: { appId: wechat.oaAppId, kind: 'web', openid: grant.openid, unionid: grant.unionid },
      loadProfile: async () => {
        if (!grant.scope.split(',').includes('snsapi_userinfo')) return undefined;
        try {
          return await wechat.getUserInfo(grant);
        } catch (error) {
          // The profile is a nicety: sign in without nickname and avatar rather than fail.
          ctx.request.log.warn(
            { err: error instanceof WechatError ? { errcode: error.errcode, errmsg: error.errmsg } : error },
            'WeChat userinfo failed',
          );
          return undefined;
        }
      },
    };
  });
  return signIn(ctx, exchanged);
};

/** `wx_cgi`: mini-program `wx.login` code (the H5 inside a mini-program web-view). */
export const wxCgiGrant: GrantHandler = async (ctx) => {
  const wechat = ctx.app.providers.wechat;
  const code = ctx.fields.code!.trim();
  const exchanged = await exchangeOnce(ctx, `cgi:${code}`, async () => {
    const session = await wechat.code2Session(code);
    return {
      identity: { appId: wechat.mpAppId, kind: 'cgi', openid: session.openid, unionid: session.unionid },
      loadProfile: async () => undefined,
    };
  });
  return signIn(ctx, exchanged);
};
