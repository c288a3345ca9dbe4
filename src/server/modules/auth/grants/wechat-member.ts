import { NO_RECOMMENDER } from '#shared/auth.ts';
import { isCurrentAgreement } from '#shared/consent.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { WechatProfile } from '../../../providers/wechat/index.ts';
import { isActiveRecommender } from '../../partners/recommender.ts';
import { memberChanged } from '../../session/current-member.ts';
import { consentColumns } from '../consent.ts';
import type { GrantContext, WechatSignin } from '../grant-context.ts';
import {
  createWechatMember,
  findActiveChannelId,
  findMemberIdByOpenid,
  findMemberIdByUnionid,
  linkWechatIdentity,
  type WechatIdentityInput,
} from '../repository.ts';

export const DEFAULT_WECHAT_NICKNAME = '微信用户';

/**
 * Finds the member behind a WeChat identity (by app + openid, then by unionid, which links the new
 * identity) or creates one with role member. Channel and recommender are recorded on creation only.
 */
export async function findOrCreateWechatMember(
  ctx: GrantContext,
  identity: WechatIdentityInput,
  loadProfile: () => Promise<WechatProfile | undefined>,
): Promise<WechatSignin> {
  const { db } = ctx.app;
  const found = await findMemberIdByOpenid(db, identity.appId, identity.openid);
  if (found !== undefined) return { memberId: found, openid: identity.openid, created: false };

  const profile = await loadProfile();
  const full: WechatIdentityInput = {
    ...identity,
    unionid: identity.unionid ?? profile?.unionid,
    nickname: profile?.nickname,
    avatar: profile?.avatar,
  };
  if (full.unionid) {
    const sameperson = await findMemberIdByUnionid(db, full.unionid);
    if (sameperson !== undefined) {
      await linkWechatIdentity(db, sameperson, full);
      await memberChanged(ctx.app.database, sameperson);
      const linked = await findMemberIdByOpenid(db, full.appId, full.openid);
      return { memberId: linked ?? sameperson, openid: full.openid, created: false };
    }
  }

  // A new member agrees first (docs/decisions/consent-at-sign-in.md): the automatic web sign-in
  // inside WeChat carries no agreement, so the answer is A0140 with a ticket of what the code told
  // (docs/decisions/wechat-consent-ticket.md); the H5's consent step sends it back with the
  // agreement. A mini-program user agreed in the mini-program's own privacy flow.
  const agreed = isCurrentAgreement(ctx.fields.agreement);
  if (identity.kind === 'web' && !agreed) throw await consentNeeded(ctx, full);
  const created = await createWechatMember(db, full, {
    nickname: profile?.nickname || DEFAULT_WECHAT_NICKNAME,
    avatar: profile?.avatar ?? '',
    channelId: await channelOf(ctx),
    recommenderId: await recommenderOf(ctx),
    // Consent ticked in the sign-in dialog before "微信登录" travels through the OAuth round trip.
    ...(agreed ? consentColumns() : {}),
  });
  if (created !== null) return { memberId: created, openid: full.openid, created: true };
  // A concurrent first sign-in of the same person created it a moment ago.
  const winner = await findMemberIdByOpenid(db, full.appId, full.openid);
  if (winner === undefined) throw new AppError('B0100');
  return { memberId: winner, openid: full.openid, created: false };
}

/** A0140 carrying the sealed identity, for the consent step to finish the sign-in with. */
export async function consentNeeded(ctx: GrantContext, identity: WechatIdentityInput): Promise<AppError> {
  return new AppError('A0140', undefined, undefined, { consentTicket: await ctx.consentTickets.seal(identity) });
}

/** Links can be stale: an unknown channel code is logged and ignored, never a failed sign-in. */
export async function channelOf(ctx: GrantContext): Promise<number | null> {
  const code = ctx.fields.channel?.trim();
  if (!code) return null;
  const id = await findActiveChannelId(ctx.app.db, code);
  if (id === undefined) ctx.request.log.info({ channel: code }, 'unknown or disabled channel code ignored');
  return id ?? null;
}

/** recommendId counts only when it names an active recommender (partners/recommender.ts); -1 means none. */
export async function recommenderOf(ctx: GrantContext): Promise<number | null> {
  const raw = ctx.fields.recommendId?.trim();
  if (!raw || raw === NO_RECOMMENDER) return null;
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id > 0 && (await isActiveRecommender(ctx.app.db, id))) return id;
  ctx.request.log.info({ recommendId: raw.slice(0, 32) }, 'recommendId is not a partner: ignored');
  return null;
}
