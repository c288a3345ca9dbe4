/*
 * The product's one calendar. Days, months, deadlines and the times people read are Beijing ones
 * (UTC+8, no daylight saving) whatever the zone of the server or of the phone. Days travel as
 * `YYYY-MM-DD` text, months as `YYYY-MM`, moments as a Date, an ISO string (the wire format) or epoch
 * milliseconds. Imports nothing, so the H5 loads it without zod.
 */

const DAY_MS = 86_400_000;
const OFFSET_MS = 8 * 3_600_000;

/** A moment: a Date, an ISO string or epoch milliseconds. */
export type Moment = Date | string | number;

const epochMs = (at: Moment): number =>
  at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);

/** The Beijing wall clock of a moment, shaped `YYYY-MM-DDTHH:mm:ss.sssZ`; null for no moment. */
function wallClock(at: Moment | null | undefined): string | null {
  if (at === null || at === undefined || at === '') return null;
  const ms = epochMs(at);
  return Number.isNaN(ms) ? null : new Date(ms + OFFSET_MS).toISOString();
}

// ---------------------------------------------------------------- moments shown to people

/**
 * A moment in Beijing time with the tokens YYYY MM DD HH mm ss (default `YYYY-MM-DD HH:mm`), whatever
 * the machine's zone: every time the H5 shows goes through here. '' for an empty or invalid moment.
 */
export function formatBeijing(at: Moment | null | undefined, pattern = 'YYYY-MM-DD HH:mm'): string {
  const clock = wallClock(at);
  if (clock === null) return '';
  const parts: Record<string, string> = {
    YYYY: clock.slice(0, 4),
    MM: clock.slice(5, 7),
    DD: clock.slice(8, 10),
    HH: clock.slice(11, 13),
    mm: clock.slice(14, 16),
    ss: clock.slice(17, 19),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => parts[token]);
}

/** `YYYY-MM-DD` of a moment in Beijing. */
export const beijingDay = (at: Moment | null | undefined): string => formatBeijing(at, 'YYYY-MM-DD');

/** `YYYY-MM` of a moment in Beijing. */
export const beijingMonth = (at: Moment | null | undefined): string => formatBeijing(at, 'YYYY-MM');

/** `YYYY-MM-DD HH:mm` of a moment in Beijing, as messages and screens state times. */
export const beijingMinute = (at: Moment | null | undefined): string => formatBeijing(at, 'YYYY-MM-DD HH:mm');

/** `yyyymmdd` of a moment in Beijing, as order, policy, claim and invoice numbers carry it. */
export const beijingCompactDate = (at: Moment): string => formatBeijing(at, 'YYYYMMDD');

/** Today's date in Beijing, where the users are: start dates, birth dates and ages are Beijing dates. */
export const beijingToday = (now: Moment = Date.now()): string => beijingDay(now);

/**
 * The end of a period that runs until `until` (exclusive), the way contracts state it: `YYYY-MM-DD HH:mm`
 * in Beijing, and midnight as the previous day's 24:00 (a cooling-off period ends at 24:00 of its last
 * day). '' for no moment.
 */
export function beijingDeadline(until: Moment | null | undefined): string {
  const minute = beijingMinute(until);
  if (!minute.endsWith(' 00:00')) return minute;
  return `${addDays(minute.slice(0, 10), -1)} 24:00`;
}

// ---------------------------------------------------------------- days and months

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Whether text is a real calendar day `YYYY-MM-DD` (2026-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = dayMs(value);
  return !Number.isNaN(ms) && dayAt(ms) === value;
}

export function addDays(day: string, days: number): string {
  return dayAt(dayMs(day) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS);
}

/**
 * Whole days left of a period that ends at 24:00 of `lastDay`, counting today: 1 on the last day,
 * 0 once it has ended. The one rule for "N days left" (renewal reminders, the check-up, the policy
 * page; docs/decisions/reminders-that-act.md).
 */
export const daysLeft = (lastDay: string, today: string): number => Math.max(0, daysBetween(today, lastDay) + 1);

/** The same day `years` later (earlier when negative); 29 February becomes 1 March in a common year. */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const at = new Date(Date.UTC(2000, m - 1, d));
  at.setUTCFullYear(y + years);
  return dayAt(at.getTime());
}

/** The month `months` after a `YYYY-MM` month (before it when negative). */
export function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number);
  const at = new Date(Date.UTC(2000, m - 1 + months, 1));
  at.setUTCFullYear(at.getUTCFullYear() - 2000 + y);
  return dayAt(at.getTime()).slice(0, 7);
}

/** First day of a `YYYY-MM` month. */
export const firstDayOf = (month: string): string => `${month}-01`;

/** Last day of a `YYYY-MM` month. */
export const lastDayOf = (month: string): string => addDays(firstDayOf(addMonths(month, 1)), -1);

/** The moment a Beijing day begins (00:00+08:00). */
export const beijingMidnight = (day: string): Date => new Date(dayMs(day) - OFFSET_MS);

/** A Beijing calendar month: 2026-11 = [2026-11-01 00:00+08, 2026-12-01 00:00+08). */
export function monthRange(month: string): { from: Date; to: Date } {
  return { from: beijingMidnight(firstDayOf(month)), to: beijingMidnight(firstDayOf(addMonths(month, 1))) };
}

// ---------------------------------------------------------------- date pickers

/** The Date a date picker shows for a day: the phone's local midnight of it. */
export function pickerDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** The day a date picker's Date stands for, read in the phone's zone as the picker built it. */
export function pickedDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
