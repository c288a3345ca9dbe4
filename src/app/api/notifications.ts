import type { NotificationKind, NotificationSettings } from '#shared/notifications.ts';
import * as paths from '#shared/api-paths.ts';
import { apiClient, unwrap } from './client.ts';

/* The member's choice of WeChat notifications (members/me/notifications). */

/** `GET members/me/notifications`: the chosen kinds and whether the member's WeChat is bound. */
export function fetchNotificationSettings(): Promise<NotificationSettings> {
  return unwrap<NotificationSettings>(apiClient.get(paths.members.notifications()));
}

/** `PUT members/me/notifications`: replaces the choice; the notifications are written in the H5's current language. */
export function saveNotificationSettings(kinds: NotificationKind[]): Promise<NotificationSettings> {
  return unwrap<NotificationSettings>(apiClient.put(paths.members.notifications(), { json: { kinds } }));
}
