import type { MessageList } from '#shared/orders.ts';
import { apiClient, unwrap } from './client.ts';

/** 站内信 (internal messages, ORDER_ROUTES in src/shared/orders.ts): list, unread count, read one, read all. */

const BASE = 'app-api/v1/messages';

export function listMessages(page = 1, pageSize = 50): Promise<MessageList> {
  return unwrap<MessageList>(apiClient.get(BASE, { searchParams: { page, pageSize } }));
}

export async function unreadCount(): Promise<number> {
  return (await unwrap<{ count: number }>(apiClient.get(`${BASE}/unread-count`))).count;
}

/** Answers the unread count after the change. */
export async function markMessageRead(id: number): Promise<number> {
  return (await unwrap<{ count: number }>(apiClient.put(`${BASE}/${id}/read`))).count;
}

export async function markAllMessagesRead(): Promise<number> {
  return (await unwrap<{ updated: number }>(apiClient.put(`${BASE}/read-all`))).updated;
}
