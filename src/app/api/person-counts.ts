import type { DraftList, OrderList } from '#shared/orders.ts';
import * as paths from '#shared/api-paths.ts';
import type { MemberProfile } from '../session/types.ts';
import { apiClient, unwrap } from './client.ts';
import { getMe } from './session.ts';

export interface PersonCounts {
  orders: number;
  policies: number;
  drafts: number;
  unread: number;
  profile: MemberProfile;
}

const firstPage = { searchParams: { page: 1, pageSize: 1 } };

/**
 * What "my centre" shows, in one go: the counts behind its tiles and a fresh profile. The five
 * calls run in parallel; each paid order carries its policy, so paid orders count the policies.
 */
export async function getPersonCounts(): Promise<PersonCounts> {
  const [orders, paid, drafts, unread, profile] = await Promise.all([
    unwrap<OrderList>(apiClient.get(paths.order.list(), firstPage)),
    unwrap<OrderList>(
      apiClient.get(paths.order.list(), { searchParams: { ...firstPage.searchParams, status: 'paid' } }),
    ),
    unwrap<DraftList>(apiClient.get(paths.drafts.list(), firstPage)),
    unwrap<{ count: number }>(apiClient.get(paths.messages.unreadCount())),
    getMe(),
  ]);
  return { orders: orders.total, policies: paid.total, drafts: drafts.total, unread: unread.count, profile };
}
