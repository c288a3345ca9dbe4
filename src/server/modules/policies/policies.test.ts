import { describe, expect, it } from 'vitest';
import { policyStatusOf } from '#shared/orders.ts';
import { beijingCompactDate } from '#shared/beijing-time.ts';
import { coverWindow } from '../orders/cover-window.ts';
import { formatPolicyNo, formatVoucherNo } from '../orders/issue.ts';

describe('cover window', () => {
  it('runs from 00:00 of the start date to 24:00 of the end date, Beijing time', () => {
    const { effectiveAt, expiresAt } = coverWindow('2026-06-01', '2027-05-31');
    expect(effectiveAt.toISOString()).toBe('2026-05-31T16:00:00.000Z');
    expect(expiresAt.toISOString()).toBe('2027-05-31T16:00:00.000Z');
    expect(coverWindow('2028-02-28', '2028-02-29').expiresAt.toISOString()).toBe('2028-02-29T16:00:00.000Z');
  });
});

describe('numbers', () => {
  it("policy numbers are P + Beijing yyyymmdd + 8 digits; vouchers add the person's place", () => {
    // 16:30 UTC is already the next day in Beijing.
    expect(formatPolicyNo(new Date('2026-05-20T16:30:00Z'), 42)).toBe('P2026052100000042');
    expect(formatPolicyNo(new Date('2026-05-20T15:59:59Z'), 123_456_789)).toBe('P2026052023456789');
    expect(beijingCompactDate(new Date('2026-12-31T16:00:00Z'))).toBe('20270101');
    expect(formatVoucherNo('P2026052100000042', 0)).toBe('P2026052100000042-0001');
    expect(formatVoucherNo('P2026052100000042', 499)).toBe('P2026052100000042-0500');
  });
});

describe('policy status', () => {
  const window = coverWindow('2026-06-01', '2026-06-30');
  const at = (iso: string) => Date.parse(iso);

  it('is 待生效 before the start, 保障中 during cover, 已过期 after, 已退保 once surrendered', () => {
    expect(policyStatusOf(window, at('2026-05-31T15:59:59Z'))).toBe('pending');
    expect(policyStatusOf(window, at('2026-05-31T16:00:00Z'))).toBe('active');
    expect(policyStatusOf(window, at('2026-06-30T15:59:59Z'))).toBe('active');
    expect(policyStatusOf(window, at('2026-06-30T16:00:00Z'))).toBe('expired');
    expect(policyStatusOf({ ...window, surrenderedAt: '2026-06-10T02:00:00Z' }, at('2026-06-11T00:00:00Z'))).toBe(
      'surrendered',
    );
    expect(
      policyStatusOf(
        { effectiveAt: window.effectiveAt.toISOString(), expiresAt: window.expiresAt.toISOString() },
        at('2026-06-15T00:00:00Z'),
      ),
    ).toBe('active');
  });
});
