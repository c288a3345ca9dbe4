import type { MemberProfile, OpenUser, WechatBinding } from '#shared/session.ts';
import { maskMobile } from '../../lib/mask.ts';
import type { MemberRow } from './current-member.ts';
import type { OpenUserRow, WechatIdentityRow } from './repository.ts';

/** Database rows as the H5 sees them: no hashes, masked identifiers, ISO times. */
export function toProfile(member: MemberRow, wechatBound: boolean): MemberProfile {
  return {
    id: member.id,
    username: member.username,
    nickname: member.nickname,
    avatar: member.avatar,
    mobile: maskMobile(member.mobile),
    roles: member.roles.join(','),
    perms: member.perms,
    status: member.status,
    channelId: member.channelId,
    recommenderId: member.recommenderId,
    createdAt: member.createdAt.toISOString(),
    hasPassword: Boolean(member.passwordHash),
    wechatBound,
    elderMode: member.elderMode,
  };
}

export function toOpenUser(row: OpenUserRow): OpenUser {
  return {
    realName: row.realName,
    gender: row.gender,
    birthday: row.birthday,
    email: row.email,
    region: row.region,
    address: row.address,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An openid identifies the person to WeChat; the page only needs to recognise it. */
export function maskOpenid(openid: string): string {
  return openid.length > 8 ? `${openid.slice(0, 4)}****${openid.slice(-4)}` : '****';
}

export function toBinding(row: WechatIdentityRow): WechatBinding {
  return {
    appId: row.appId,
    kind: row.kind,
    openid: maskOpenid(row.openid),
    nickname: row.nickname,
    avatar: row.avatar,
    boundAt: row.createdAt.toISOString(),
  };
}
