import type { ProductDetail } from '#shared/catalogue.ts';

/** "¥x 起": the lowest premium a plan is sold at, over all age bands (or classes) and terms. */
export function planFromFen(product: Pick<ProductDetail, 'premiums'>, planCode: string): number | null {
  const prices = product.premiums.rows.filter((r) => r.planCode === planCode).map((r) => r.premiumFen);
  return prices.length ? Math.min(...prices) : null;
}
