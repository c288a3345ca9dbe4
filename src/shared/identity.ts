import { beijingToday } from './beijing-time.ts';
import { MOBILE_PATTERN } from './constants.ts';

/**
 * Resident identity numbers (GB 11643-1999) and mainland mobile numbers (docs/decisions/insurance-rules.md).
 * Pure functions: the H5 checks forms with them, the server re-checks what it stores.
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'];
const ID_SHAPE = /^\d{17}[\dX]$/;

export type Sex = 'male' | 'female';

export type IdNumberProblem = 'empty' | 'format' | 'birth' | 'checkDigit';

/** The check character of the first 17 digits: weighted sum mod 11 mapped to `1 0 X 9 8 7 6 5 4 3 2`. */
export function idCheckDigit(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new RangeError('idCheckDigit needs exactly 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

/** Users type a lower-case x and stray spaces; the stored form is upper-case without spaces. */
export function normalizeIdNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

function birthDigits(id: string): { year: number; month: number; day: number } {
  return { year: Number(id.slice(6, 10)), month: Number(id.slice(10, 12)), day: Number(id.slice(12, 14)) };
}

function isRealDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * Why an ID number is wrong, or null when it is valid. `today` (YYYY-MM-DD, Beijing's by default) bounds
 * the birth date: nobody is born in the future or before 1900.
 */
export function idNumberProblem(value: string, today: string = beijingToday()): IdNumberProblem | null {
  const id = normalizeIdNumber(value);
  if (id === '') return 'empty';
  if (!ID_SHAPE.test(id)) return 'format';
  const { year, month, day } = birthDigits(id);
  const birth = id.slice(6, 14).replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');
  if (!isRealDate(year, month, day) || year < 1900 || birth > today) return 'birth';
  if (idCheckDigit(id.slice(0, 17)) !== id[17]) return 'checkDigit';
  return null;
}

export function isValidIdNumber(value: string, today?: string): boolean {
  return idNumberProblem(value, today) === null;
}

/** Birth date as YYYY-MM-DD, from digits 7–14. */
export function birthDateFromId(value: string): string {
  const id = normalizeIdNumber(value);
  return `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
}

/** The 17th digit is the sequence's last: odd for men, even for women. */
export function sexFromId(value: string): Sex {
  return Number(normalizeIdNumber(value)[16]) % 2 === 1 ? 'male' : 'female';
}

/**
 * Full years between a birth date and `on` (both YYYY-MM-DD): the age insurers price by. Someone
 * born on 29 February turns a year older on 1 March in common years.
 */
export function ageOn(birthDate: string, on: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = on.split('-').map(Number);
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return age;
}

export function ageFromId(value: string, on: string): number {
  return ageOn(birthDateFromId(value), on);
}

export function isValidMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value.trim());
}

/** 138****0001: lists and logs never show a whole mobile (docs/decisions/insurance-rules.md). */
export function maskMobile(value: string): string {
  return /^\d{11}$/.test(value) ? `${value.slice(0, 3)}****${value.slice(7)}` : value;
}

/** 1101**********123X: area code and the last four stay, so the owner recognises the number. */
export function maskIdNumber(value: string): string {
  const id = normalizeIdNumber(value);
  return id.length === 18 ? `${id.slice(0, 4)}${'*'.repeat(10)}${id.slice(14)}` : id;
}
