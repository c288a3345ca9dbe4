import { addMonths, addYears, lastDayOf } from '#shared/beijing-time.ts';
import type { PaymentFrequency } from '#shared/added-policies.ts';

/**
 * The premium due dates of an added policy: the date the member gave, then one year or one month
 * later each time, on the same day of the month (the month's last day when it is shorter).
 */
function dueDate(first: string, frequency: Exclude<PaymentFrequency, 'single'>, periods: number): string {
  if (frequency === 'yearly') return addYears(first, periods);
  const month = addMonths(first.slice(0, 7), periods);
  const last = lastDayOf(month);
  const day = first.slice(8);
  return day > last.slice(8) ? last : `${month}-${day}`;
}

/** The first due date on or after `today` and not after the cover's last day; null when none is left. */
export function nextDueDate(
  first: string | null,
  frequency: PaymentFrequency,
  endDate: string,
  today: string,
): string | null {
  if (!first || frequency === 'single') return null;
  // Jump close to today, then step: a monthly policy of many years needs no long loop.
  const years = Math.max(0, Number(today.slice(0, 4)) - Number(first.slice(0, 4)) - 1);
  let periods = frequency === 'yearly' ? years : years * 12;
  let due = dueDate(first, frequency, periods);
  while (due < today) due = dueDate(first, frequency, ++periods);
  return due <= endDate ? due : null;
}
