/*
 * Beijing (UTC+8, no daylight saving) calendar arithmetic: the product's days, months and deadlines
 * are Beijing ones whatever the server's own time zone.
 */
const OFFSET_MS = 8 * 3_600_000;
const beijingIso = (at: Date) => new Date(at.getTime() + OFFSET_MS).toISOString();

/** yyyy-mm-dd of a moment in Beijing. */
export const beijingDay = (at: Date): string => beijingIso(at).slice(0, 10);

/** yyyy-mm of a moment in Beijing. */
export const beijingMonth = (at: Date): string => beijingIso(at).slice(0, 7);

/** `yyyy-mm-dd hh:mm` in Beijing, as messages state deadlines. */
export const beijingMinute = (at: Date): string => beijingIso(at).slice(0, 16).replace('T', ' ');

/** A Beijing calendar month: 2026-11 = [2026-11-01 00:00+08, 2026-12-01 00:00+08). */
export function monthRange(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number);
  return { from: new Date(Date.UTC(y, m - 1, 1) - OFFSET_MS), to: new Date(Date.UTC(y, m, 1) - OFFSET_MS) };
}
