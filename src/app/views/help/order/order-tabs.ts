import type { OrderStatus, OrderSummary } from '#shared/orders.ts';
import type { MessageKey } from '../../../i18n/index.ts';

/**
 * The tabs of 我的订单 and the order list queries behind each (`GET /order/list?status=`):
 * 已承保 is a paid order whose policy is issued; 已关闭 joins cancelled and timed-out orders.
 * 已退保 is a paid order whose policy was surrendered (and refunded); it leaves 已承保. 全部 (every
 * order, no status filter) comes first and is the default, so the order just paid shows up at once.
 */
export interface OrderSource {
  /** undefined: every status. */
  status: OrderStatus | undefined;
  keep?: (order: OrderSummary) => boolean;
}

export const ORDER_TABS = [
  { key: 'all', label: 'order.status.all', sources: [{ status: undefined }] },
  { key: 'unpaid', label: 'order.status.unpaid', sources: [{ status: 'unpaid' }] },
  { key: 'paid', label: 'order.status.paid', sources: [{ status: 'paid' }] },
  {
    key: 'issued',
    label: 'order.status.issued',
    sources: [{ status: 'paid', keep: (o) => o.policyNo !== null && o.surrenderedAt === null }],
  },
  { key: 'closed', label: 'order.status.closed', sources: [{ status: 'cancelled' }, { status: 'expired' }] },
  {
    key: 'surrendered',
    label: 'order.status.surrendered',
    sources: [{ status: 'paid', keep: (o) => o.surrenderedAt !== null }],
  },
] as const satisfies readonly { key: string; label: MessageKey; sources: readonly OrderSource[] }[];

export type OrderTabKey = (typeof ORDER_TABS)[number]['key'];

/** Newest first, each order once, whichever query brought it. */
export function mergeOrders(lists: OrderSummary[][]): OrderSummary[] {
  const byId = new Map<number, OrderSummary>();
  for (const list of lists) for (const o of list) byId.set(o.id, o);
  return [...byId.values()].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
}
