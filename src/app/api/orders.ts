import type { OrderDetail, OrderList, OrderStatus, OrderStatusAnswer, PayAnswer } from '#shared/orders.ts';
import * as paths from '#shared/api-paths.ts';
import { unwrap } from './client.ts';
import { issuesClient } from './field-issues.ts';

/** Orders (src/shared/orders.ts): list by status, detail, pay, server-side status, cancel. */

export function listOrders(status: OrderStatus | undefined, page: number, pageSize: number): Promise<OrderList> {
  const searchParams: Record<string, string | number> = { page, pageSize };
  if (status) searchParams.status = status;
  return unwrap<OrderList>(issuesClient.get(paths.order.list(), { searchParams }));
}

/** An order of the member; `silent` when the screen says itself that it is missing. */
export function getOrder(id: number, silent = false): Promise<OrderDetail> {
  return unwrap<OrderDetail>(issuesClient.get(paths.order.detail({ id }), { context: silent ? { silent: true } : {} }));
}

/**
 * Starts paying: the chooseWXPay parameters, and with the simulator a cashier page that comes back
 * to `returnUrl` with `wxpay_result=ok|cancel`. Neither proves payment: poll `orderStatus`.
 */
export function payOrder(id: number, returnUrl: string): Promise<PayAnswer> {
  return unwrap<PayAnswer>(issuesClient.post(paths.order.pay({ id }), { json: { returnUrl } }));
}

/** The status as the server knows it (it asks WeChat Pay when a payment was started). */
export function orderStatus(id: number): Promise<OrderStatusAnswer> {
  return unwrap<OrderStatusAnswer>(issuesClient.get(paths.order.status({ id }), { context: { silent: true } }));
}

export function cancelOrder(id: number): Promise<OrderDetail> {
  return unwrap<OrderDetail>(issuesClient.post(paths.order.cancel({ id })));
}
