/** Dates of the server tests, written out here rather than taken from the calendar under test. */

const DAY_MS = 86_400_000;

/** Today's date in Beijing (UTC+8). */
export function beijingToday(): string {
  return new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
}

export function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Same month and day, `years` earlier: someone born then turns exactly `years` on `date`. */
export function yearsBefore(date: string, years: number): string {
  return `${String(Number(date.slice(0, 4)) - years).padStart(4, '0')}${date.slice(4)}`;
}

/** A start date at least `offset` days ahead whose day and next day are not 29 February, so birthdays exist every year. */
export function startDate(offset = 3): string {
  for (let d = offset; ; d += 1) {
    const day = plusDays(beijingToday(), d);
    if (!day.endsWith('-02-29') && !plusDays(day, 1).endsWith('-02-29')) return day;
  }
}
