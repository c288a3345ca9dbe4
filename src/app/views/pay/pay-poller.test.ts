import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderStatusAnswer } from '#shared/orders.ts';
import { createPayPoller, type PayPollState } from './pay-poller.ts';

const status = (s: OrderStatusAnswer['status'], policyNo: string | null = null): OrderStatusAnswer => ({
  id: 7,
  orderNo: 'O2026112200000007',
  status: s,
  statusText: { unpaid: '待支付', paid: '已支付', cancelled: '已取消', expired: '已超时关闭' }[s],
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
  paidAt: s === 'paid' ? new Date().toISOString() : null,
  policyId: policyNo ? 1 : null,
  policyNo,
});

/** A server whose answers are given in order; the last one repeats. */
function server(...answers: (OrderStatusAnswer | Error)[]) {
  let calls = 0;
  const fetchStatus = vi.fn(async () => {
    const answer = answers[Math.min(calls, answers.length - 1)];
    calls += 1;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return fetchStatus;
}

function poller(fetchStatus: () => Promise<OrderStatusAnswer>) {
  const seen: PayPollState[] = [];
  const p = createPayPoller({ fetchStatus, intervalMs: 2000, maxMs: 60_000 }, (s) => seen.push(s));
  return { p, seen, phase: () => p.state().phase };
}

describe('payment result polling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('after "ok" asks every 2 s and shows paid only when the server says so', async () => {
    const fetchStatus = server(status('unpaid'), status('unpaid'), status('paid', 'P2026112200000001'));
    const { p, phase } = poller(fetchStatus);
    p.start();
    expect(phase()).toBe('checking');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(phase()).toBe('checking');
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(phase()).toBe('checking');
    await vi.advanceTimersByTimeAsync(2000);
    expect(phase()).toBe('paid');
    expect(p.state().status?.policyNo).toBe('P2026112200000001');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
  });

  it('stops with "closed" when the order was cancelled or timed out meanwhile', async () => {
    const fetchStatus = server(status('unpaid'), status('expired'));
    const { p, phase } = poller(fetchStatus);
    p.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(phase()).toBe('closed');
    expect(p.state().status?.statusText).toBe('已超时关闭');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
  });

  it('gives up after about a minute, and 刷新 asks again', async () => {
    const fetchStatus = server(status('unpaid'));
    const { p, phase } = poller(fetchStatus);
    p.start();
    await vi.advanceTimersByTimeAsync(58_000);
    expect(phase()).toBe('checking');
    await vi.advanceTimersByTimeAsync(4000);
    expect(phase()).toBe('timeout');
    const asked = fetchStatus.mock.calls.length;
    expect(asked).toBeGreaterThanOrEqual(29);
    expect(asked).toBeLessThanOrEqual(31);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchStatus).toHaveBeenCalledTimes(asked);

    fetchStatus.mockResolvedValue(status('paid', 'P2026112200000002'));
    p.start();
    expect(phase()).toBe('checking');
    await vi.advanceTimersByTimeAsync(0);
    expect(phase()).toBe('paid');
  });

  it('keeps polling through network failures', async () => {
    const fetchStatus = server(new Error('offline'), new Error('offline'), status('paid', 'P1'));
    const { p, phase } = poller(fetchStatus);
    p.start();
    await vi.advanceTimersByTimeAsync(4000);
    expect(phase()).toBe('paid');
  });

  it('a single check after a cancelled sheet does not start polling', async () => {
    const fetchStatus = server(status('unpaid'));
    const { p, phase } = poller(fetchStatus);
    await p.checkOnce();
    expect(phase()).toBe('idle');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });

  it('stop() ends polling (the page went away)', async () => {
    const fetchStatus = server(status('unpaid'));
    const { p } = poller(fetchStatus);
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    p.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });
});
