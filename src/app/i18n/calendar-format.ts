import type { Language } from '#shared/constants.ts';

/*
 * Calendar days and months as a picked value is shown, in the reader's language
 * (docs/decisions/date-pickers.md). The values themselves stay `YYYY-MM-DD` and `YYYY-MM` (Beijing
 * calendar, what the server takes); only their display changes. Fixed patterns rather than
 * Intl, so the text is the same on every phone.
 */

const POLISH_MONTHS = [
  'styczeń',
  'luty',
  'marzec',
  'kwiecień',
  'maj',
  'czerwiec',
  'lipiec',
  'sierpień',
  'wrzesień',
  'październik',
  'listopad',
  'grudzień',
];

/** `2026-11-23` → 2026-11-23 (Chinese) or 23.11.2026 (Polish). */
export function formatCalendarDay(day: string, language: Language): string {
  const [y, m, d] = day.split('-');
  return language === 'pl' ? `${d}.${m}.${y}` : `${y}-${m}-${d}`;
}

/** `2026-11` → 2026年11月 (Chinese) or listopad 2026 (Polish). */
export function formatCalendarMonth(month: string, language: Language): string {
  const [y, m] = month.split('-');
  return language === 'pl' ? `${POLISH_MONTHS[Number(m) - 1]} ${y}` : `${y}年${Number(m)}月`;
}
