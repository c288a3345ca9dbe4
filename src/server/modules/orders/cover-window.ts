import { addDays } from '../catalogue/quote.ts';

/**
 * Cover runs from 00:00 of the start date to 24:00 of the end date, Beijing time (UTC+8, no
 * daylight saving): the moments a policy becomes 保障中 and 已过期.
 */
export function coverWindow(startDate: string, endDate: string): { effectiveAt: Date; expiresAt: Date } {
  return {
    effectiveAt: new Date(`${startDate}T00:00:00+08:00`),
    expiresAt: new Date(`${addDays(endDate, 1)}T00:00:00+08:00`),
  };
}

/** yyyymmdd of a moment, in Beijing. */
export function beijingCompactDate(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
}
