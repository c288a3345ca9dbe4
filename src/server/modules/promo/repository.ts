import { and, count, eq, isNull, ne, sql, sum } from 'drizzle-orm';
import type { PromoCounts, PromoLinkStats, PromoStats } from '#shared/promo.ts';
import type { Db } from '../../db/client.ts';
import { commissions, members, orders, products, promoVisits } from '../../db/schema.ts';
import { beijingDay } from '#shared/beijing-time.ts';

/** The Beijing calendar day of a moment (visits de-duplicate per day). */

export async function productExists(db: Db, productId: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  return row !== undefined;
}

export interface VisitRecord {
  recommenderId: number;
  productId: number | null;
  path: string;
  visitorKey: string;
  memberId: number | null;
  at: Date;
}

/**
 * Records a visit once per recommender, visitor key, link and Beijing day; a repeat adds nothing
 * but fills in the visitor's member id if it was signed in this time. True when the visit is new.
 */
export async function recordVisit(db: Db, v: VisitRecord): Promise<boolean> {
  const [row] = await db
    .insert(promoVisits)
    .values({
      recommenderId: v.recommenderId,
      productId: v.productId,
      path: v.path,
      visitorKey: v.visitorKey,
      day: beijingDay(v.at),
      memberId: v.memberId,
      createdAt: v.at,
    })
    .onConflictDoUpdate({
      target: [promoVisits.recommenderId, promoVisits.visitorKey, promoVisits.productId, promoVisits.day],
      set: { memberId: sql`coalesce(${promoVisits.memberId}, excluded.member_id)` },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return row?.inserted === true;
}

const zero = (): PromoCounts => ({ visits: 0, signups: 0, paidOrders: 0, commissionFen: 0 });
const n = (v: unknown) => Number(v ?? 0);

/**
 * The recommender's figures per link and in total: visits (promo_visits), sign-ups (members whose
 * recommender is this member, attributed to the link of their first signed-in visit, else to the
 * home/other link), paid orders (orders carrying this recommendId, paid and not surrendered) and
 * commission (earned, not reversed, as in the finance summary).
 */
export async function promoStats(db: Db, memberId: number): Promise<PromoStats> {
  const links = new Map<number | null, PromoLinkStats>();
  const at = (productId: number | null) => {
    let row = links.get(productId);
    if (!row) links.set(productId, (row = { productId, ...zero() }));
    return row;
  };

  const visits = await db
    .select({ productId: promoVisits.productId, n: count() })
    .from(promoVisits)
    .where(eq(promoVisits.recommenderId, memberId))
    .groupBy(promoVisits.productId);
  for (const v of visits) at(v.productId).visits += n(v.n);

  const [signedUp] = await db.select({ n: count() }).from(members).where(eq(members.recommenderId, memberId));
  const firstVisits = await db
    .selectDistinctOn([promoVisits.memberId], { memberId: promoVisits.memberId, productId: promoVisits.productId })
    .from(promoVisits)
    .innerJoin(members, and(eq(members.id, promoVisits.memberId), eq(members.recommenderId, memberId)))
    .where(eq(promoVisits.recommenderId, memberId))
    .orderBy(promoVisits.memberId, promoVisits.createdAt, promoVisits.id);
  for (const v of firstVisits) at(v.productId).signups += 1;
  const unattributed = n(signedUp?.n) - firstVisits.length;
  if (unattributed > 0) at(null).signups += unattributed;

  const paid = await db
    .select({ productId: orders.productId, n: count() })
    .from(orders)
    .where(and(eq(orders.recommendId, memberId), eq(orders.status, 'paid'), isNull(orders.refundNo)))
    .groupBy(orders.productId);
  for (const p of paid) at(p.productId).paidOrders += n(p.n);

  const earned = await db
    .select({ productId: orders.productId, fen: sum(commissions.amountFen) })
    .from(commissions)
    .innerJoin(orders, eq(orders.id, commissions.orderId))
    .where(and(eq(commissions.memberId, memberId), ne(commissions.status, 'reversed')))
    .groupBy(orders.productId);
  for (const e of earned) at(e.productId).commissionFen += n(e.fen);

  const list = [...links.values()].sort((a, b) => (a.productId ?? 0) - (b.productId ?? 0));
  const total = list.reduce(
    (t, l) => ({
      visits: t.visits + l.visits,
      signups: t.signups + l.signups,
      paidOrders: t.paidOrders + l.paidOrders,
      commissionFen: t.commissionFen + l.commissionFen,
    }),
    zero(),
  );
  return { total, links: list };
}
