/**
 * The unified social credit code (统一社会信用代码, GB 32100-2015) of a company: 18 characters of a
 * 31-character alphabet (no I, O, S, V, Z), the last a check character over the first 17 (mod 31).
 * One check for both halves: the H5's forms and the server's contracts (team holder, invoice title).
 */

const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** Registration authority and kind, the region (6 digits), then the organisation code and the check character. */
export const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** Upper case without spaces: how a code is compared and stored. */
export function normalizeCreditCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The check character the first 17 characters call for. */
export function creditCodeCheckChar(first17: string): string {
  const sum = CREDIT_CODE_WEIGHTS.reduce((s, w, i) => s + CREDIT_CODE_CHARS.indexOf(first17[i]) * w, 0);
  return CREDIT_CODE_CHARS[(31 - (sum % 31)) % 31];
}

/** A well-formed code whose check character is right (the value already normalized). */
export function isCreditCode(value: string): boolean {
  return CREDIT_CODE_PATTERN.test(value) && creditCodeCheckChar(value.slice(0, 17)) === value[17];
}
