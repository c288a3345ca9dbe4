import { describe, expect, it } from 'vitest';
import { formatDate } from './date.ts';

describe('formatDate', () => {
  it('formats with the default and a custom pattern', () => {
    const date = new Date(2026, 0, 5, 9, 3, 7);
    expect(formatDate(date)).toBe('2026-01-05 09:03:07');
    expect(formatDate(date, 'YYYY年MM月DD日')).toBe('2026年01月05日');
    expect(formatDate(date.getTime(), 'HH:mm')).toBe('09:03');
  });

  it('gives an empty string for empty or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
