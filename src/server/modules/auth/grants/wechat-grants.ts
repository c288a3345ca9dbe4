import { AppError } from '../../../lib/app-error.ts';
import { WechatError } from '../../../providers/wechat/index.ts';
import { maskOpenid } from '../audit.ts';
import { recordConsent } from '../consent.ts';
import { auditSuccess, failSignin, type GrantContext, type GrantHandler, type WechatSignin } from '../grant-context.ts';
import { findMemberById } from '../repository.ts';
import { issueTokens } from '../token-issuer.ts';
import { findOrCreateWechatMember } from './wechat-member.ts';

/**
 * Exchanges a code at most once per process within the cache time (docs/domain.md#wechat-web-oauth: make the exchange
 * idempotent): a repeat of the same code signs in the same member instead of failing with 40163.
 */
async function signinOnce(ctx: GrantContext, key: string, exchange: () => Promise<WechatSignin>): Promise<WechatSignin & { repeat: boolean }> {
  const { value, repeat } = ctx.codeCache.resolve(key, exchange);
  try {
    return { ...await value, repeat };
  } catch (error) {
    if (!(error instanceof WechatError)) throw error;
    ctx.request.log.warn({ api: error.api, errcode: error.errcode, errmsg: error.errmsg }, 'WeChat code exchange failed');
    return failSignin(ctx, error.code, { reason: 'wechat', detail: { errcode: error.errcode } });
  }
}

async function finish(ctx: GrantContext, signin: WechatSignin & { repeat: boolean }) {
  const member = await findMemberById(ctx.app.db, signin.memberId);
  if (!member) throw new AppError('A0220');
  const subject = maskOpenid(signin.openid);
  if (member.status !== 'active') return failSignin(ctx, 'A0202', { memberId: member.id, subject, reason: 'disabled' });
  if (!signin.created) await recordConsent(ctx.app.db, member.id, ctx.fields.agreement);
  await auditSuccess(ctx, { memberId: member.id, subject, detail: { created: signin.created, repeat: signin.repeat } });
  return issueTokens(ctx.app, member);
}

/** `wx_web`: official-account web OAuth code (+ channel, optional recommendId). */
export const wxWebGrant: GrantHandler = async (ctx) => {
  const wechat = ctx.app.providers.wechat;
  const code = ctx.fields.code!.trim();
  const signin = await signinOnce(ctx, `web:${code}`, async () => {
    const grant = await wechat.exchangeWebCode(code);
    return findOrCreateWechatMember(ctx, { appId: wechat.oaAppId, kind: 'web', openid: grant.openid, unionid: grant.unionid }, async () => {
      if (!grant.scope.split(',').includes('snsapi_userinfo')) return undefined;
      try {
        return await wechat.getUserInfo(grant);
      } catch (error) {
        // The profile is a nicety: sign in without nickname and avatar rather than fail.
        ctx.request.log.warn({ err: error instanceof WechatError ? { errcode: error.errcode, errmsg: error.errmsg } : error }, 'WeChat userinfo failed');
        return undefined;
      }
    });
  });
  return finish(ctx, signin);
};

/** `wx_cgi`: mini-program `wx.login` code (the H5 inside a mini-program web-view). */
export const wxCgiGrant: GrantHandler = async (ctx) => {
  const wechat = ctx.app.providers.wechat;
  const code = ctx.fields.code!.trim();
  const signin = await signinOnce(ctx, `cgi:${code}`, async () => {
    const session = await wechat.code2Session(code);
    return findOrCreateWechatMember(ctx, { appId: wechat.mpAppId, kind: 'cgi', openid: session.openid, unionid: session.unionid }, async () => undefined);
  });
  return finish(ctx, signin);
};
