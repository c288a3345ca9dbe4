import type { PromoStats } from '#shared/promo.ts';
import { apiClient, unwrap } from './client.ts';

/* Promotion (src/shared/promo.ts): the partner's figures per link. The visit report is wechat/visit-report.ts. */

export const getPromoStats = () => unwrap<PromoStats>(apiClient.get('app-api/v1/promo/stats'));
