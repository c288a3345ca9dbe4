import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addYears,
  beijingCompactDate,
  beijingDay,
  beijingDeadline,
  beijingMidnight,
  beijingMinute,
  beijingMonth,
  beijingToday,
  daysBetween,
  daysLeft,
  formatBeijing,
  isCalendarDay,
  lastDayOf,
  monthRange,
  pickedDay,
  pickerDate,
} from './beijing-time.ts';

// The machine runs in New York here: Beijing answers must not move with the machine's zone.
const zoneBefore = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = zoneBefore;
  if (zoneBefore === undefined) delete process.env.TZ;
});

describe('moments in Beijing time, on a machine in New York', () => {
  it('the machine is really in New York (UTC-5 in January)', () => {
    expect(new Date('2026-01-15T12:00:00Z').getTimezoneOffset()).toBe(300);
  });

  it('formats a moment as Beijing shows it, whatever the zone', () => {
    // 01:35 UTC is 09:35 in Beijing and 20:35 the evening before in New York.
    const paid = '2026-11-23T01:35:07Z';
    expect(formatBeijing(paid)).toBe('2026-11-23 09:35');
    expect(formatBeijing(paid, 'MM-DD HH:mm')).toBe('11-23 09:35');
    expect(formatBeijing(paid, 'HH:mm:ss')).toBe('09:35:07');
    expect(formatBeijing(paid, 'YYYY-MM-DDTHH:mm:ss')).toBe('2026-11-23T09:35:07');
    expect(formatBeijing(new Date(paid))).toBe('2026-11-23 09:35');
    expect(formatBeijing(Date.parse(paid))).toBe('2026-11-23 09:35');
    expect(beijingMinute('2026-11-23T09:35:00+08:00')).toBe('2026-11-23 09:35');
  });

  it('gives an empty string for an empty or invalid moment', () => {
    expect(formatBeijing(null)).toBe('');
    expect(formatBeijing(undefined)).toBe('');
    expect(formatBeijing('')).toBe('');
    expect(formatBeijing('not a date')).toBe('');
    expect(beijingDay(Number.NaN)).toBe('');
  });

  it('dates a moment by the Beijing calendar: 16:00 UTC is already the next day', () => {
    expect(beijingDay(new Date('2026-12-31T15:59:59Z'))).toBe('2026-12-31');
    expect(beijingDay(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
    expect(beijingMonth('2026-12-31T16:00:00Z')).toBe('2027-01');
    expect(beijingCompactDate(new Date('2026-12-31T16:00:00Z'))).toBe('20270101');
    expect(beijingToday(Date.parse('2026-11-23T20:00:00Z'))).toBe('2026-11-24');
    expect(beijingToday(new Date('2026-11-23T15:00:00Z'))).toBe('2026-11-23');
    expect(beijingMonth(Date.UTC(2026, 0, 31, 17))).toBe('2026-02');
  });

  it('states a deadline at Beijing midnight as the previous day 24:00', () => {
    // A cooling-off period ending 2026-12-09T00:00+08:00 ends at 24:00 of its last day, 2026-12-08.
    expect(beijingDeadline('2026-12-08T16:00:00.000Z')).toBe('2026-12-08 24:00');
    expect(beijingDeadline('2026-12-09T00:00:00+08:00')).toBe('2026-12-08 24:00');
    expect(beijingDeadline('2026-12-31T16:00:00.000Z')).toBe('2026-12-31 24:00');
    expect(beijingDeadline(new Date('2028-03-01T00:00:00+08:00'))).toBe('2028-02-29 24:00');
    expect(beijingDeadline('2026-12-08T01:30:00.000Z')).toBe('2026-12-08 09:30');
    expect(beijingDeadline('not a date')).toBe('');
    expect(beijingDeadline(null)).toBe('');
  });

  it('starts a Beijing day and month at 00:00+08:00', () => {
    expect(beijingMidnight('2026-11-23').toISOString()).toBe('2026-11-22T16:00:00.000Z');
    const december = monthRange('2026-12');
    expect(december.from.toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(december.to.toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });
});

describe('day and month arithmetic', () => {
  it('adds days across months, years and 29 February', () => {
    expect(addDays('2026-11-23', 8)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-11-23', '2027-11-23')).toBe(365);
    expect(daysBetween('2026-11-23', '2026-11-20')).toBe(-3);
  });

  it('counts the days left of a period ending at 24:00 of its last day, today included', () => {
    expect(daysLeft('2026-12-23', '2026-11-23')).toBe(31);
    expect(daysLeft('2026-11-23', '2026-11-23')).toBe(1);
    expect(daysLeft('2026-11-22', '2026-11-23')).toBe(0);
  });

  it('adds years; 29 February becomes 1 March in a common year', () => {
    expect(addYears('2026-11-23', 1)).toBe('2027-11-23');
    expect(addYears('2028-02-29', 1)).toBe('2029-03-01');
    expect(addYears('2028-02-29', 4)).toBe('2032-02-29');
    expect(addYears('2026-11-23', -30)).toBe('1996-11-23');
  });

  it('adds months and names first and last days', () => {
    expect(addMonths('2026-11', 1)).toBe('2026-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-02', -14)).toBe('2024-12');
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
    expect(lastDayOf('2026-02')).toBe('2026-02-28');
    expect(lastDayOf('2026-12')).toBe('2026-12-31');
  });

  it('knows real calendar days', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
    expect(isCalendarDay('')).toBe(false);
  });

  it('turns a day into the date picker Date of the phone and back', () => {
    const date = pickerDate('2026-11-23');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([2026, 10, 23, 0]);
    expect(pickedDay(date)).toBe('2026-11-23');
  });
});
