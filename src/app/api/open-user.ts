import type { OpenUser, OpenUserUpdate } from '#shared/session.ts';
import * as paths from '#shared/api-paths.ts';
import { apiClient, unwrap } from './client.ts';

/** `GET open/user/me`: the member's personal details beyond sign-in. */
export function getOpenUser(): Promise<OpenUser> {
  return unwrap<OpenUser>(apiClient.get(paths.open.userMe()));
}

/** `PUT open/user`: only the fields sent change; the answer is the whole record. */
export function updateOpenUser(patch: OpenUserUpdate): Promise<OpenUser> {
  return unwrap<OpenUser>(apiClient.put(paths.open.user(), { json: patch }));
}
