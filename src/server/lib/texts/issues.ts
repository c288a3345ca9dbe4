import { z } from 'zod';
import type { Language } from '#shared/constants.ts';
import type { FieldIssue } from '#shared/envelope.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { isTextKey } from './catalogue.ts';
import { phrase, renderPhrase, renderText, type InLanguage, type Phrase, type TextValue } from './render.ts';

/**
 * Field problems (`data.issues` of an A0400/A0410/A0420 envelope) by key: a contract's zod message
 * is a key of the catalogue, its arguments the issue's own values (`maximum`, `minimum`) and the
 * `params` of a refinement. A problem zod words itself (no key given) is written by zod's locale
 * of the reader's language. The field keeps its technical name in `field` (the H5 places the
 * message under that form field); the summary in `msg` names it in the reader's language.
 */

/** A zod issue as the validator reports it: its code, message and the rest of its fields. */
export interface ZodIssueLike {
  readonly code: string;
  readonly message?: string;
  readonly path?: readonly PropertyKey[];
}

/** A problem zod words itself, in the reader's language. */
const ZOD_LOCALES: Record<Language, ReturnType<typeof z.locales.en>> = {
  'zh-cn': z.locales.zhCN(),
  pl: z.locales.pl(),
};

/** A field problem, not yet written in a language. */
export interface IssueText {
  field: string;
  message: Phrase;
}

/** The phrase of a zod issue: its key with its values, else zod's own wording in each language. */
export function zodIssueText(issue: ZodIssueLike): Phrase {
  if (isTextKey(issue.message)) {
    // The issue's own fields are values (`maximum`, `minimum`); its message is the key, not a value.
    const {
      params,
      message: _key,
      ...rest
    } = issue as unknown as { params?: Record<string, TextValue> } & Record<string, unknown>;
    const values: Record<string, TextValue> = { ...params };
    for (const [name, value] of Object.entries(rest)) {
      if (typeof value === 'number' || typeof value === 'string') values[name] ??= value;
      if (typeof value === 'bigint') values[name] ??= Number(value);
    }
    return { key: issue.message, values };
  }
  return (language) => {
    const worded = ZOD_LOCALES[language].localeError?.(issue as never);
    const message = typeof worded === 'string' ? worded : worded?.message;
    return message ?? renderText(language, 'field.invalid');
  };
}

/** The field issues of a zod error: path joined with dots, message by key. */
export function zodIssueTexts(issues: readonly ZodIssueLike[]): IssueText[] {
  return issues.map((issue) => ({ field: (issue.path ?? []).map(String).join('.'), message: zodIssueText(issue) }));
}

/**
 * A field path (`insured.0.idNo`) as the reader is told it: known names in their language, positions
 * counted; a part without a name is left out (no message names an internal field), and a path with
 * no named part is told as a generic 参数.
 */
export function fieldName(field: string): InLanguage {
  const parts = field.split('.').filter((part) => /^\d+$/.test(part) || isTextKey(`fieldName.${part}`));
  if (!parts.some((part) => !/^\d+$/.test(part))) return (language) => renderText(language, 'fieldName.other');
  return (language) =>
    parts
      .map((part) =>
        /^\d+$/.test(part)
          ? renderText(language, 'issues.position', { position: Number(part) + 1 })
          : renderText(language, `fieldName.${part}` as 'fieldName.mobile'),
      )
      .join(renderText(language, 'issues.pathSeparator'));
}

export function renderIssue(language: Language, issue: IssueText): FieldIssue {
  return { field: issue.field, message: renderPhrase(language, issue.message) };
}

/** The summary of field issues: the code's message, then each field with its problem. */
export function issuesSummary(code: ErrorCode, issues: readonly IssueText[]): Phrase {
  if (!issues.length) return `error.${code}`;
  return phrase('issues.summary', {
    message: `error.${code}`,
    issues: (language) =>
      issues
        .map((i) =>
          renderText(language, 'issues.item', { field: fieldName(i.field), problem: renderIssue(language, i).message }),
        )
        .join(renderText(language, 'issues.separator')),
  });
}

/** The summary naming fields only (`请求必填参数为空：mobile、code`). */
export function fieldsSummary(code: ErrorCode, fields: readonly string[]): Phrase {
  return phrase('issues.summary', { message: `error.${code}`, issues: fields.map(fieldName) });
}

/** A message naming several problems (`报案信息有误：a；b`): `key` with its `problems` argument. */
export function problemsOf(
  key: 'claims.precheckInvalid' | 'claims.reportInvalid',
  issues: readonly IssueText[],
): Phrase {
  return phrase(key, {
    problems: (language) =>
      issues.map((i) => renderPhrase(language, i.message)).join(renderText(language, 'issues.separator')),
  });
}
