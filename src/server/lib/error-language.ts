import { z } from 'zod';
import type { Language } from '#shared/constants.ts';
import type { FieldIssue } from '#shared/envelope.ts';
import { ERRORS, type ErrorCode } from '#shared/errors.ts';
import { ERROR_PATTERNS_PL, ERROR_PREFIXES_PL, ERROR_TEXTS_PL, FIELD_NAMES_PL } from './error-texts-pl.ts';

/**
 * The envelope's message in the reader's language (docs/decisions.md#errors-in-the-readers-language).
 * Handlers and contracts write Chinese; a reader asking in Polish gets the Polish text of that
 * sentence, else the Polish text of the code, so no Chinese reaches a Polish toast.
 */

const CATALOGUE_PL: ReadonlyMap<string, string> = new Map(Object.values(ERRORS).map((e) => [e.msg, e.pl]));

/** Zod's own Polish messages, for validation problems whose Chinese text has no translation here. */
const zodPolish = z.locales.pl().localeError;

/** The Polish form of one Chinese sentence, or undefined when it has none. */
export function polishText(zh: string): string | undefined {
  const exact = ERROR_TEXTS_PL[zh] ?? CATALOGUE_PL.get(zh);
  if (exact !== undefined) return exact;
  for (const [pattern, render] of ERROR_PATTERNS_PL) {
    const match = pattern.exec(zh);
    if (match) return render(...match.slice(1));
  }
  const colon = zh.indexOf('：');
  if (colon > 0) {
    const head = zh.slice(0, colon);
    const prefix = CATALOGUE_PL.get(head) ?? ERROR_PREFIXES_PL[head];
    if (prefix !== undefined) return `${prefix}: ${detailsInPolish(zh.slice(colon + 1))}`;
  }
  return undefined;
}

/** What follows a catalogue message: `field（problem）；…` lists from validation, or `a、b` field lists. */
function detailsInPolish(details: string): string {
  return details
    .split('；')
    .map((part) => {
      const issue = /^(.+)（(.+)）$/.exec(part);
      if (issue) return `${fieldNameInPolish(issue[1])} (${polishText(issue[2]) ?? issue[2]})`;
      return polishText(part) ?? part.split('、').map(fieldNameInPolish).join(', ');
    })
    .join('; ');
}

/** A field path (`insured.0.idNo`) as a Polish reader is told it: names translated, positions from 1. */
export function fieldNameInPolish(field: string): string {
  return field
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? `#${Number(part) + 1}` : (FIELD_NAMES_PL[part] ?? part)))
    .join(' ');
}

/** The message of an error envelope in `language`. */
export function errorMessageIn(language: Language, code: ErrorCode, zh: string): string {
  if (language !== 'pl') return zh;
  return polishText(zh) ?? ERRORS[code].pl;
}

/** A field issue's message in `language`; `zodIssue` (code and details) renders one the tables lack. */
export function issueIn(language: Language, issue: FieldIssue, zodIssue?: Record<string, unknown>): FieldIssue {
  if (language !== 'pl') return issue;
  const known = polishText(issue.message);
  if (known !== undefined) return { ...issue, message: known };
  const rendered = zodIssue ? zodPolish(zodIssue as unknown as Parameters<typeof zodPolish>[0]) : undefined;
  const message = typeof rendered === 'string' ? rendered : rendered?.message;
  return { ...issue, message: message ?? ERROR_TEXTS_PL['格式不正确'] };
}

/** The summary sentence of field issues: the code's message, then each field with its problem. */
export function describeIssues(language: Language, code: ErrorCode, issues: FieldIssue[]): string {
  if (language === 'pl') {
    if (!issues.length) return ERRORS[code].pl;
    return `${ERRORS[code].pl}: ${issues.map((i) => `${fieldNameInPolish(i.field)} (${i.message})`).join('; ')}`;
  }
  if (!issues.length) return ERRORS[code].msg;
  return `${ERRORS[code].msg}：${issues.map((i) => `${i.field}（${i.message}）`).join('；')}`;
}
