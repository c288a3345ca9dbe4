import { z } from 'zod';
import { text } from './text.ts';

/**
 * Promotion (推广中心, partners and channel staff). A visitor's H5 reports once per page open of a link
 * that carries a `recommendId` (`POST promo/visits`, open, rate-limited); the partner reads visits,
 * sign-ups, paid orders and commission per product link and in total (`GET promo/stats`). Every path
 * is under `/prod-api/app-api/v1`.
 */

/** Visit reports per IP and minute (the H5 sends one per page open of a promotion link). */
export const PROMO_VISITS_PER_MIN = 60;

/** The browser's random visitor key (kept in localStorage): a visit counts once per key, link and Beijing day. */
export const VISITOR_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The request of `POST promo/visits`. `productId` for a product page link; `path` is the route opened. */
export const PromoVisitInputSchema = z.object({
  recommendId: z
    .union([text(), z.number()], 'id.recommender')
    .transform(String)
    .refine((v) => /^\d{1,9}$/.test(v) && Number(v) > 0, 'id.recommender')
    .transform(Number),
  productId: z.number('id.product').int('id.product').min(1, 'id.product').max(2_147_483_647, 'id.product').optional(),
  path: text('promo.pathText')
    .trim()
    .max(200, 'promo.pathTooLong')
    .regex(/^\/[A-Za-z0-9/_-]*$/, 'promo.pathFormat')
    .default('/'),
  visitor: text('promo.visitorText').regex(VISITOR_KEY_PATTERN, 'promo.visitorFormat'),
});
export type PromoVisitInput = z.input<typeof PromoVisitInputSchema>;

/** `counted`: a new visit (false for a repeat the same day, an unknown or non-partner id, or the partner's own visit). */
export const PromoVisitAnswerSchema = z.object({ counted: z.boolean() });
export type PromoVisitAnswer = z.infer<typeof PromoVisitAnswerSchema>;

export const PromoCountsSchema = z.object({
  visits: z.number().int(),
  signups: z.number().int(),
  paidOrders: z.number().int(),
  /** Commission earned and not reversed, integer fen (the finance ledger's figure). */
  commissionFen: z.number().int(),
});
export type PromoCounts = z.infer<typeof PromoCountsSchema>;

/** One link: a product's page, or `productId: null` for the home page and every other page. */
export const PromoLinkStatsSchema = PromoCountsSchema.extend({ productId: z.number().int().nullable() });
export type PromoLinkStats = z.infer<typeof PromoLinkStatsSchema>;

export const PromoStatsSchema = z.object({
  total: PromoCountsSchema,
  /** Only links with anything to show; a product missing here has all zeros. */
  links: z.array(PromoLinkStatsSchema),
});
export type PromoStats = z.infer<typeof PromoStatsSchema>;
