import { describe, expect, it } from 'vitest';
import type { OrderSummary } from '#shared/orders.ts';
import { ORDER_TABS } from './order-tabs.ts';

const order = (over: Partial<OrderSummary>): OrderSummary => ({
  id: 1,
  orderNo: 'O2026112300000001',
  productId: 1,
  productName: '百万医疗',
  planCode: 'A',
  planName: '基础版',
  termDays: 365,
  startDate: '2026-11-24',
  endDate: '2027-11-23',
  insuredCount: 1,
  premiumFen: 29900,
  status: 'paid',
  statusText: '已支付',
  createdAt: '2026-11-23T01:00:00.000Z',
  expiresAt: '2026-11-23T01:15:00.000Z',
  paidAt: '2026-11-23T01:01:00.000Z',
  policyId: 7,
  policyNo: 'P2026112300000007',
  surrenderedAt: null,
  ...over,
});

/** The tabs a paid order appears under, as 我的订单 filters the answers of `order/list?status=paid`. */
function tabsOf(o: OrderSummary): string[] {
  return ORDER_TABS.filter((tab) =>
    tab.sources.some(
      (s: { status: string | undefined; keep?: (o: OrderSummary) => boolean }) =>
        (s.status ?? o.status) === o.status && (s.keep?.(o) ?? true),
    ),
  ).map((tab) => tab.key);
}

describe('我的订单 tabs', () => {
  it('opens on 全部, the first tab, which lists every status', () => {
    expect(ORDER_TABS[0].key).toBe('all');
    for (const status of ['unpaid', 'paid', 'cancelled', 'expired'] as const)
      expect(tabsOf(order({ status }))).toContain('all');
  });
  it('shows an issued policy under 已支付 and 已承保', () => {
    expect(tabsOf(order({}))).toEqual(['all', 'paid', 'issued']);
  });
  it('moves a surrendered one from 已承保 to 已退保', () => {
    expect(tabsOf(order({ surrenderedAt: '2026-11-23T02:00:00.000Z' }))).toEqual(['all', 'paid', 'surrendered']);
  });
  it('keeps a paid order without a policy yet out of 已承保', () => {
    expect(tabsOf(order({ policyId: null, policyNo: null }))).toEqual(['all', 'paid']);
  });
});
