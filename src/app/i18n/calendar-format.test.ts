import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatCalendarMonth } from './calendar-format.ts';

describe("picked days and months in the reader's language", () => {
  it("shows a day as 2026-11-23 in Chinese and 23.11.2026 in Polish (not the phone's 11/23/2026)", () => {
    expect(formatCalendarDay('2026-11-23', 'zh-cn')).toBe('2026-11-23');
    expect(formatCalendarDay('2026-11-23', 'pl')).toBe('23.11.2026');
  });

  it('shows a month as 2026年11月 in Chinese and listopad 2026 in Polish (not November 2026)', () => {
    expect(formatCalendarMonth('2026-11', 'zh-cn')).toBe('2026年11月');
    expect(formatCalendarMonth('2026-01', 'pl')).toBe('styczeń 2026');
    expect(formatCalendarMonth('2026-11', 'pl')).toBe('listopad 2026');
  });
});
