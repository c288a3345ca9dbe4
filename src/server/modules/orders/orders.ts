import type { FastifyInstance } from 'fastify';
import type { OrderDetail, OrderList, OrderStatus, OrderStatusAnswer } from '#shared/orders.ts';
import type { Language } from '#shared/constants.ts';
import { AppError } from '../../lib/app-error.ts';
import { nameSold } from '../catalogue/localize.ts';
import { versionLocales } from '../catalogue/repository.ts';
import { closeExpiredOrders } from './expiry.ts';
import { findOrder, findOwnOrder, listOrders, personsOf, type OrderWithPolicy } from './order-repository.ts';
import { orderNotFound } from './params.ts';
import { closeUnpaid, refreshUnpaid } from './payment.ts';
import { toOrderDetail, toOrderSummary } from './present.ts';

/** A member's orders: read (closing expired ones on the way), status polls, cancellation. */

async function ownFresh(
  app: FastifyInstance,
  memberId: number,
  orderId: number,
  query: boolean,
): Promise<OrderWithPolicy> {
  const found = await findOwnOrder(app.db, memberId, orderId);
  if (!found) throw orderNotFound();
  if (found.order.status !== 'unpaid') return found;
  await refreshUnpaid(app, found.order, { query });
  return (await findOrder(app.db, orderId))!;
}

/** In `language` where the version sold has a translation of the product's and plan's names. */
export async function orderDetail(
  app: FastifyInstance,
  memberId: number,
  orderId: number,
  language: Language,
): Promise<OrderDetail> {
  const found = await ownFresh(app, memberId, orderId, false);
  const [persons, locales] = await Promise.all([
    personsOf(app.db, orderId),
    versionLocales(app.db, [found.order.versionId], language),
  ]);
  return nameSold(toOrderDetail(found, persons, language), locales.get(found.order.versionId), found.order.planCode);
}

/**
 * `GET /order/{id}/status`: an unpaid order whose payment was started is checked at WeChat Pay
 * (at most every few seconds), so a lost notification does not leave a paid order unpaid.
 */
export async function orderStatus(
  app: FastifyInstance,
  memberId: number,
  orderId: number,
  language: Language,
): Promise<OrderStatusAnswer> {
  const summary = toOrderSummary(await ownFresh(app, memberId, orderId, true), language);
  const { id, orderNo, status, statusText, expiresAt, paidAt, policyId, policyNo } = summary;
  return { id, orderNo, status, statusText, expiresAt, paidAt, policyId, policyNo };
}

export async function orderList(
  app: FastifyInstance,
  memberId: number,
  query: { status?: OrderStatus; page: number; pageSize: number },
  language: Language,
): Promise<OrderList> {
  await closeExpiredOrders(app, { memberId });
  const { total, rows } = await listOrders(app.db, memberId, query.status, query.page, query.pageSize);
  const locales = await versionLocales(
    app.db,
    rows.map((r) => r.order.versionId),
    language,
  );
  return {
    list: rows.map((r) => nameSold(toOrderSummary(r, language), locales.get(r.order.versionId), r.order.planCode)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** `POST /order/{id}/cancel`: unpaid orders only; closed at WeChat Pay first. */
export async function cancelOrder(
  app: FastifyInstance,
  memberId: number,
  orderId: number,
  language: Language,
): Promise<OrderDetail> {
  const found = await findOwnOrder(app.db, memberId, orderId);
  if (!found) throw orderNotFound();
  if (found.order.status === 'paid') throw new AppError('A0409', 'orders.paidCannotCancel');
  if (found.order.status === 'unpaid') {
    const outcome = await closeUnpaid(app, found.order, 'cancelled');
    if (outcome === 'paid') throw new AppError('A0409', 'orders.paidCannotCancel');
  }
  return orderDetail(app, memberId, orderId, language);
}
