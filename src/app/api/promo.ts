import type { PromoStats, PromoVisitInput } from '#shared/promo.ts';
import * as paths from '#shared/api-paths.ts';
import { apiClient, unwrap } from './client.ts';

/* Promotion (src/shared/promo.ts): the partner's figures per link, and the visits of a link (sent by wechat/visit-report.ts). */

export const getPromoStats = () => unwrap<PromoStats>(apiClient.get(paths.promo.stats()));

/** `POST promo/visits`: one visit of a promotion link; silent, a lost report costs nothing. */
export async function reportPromoVisit(visit: PromoVisitInput): Promise<void> {
  await apiClient.post(paths.promo.visits(), { json: visit, context: { silent: true } });
}
