import { addDays, beijingMidnight } from '#shared/beijing-time.ts';

/**
 * Cover runs from 00:00 of the start date to 24:00 of the end date, Beijing time (UTC+8, no
 * daylight saving): the moments a policy becomes 保障中 and 已过期.
 */
export function coverWindow(startDate: string, endDate: string): { effectiveAt: Date; expiresAt: Date } {
  return {
    effectiveAt: beijingMidnight(startDate),
    expiresAt: beijingMidnight(addDays(endDate, 1)),
  };
}
