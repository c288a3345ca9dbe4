import type { RouteDef } from '#shared/routes.ts';
import * as paths from '#shared/api-paths.ts';
import type { MemberProfile } from '../session/types.ts';
import { apiClient, unwrap } from './client.ts';

/** `GET /prod-api/app-api/v1/members/me`: the signed-in member's profile (roles comma-separated). */
export function getMe(): Promise<MemberProfile> {
  return unwrap<MemberProfile>(apiClient.get(paths.members.me()));
}

/** `GET /prod-api/app-api/v1/open/menu`: route items for the caller's roles. A failure rejects. */
export function getMenu(): Promise<RouteDef[]> {
  return unwrap<RouteDef[]>(apiClient.get(paths.open.menu()));
}

/**
 * `DELETE /prod-api/app-api/v1/users/logout`: revokes the refresh token sent. Silent: the caller
 * signs out locally whatever the server says.
 */
export async function logoutCall(refreshToken: string | null): Promise<void> {
  await apiClient.delete(paths.auth.logout(), {
    json: refreshToken ? { refresh_token: refreshToken } : undefined,
    context: { silent: true },
  });
}
