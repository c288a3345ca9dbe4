import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderView } from '../testing.tsx';
import { PayDetail } from './pay-detail.tsx';
import { formatCountdown } from './pay-order.ts';
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

describe('order payment', () => {
  it('formats the time left as mm:ss', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(899)).toBe('14:59');
  });

  it('shows the order, the amount and the time left to pay', () => {
    renderView(<PayDetail order={order(new Date(Date.now() + 15 * 60_000).toISOString())} paying={false} onPay={() => undefined} />);
    expect(screen.getByText('P202611220001')).toBeTruthy();
    expect(screen.getAllByText('¥129.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('timer').textContent).toMatch(/1[45]:\d\d/);
    expect((screen.getByRole('button', { name: '确认支付' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses to pay an order whose time is up', () => {
    renderView(<PayDetail order={order(new Date(Date.now() - 1000).toISOString())} paying={false} onPay={() => undefined} />);
    expect(screen.getByText('订单已超时关闭')).toBeTruthy();
    expect((screen.getByRole('button', { name: '确认支付' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says there is no order to pay when none is given', () => {
    renderView(<PayView />, { path: '/pay/index' });
    expect(screen.getByText('没有待支付的订单')).toBeTruthy();
  });
});
