import type { MobileChange, PasswordChange, ProfileUpdate, SmsSent } from '#shared/session.ts';
import type { SmsType } from '#shared/constants.ts';
import { apiClient, unwrap } from '../../api/client.ts';
import type { MemberProfile } from '../../session/atoms.ts';
import { readRefreshToken } from '../../session/token.ts';

const BASE = 'app-api/v1';

/**
 * REFRESH_TOKEN_HEADER of #shared/auth.ts, written out so this screen does not pull that module's
 * zod schemas into its bundle.
 */
const REFRESH_TOKEN_HEADER = 'x-refresh-token';

/** `POST sms/{type}?phoneNumber=`: sends a 6-digit code; answers the resend cooldown. */
export function sendSmsCode(type: SmsType, phoneNumber: string): Promise<SmsSent> {
  return unwrap<SmsSent>(apiClient.post(`${BASE}/sms/${type}`, { searchParams: { phoneNumber } }));
}

/** `PUT members/me`: nickname and/or avatar; answers the new profile. */
export function updateProfile(patch: ProfileUpdate): Promise<MemberProfile> {
  return unwrap<MemberProfile>(apiClient.put(`${BASE}/members/me`, { json: patch }));
}

/** `PUT members/me/mobile` with the `mobile` code sent to the new number; answers the new profile. */
export function changeMobile(body: MobileChange): Promise<MemberProfile> {
  return unwrap<MemberProfile>(apiClient.put(`${BASE}/members/me/mobile`, { json: body }));
}

/** `PUT members/me/password`. Other sessions end; the refresh token sent keeps this one. */
export async function changePassword(body: PasswordChange): Promise<void> {
  const refresh = readRefreshToken();
  await unwrap<null>(apiClient.put(`${BASE}/members/me/password`, {
    json: body,
    headers: refresh ? { [REFRESH_TOKEN_HEADER]: refresh } : undefined,
  }));
}
