import { describe, expect, it } from 'vitest';
import { formatYuan, yuanToFen } from './money.ts';

describe('amounts in fen shown as yuan', () => {
  it('always shows two decimals', () => {
    expect(formatYuan(0)).toBe('¥0.00');
    expect(formatYuan(5)).toBe('¥0.05');
    expect(formatYuan(12900)).toBe('¥129.00');
    expect(formatYuan(21850)).toBe('¥218.50');
  });

  it('groups thousands', () => {
    expect(formatYuan(99_999)).toBe('¥999.99');
    expect(formatYuan(100_000)).toBe('¥1,000.00');
    expect(formatYuan(52_010_000)).toBe('¥520,100.00');
    expect(formatYuan(123_456_789_01)).toBe('¥123,456,789.01');
  });

  it('puts the sign before the currency', () => {
    expect(formatYuan(-100)).toBe('-¥1.00');
    expect(formatYuan(-1234)).toBe('-¥12.34');
    expect(formatYuan(-12_345_678)).toBe('-¥123,456.78');
    expect(formatYuan(-0)).toBe('¥0.00');
  });
});

describe('yuan typed in a form → fen', () => {
  it('takes whole yuan and up to two decimals, exactly (no floating point drift)', () => {
    expect(yuanToFen('3500')).toBe(350_000);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen('4.35')).toBe(435);
    expect(yuanToFen('100.05')).toBe(10_005);
  });

  it('reads thousands separators, a currency sign, spaces and a trailing point', () => {
    expect(yuanToFen('1,234.56')).toBe(123_456);
    expect(yuanToFen(' ¥80. ')).toBe(8000);
    expect(yuanToFen(' 12 ')).toBe(1200);
  });

  it('refuses nothing, zero, negatives, three decimals and words', () => {
    for (const bad of ['', '0', '0.00', '-5', '-1', '1.234', 'abc', '1e3', '1.2.3'])
      expect(yuanToFen(bad), bad).toBeNull();
  });

  it('takes zero only where a free amount is allowed, still refusing negatives and words', () => {
    expect(yuanToFen('0', { zero: true })).toBe(0);
    expect(yuanToFen('¥0.00', { zero: true })).toBe(0);
    expect(yuanToFen('12.5', { zero: true })).toBe(1250);
    for (const bad of ['', '-1', 'abc', '0.001']) expect(yuanToFen(bad, { zero: true }), bad).toBeNull();
  });
});
