import type {
  MobileChange,
  PasswordChange,
  PasswordReset,
  ProfileUpdate,
  SmsSent,
  WechatBinding,
  WechatKind,
} from '#shared/session.ts';
import type { SmsType } from '#shared/constants.ts';
import * as paths from '#shared/api-paths.ts';
import type { MemberProfile } from '../session/types.ts';
import { readRefreshToken } from '../session/token.ts';
import { ApiError } from './api-error.ts';
import { apiClient, unwrap } from './client.ts';

/* The member's own account (members/me): profile, avatar, mobile, password, WeChat bindings, SMS codes. */

/**
 * REFRESH_TOKEN_HEADER of #shared/auth.ts, written out so this screen does not pull that module's
 * zod schemas into its bundle.
 */
const REFRESH_TOKEN_HEADER = 'x-refresh-token';

/** `POST sms/{type}?phoneNumber=`: sends a 6-digit code; answers the resend cooldown. */
export function sendSmsCode(type: SmsType, phoneNumber: string): Promise<SmsSent> {
  return unwrap<SmsSent>(apiClient.post(paths.sms.send({ type }), { searchParams: { phoneNumber } }));
}

/** `PUT members/me`: nickname and/or avatar; answers the new profile. */
export function updateProfile(patch: ProfileUpdate): Promise<MemberProfile> {
  return unwrap<MemberProfile>(apiClient.put(paths.members.me(), { json: patch }));
}

/** `PUT members/me/mobile` with the `mobile` code sent to the new number; answers the new profile. */
export function changeMobile(body: MobileChange): Promise<MemberProfile> {
  return unwrap<MemberProfile>(apiClient.put(paths.members.mobile(), { json: body }));
}

/** `PUT members/me/password`. Other sessions end; the refresh token sent keeps this one. */
export async function changePassword(body: PasswordChange): Promise<void> {
  const refresh = readRefreshToken();
  await unwrap<null>(
    apiClient.put(paths.members.password(), {
      json: body,
      headers: refresh ? { [REFRESH_TOKEN_HEADER]: refresh } : undefined,
    }),
  );
}

/** `PUT members/me/avatar` (multipart field `file`); answers the new profile. */
export function uploadAvatar(file: File): Promise<MemberProfile> {
  const body = new FormData();
  body.append('file', file, file.name);
  return unwrap<MemberProfile>(apiClient.put(paths.members.avatar(), { body }));
}

/** `DELETE members/me/avatar`: back to the WeChat avatar or none; answers the new profile. */
export function removeAvatar(): Promise<MemberProfile> {
  return unwrap<MemberProfile>(apiClient.delete(paths.members.avatar()));
}

/**
 * `GET members/me/wechat/{web|cgi}` (spec §7): the official-account or mini-program identity this
 * account signs in with, or null when that one is not bound (the server answers 404).
 */
export async function getWechatBinding(kind: WechatKind): Promise<WechatBinding | null> {
  try {
    return await unwrap<WechatBinding>(
      apiClient.get(paths.members.wechatBinding({ kind }), { context: { silent: true } }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** `PUT members/repassword` (no token): a forgotten password replaced with a `repassword` code; every session ends. */
export function resetPassword(body: PasswordReset): Promise<void> {
  return unwrap<null>(apiClient.put(paths.members.repassword(), { json: body, context: { auth: false } })).then(
    () => undefined,
  );
}
