import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail, OrderStatusAnswer } from '#shared/orders.ts';
import { envelope, fakeFetch } from '../../test/fake-fetch.ts';
import { renderView } from '../testing.tsx';
import { PayDetail } from './pay-detail.tsx';
import { formatCountdown } from './pay-order.ts';
import { PaidResult } from './pay-result.tsx';
import PayView from './index.tsx';

const order = (expiresAt: string) => ({
  orderNo: 'P202611220001',
  productName: '综合意外险',
  planName: '标准版',
  startDate: '2026-11-23',
  endDate: '2027-11-22',
  insuredCount: 1,
  premiumFen: 12900,
  expiresAt,
});

const detail = (patch: Partial<OrderDetail> = {}): OrderDetail => ({
  id: 5,
  orderNo: 'O2026112200000005',
  productId: 1,
  productName: '综合意外险',
  planCode: 'standard',
  planName: '标准版',
  termDays: 365,
  startDate: '2026-11-23',
  endDate: '2027-11-22',
  insuredCount: 1,
  premiumFen: 12900,
  status: 'unpaid',
  statusText: '待支付',
  createdAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  paidAt: null,
  policyId: null,
  policyNo: null,
  surrenderedAt: null,
  insurer: '示例财产保险股份有限公司',
  versionId: 1,
  team: false,
  applicant: null,
  holder: null,
  insured: [],
  ...patch,
});

const statusOf = (o: OrderDetail): OrderStatusAnswer => ({
  id: o.id,
  orderNo: o.orderNo,
  status: o.status,
  statusText: o.statusText,
  expiresAt: o.expiresAt,
  paidAt: o.paidAt,
  policyId: o.policyId,
  policyNo: o.policyNo,
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('order payment', () => {
  it('formats the time left as mm:ss', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(899)).toBe('14:59');
  });

  it('shows the order, the amount and the time left to pay', () => {
    renderView(
      <PayDetail
        order={order(new Date(Date.now() + 15 * 60_000).toISOString())}
        paying={false}
        onPay={() => undefined}
      />,
    );
    expect(screen.getByText('P202611220001')).toBeTruthy();
    expect(screen.getAllByText('¥129.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('timer').textContent).toMatch(/1[45]:\d\d/);
    expect((screen.getByRole('button', { name: '立即支付' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses to pay an order whose time is up', () => {
    renderView(
      <PayDetail order={order(new Date(Date.now() - 1000).toISOString())} paying={false} onPay={() => undefined} />,
    );
    expect(screen.getByText('订单已超时关闭')).toBeTruthy();
    expect((screen.getByRole('button', { name: '立即支付' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says there is no order to pay when none is given', () => {
    renderView(<PayView />, { path: '/pay/index' });
    expect(screen.getByText('没有待支付的订单')).toBeTruthy();
  });

  it('back from the cashier with "ok": confirms with the server, then shows the policy number', async () => {
    const paid = detail({
      status: 'paid',
      statusText: '已支付',
      paidAt: new Date().toISOString(),
      policyId: 9,
      policyNo: 'P2026112200000009',
    });
    let asked = 0;
    const { fetch, calls } = fakeFetch((_request, call) => {
      if (call.url.endsWith('/order/5')) return envelope(detail());
      if (call.url.endsWith('/order/5/status')) return envelope(statusOf(asked++ === 0 ? detail() : paid));
      return envelope(null, 'A0404', '不存在', 404);
    });
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/?wxpay_result=ok');
    renderView(<PayView />, { path: '/pay/index?orderId=5' });

    expect(await screen.findByText('支付结果确认中…')).toBeTruthy();
    expect(window.location.search).toBe('');
    expect(screen.queryByText('支付成功')).toBeNull();
    expect(await screen.findByText('P2026112200000009', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('支付成功')).toBeTruthy();
    expect(screen.getByRole('button', { name: '查看保单' })).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/status')).length).toBe(2);
  });

  it('states 支付时间 in Beijing time on a phone set to New York', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(new Date('2026-11-23T01:35:00Z').getHours()).toBe(20); // the phone's own clock: 20:35 the day before
      const paid = detail({
        status: 'paid',
        statusText: '已支付',
        paidAt: '2026-11-23T01:35:00Z',
        policyId: 9,
        policyNo: 'P2026112300000009',
      });
      renderView(<PaidResult order={paid} poll={{ phase: 'paid', status: null }} />);
      expect(screen.getByText('支付时间').parentElement?.textContent).toContain('2026-11-23 09:35');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('a closed order says so and leads back to the product', async () => {
    const { fetch } = fakeFetch(() => envelope(detail({ status: 'cancelled', statusText: '已取消' })));
    vi.stubGlobal('fetch', fetch);
    renderView(<PayView />, { path: '/pay/index?orderId=5' });
    expect(await screen.findByText('订单已关闭')).toBeTruthy();
    expect(screen.getByText('该订单已取消，不能再支付。如需投保，请重新下单。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新投保' })).toBeTruthy();
  });
});
