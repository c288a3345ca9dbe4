import type { OpenUser, OpenUserUpdate } from '#shared/session.ts';
import { apiClient, unwrap } from './client.ts';

/** `GET open/user/me`: the member's personal details beyond sign-in. */
export function getOpenUser(): Promise<OpenUser> {
  return unwrap<OpenUser>(apiClient.get('app-api/v1/open/user/me'));
}

/** `PUT open/user`: only the fields sent change; the answer is the whole record. */
export function updateOpenUser(patch: OpenUserUpdate): Promise<OpenUser> {
  return unwrap<OpenUser>(apiClient.put('app-api/v1/open/user', { json: patch }));
}
