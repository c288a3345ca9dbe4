import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { OrderStatus } from '#shared/orders.ts';
import type { Db } from '../../db/client.ts';
import { orderPersons, orders, policies, purchaseEvents, wechatIdentities } from '../../db/schema.ts';

/** Order reads and the small state changes around payment; owner-scoped where a member asks. */

export type OrderRow = typeof orders.$inferSelect;
export type OrderPersonRow = typeof orderPersons.$inferSelect;

const withPolicy = {
  order: orders,
  policyId: policies.id,
  policyNo: policies.policyNo,
  surrenderedAt: policies.surrenderedAt,
};
export type OrderWithPolicy = {
  order: OrderRow;
  policyId: number | null;
  policyNo: string | null;
  surrenderedAt: Date | null;
};

/** The member's order, or null for anyone else's (the answer never tells them apart). */
export async function findOwnOrder(db: Db, memberId: number, id: number): Promise<OrderWithPolicy | null> {
  const [row] = await db
    .select(withPolicy)
    .from(orders)
    .leftJoin(policies, eq(policies.orderId, orders.id))
    .where(and(eq(orders.id, id), eq(orders.memberId, memberId)));
  return row ?? null;
}

export async function findOrder(db: Db, id: number): Promise<OrderWithPolicy | null> {
  const [row] = await db
    .select(withPolicy)
    .from(orders)
    .leftJoin(policies, eq(policies.orderId, orders.id))
    .where(eq(orders.id, id));
  return row ?? null;
}

export async function findOrderByNo(db: Db, orderNo: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return row ?? null;
}

export async function listOrders(
  db: Db,
  memberId: number,
  status: OrderStatus | undefined,
  page: number,
  pageSize: number,
) {
  const where = and(eq(orders.memberId, memberId), status ? eq(orders.status, status) : undefined);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(orders).where(where),
    db
      .select(withPolicy)
      .from(orders)
      .leftJoin(policies, eq(policies.orderId, orders.id))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { total: Number(total), rows };
}

export async function personsOf(db: Db, orderId: number): Promise<OrderPersonRow[]> {
  return db
    .select()
    .from(orderPersons)
    .where(eq(orderPersons.orderId, orderId))
    .orderBy(asc(orderPersons.role), asc(orderPersons.sort));
}

/** Unpaid orders past their pay-by time, oldest first (the member's only, when given). */
export async function dueUnpaid(db: Db, now: Date, limit: number, memberId?: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.status, 'unpaid'),
        lte(orders.expiresAt, now),
        memberId ? eq(orders.memberId, memberId) : undefined,
      ),
    )
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
}

/**
 * Takes the right to query WeChat Pay about an unpaid order now: true for one caller per
 * interval, however many status polls arrive together.
 */
export async function claimQuery(db: Db, id: number, now: Date, minIntervalMs: number): Promise<boolean> {
  const before = new Date(now.getTime() - minIntervalMs);
  const claimed = await db
    .update(orders)
    .set({ lastQueryAt: now })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.status, 'unpaid'),
        or(isNull(orders.lastQueryAt), lt(orders.lastQueryAt, before)),
      ),
    )
    .returning({ id: orders.id });
  return claimed.length > 0;
}

/**
 * Takes the unpaid orders whose payment started (prepaid at WeChat Pay) and has had no result
 * for a while, whose next query is due, and marks them queried now: one caller gets each order
 * per turn, across instances (the conditional update, and SKIP LOCKED against a concurrent run).
 * The wait between queries grows with the payment's age at the last one (the prepay's time is
 * the order's `updatedAt`, which nothing else changes while it is unpaid), from `firstMs` to
 * `maxMs`: 10 s, 20 s, 40 s, then every minute.
 */
export async function claimDuePaymentQueries(
  db: Db,
  now: Date,
  opts: { firstMs: number; maxMs: number; limit: number },
): Promise<OrderRow[]> {
  const first = sql`make_interval(secs => ${opts.firstMs / 1000})`;
  const max = sql`make_interval(secs => ${opts.maxMs / 1000})`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'unpaid'),
        sql`${orders.prepayId} IS NOT NULL`,
        sql`${orders.expiresAt} > ${at}`,
        sql`${orders.updatedAt} <= ${at} - ${first}`,
        sql`(${orders.lastQueryAt} IS NULL OR ${orders.lastQueryAt} <= ${at} - least(greatest(${orders.lastQueryAt} - ${orders.updatedAt}, ${first}), ${max}))`,
      ),
    )
    .orderBy(asc(orders.updatedAt))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  return db
    .update(orders)
    .set({ lastQueryAt: now })
    .where(and(inArray(orders.id, due), eq(orders.status, 'unpaid')))
    .returning();
}

export async function savePrepay(
  db: Db,
  id: number,
  values: { prepayId: string; prepayAppId: string; payerOpenid: string },
): Promise<void> {
  await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, id));
}

/** unpaid → cancelled | expired, once; false when the order had already moved on. */
export async function markClosed(db: Db, id: number, status: 'cancelled' | 'expired', now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ status, closedAt: now, updatedAt: now })
      .where(and(eq(orders.id, id), eq(orders.status, 'unpaid')))
      .returning({ memberId: orders.memberId, draftId: orders.draftId });
    if (!row) return false;
    await tx
      .insert(purchaseEvents)
      .values({ memberId: row.memberId, orderId: id, draftId: row.draftId, type: status, detail: {} });
    return true;
  });
}

/** The member's openid under the pay app id: the WeChat web (official account) sign-in. */
export async function memberOpenid(db: Db, memberId: number, appId: string): Promise<string | null> {
  const [row] = await db
    .select({ openid: wechatIdentities.openid })
    .from(wechatIdentities)
    .where(
      and(eq(wechatIdentities.memberId, memberId), eq(wechatIdentities.kind, 'web'), eq(wechatIdentities.appId, appId)),
    )
    .orderBy(asc(wechatIdentities.id))
    .limit(1);
  return row?.openid ?? null;
}
