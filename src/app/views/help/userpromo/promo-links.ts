import type { PromoCounts, PromoStats } from '#shared/promo.ts';

/** The route a product's promotion link opens (the H5's product page). */
export const productRoute = (productId: number) => `/productDetails/index?id=${productId}`;
export const HOME_ROUTE = '/index';

const ZERO: PromoCounts = { visits: 0, signups: 0, paidOrders: 0, commissionFen: 0 };

/** A link's figures from the server's answer; a link it does not list has all zeros. */
export function countsOf(stats: PromoStats | undefined, productId: number | null): PromoCounts {
  const link = stats?.links.find((l) => l.productId === productId);
  return link
    ? { visits: link.visits, signups: link.signups, paidOrders: link.paidOrders, commissionFen: link.commissionFen }
    : ZERO;
}
