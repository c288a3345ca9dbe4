import { ERRORS, type ErrorCode } from '#shared/errors.ts';
import type { IssueText } from './texts/issues.ts';
import type { Phrase } from './texts/render.ts';

/**
 * An expected failure: becomes an envelope with the catalogue's HTTP status and, in the reader's
 * language, the code's message or a more precise one (a key of the text catalogue with its values).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly text: Phrase;
  readonly issues?: IssueText[];

  constructor(code: ErrorCode, text?: Phrase, issues?: IssueText[]) {
    const said = text ?? `error.${code}`;
    super(typeof said === 'string' ? said : typeof said === 'function' ? code : said.key);
    this.code = code;
    this.status = ERRORS[code].status;
    this.text = said;
    this.issues = issues;
  }
}
