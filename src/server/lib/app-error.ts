import { DEFAULT_LANGUAGE } from '#shared/constants.ts';
import { ERRORS, errorTextKey, type ErrorCode } from '#shared/errors.ts';
import type { IssueText } from './texts/issues.ts';
import { renderPhrase, type Phrase } from './texts/render.ts';

/**
 * An expected failure: becomes an envelope with the catalogue's HTTP status and, in the reader's
 * language, the code's message or a more precise one (a key of the text catalogue with its values).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly text: Phrase;
  readonly issues?: IssueText[];
  /** What the envelope's `data` carries besides the issues (a sign-in's tries left). */
  readonly data?: object;

  constructor(code: ErrorCode, text?: Phrase, issues?: IssueText[], data?: object) {
    const said = text ?? errorTextKey(code);
    // The Chinese text, for logs; the answer is written in the reader's language when sent.
    super(renderPhrase(DEFAULT_LANGUAGE, said));
    this.code = code;
    this.status = ERRORS[code].status;
    this.text = said;
    this.issues = issues;
    this.data = data;
  }
}
