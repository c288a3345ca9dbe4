import { describe, expect, it } from 'vitest';
import { formatFen } from './money.ts';

describe('amounts in fen shown as yuan', () => {
  it('always shows two decimals', () => {
    expect(formatFen(0)).toBe('¥0.00');
    expect(formatFen(5)).toBe('¥0.05');
    expect(formatFen(12900)).toBe('¥129.00');
  });

  it('groups thousands and keeps the sign', () => {
    expect(formatFen(200_000_000)).toBe('¥2,000,000.00');
    expect(formatFen(-1234)).toBe('-¥12.34');
  });
});
