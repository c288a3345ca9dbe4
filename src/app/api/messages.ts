import type { MessageList } from '#shared/orders.ts';
import * as paths from '#shared/api-paths.ts';
import { apiClient, unwrap } from './client.ts';

/** 站内信 (internal messages, src/shared/orders.ts): list, unread count, read one, read all. */

export function listMessages(page = 1, pageSize = 50): Promise<MessageList> {
  return unwrap<MessageList>(apiClient.get(paths.messages.list(), { searchParams: { page, pageSize } }));
}

/** The unread count behind the 我的 tab's badge; a failure only leaves the badge as it was (silent). */
export async function unreadMessageCount(): Promise<number> {
  return (await unwrap<{ count: number }>(apiClient.get(paths.messages.unreadCount(), { context: { silent: true } })))
    .count;
}

/** Answers the unread count after the change. */
export async function markMessageRead(id: number): Promise<number> {
  return (await unwrap<{ count: number }>(apiClient.put(paths.messages.read({ id })))).count;
}

export async function markAllMessagesRead(): Promise<number> {
  return (await unwrap<{ updated: number }>(apiClient.put(paths.messages.readAll()))).updated;
}
