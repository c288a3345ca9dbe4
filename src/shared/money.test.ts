import { describe, expect, it } from 'vitest';
import { formatYuan } from './money.ts';

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
