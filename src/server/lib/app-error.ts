import { ERRORS, type ErrorCode } from '#shared/errors.ts';
import type { FieldIssue } from '#shared/envelope.ts';

/** An expected failure: becomes an envelope with the catalogue's HTTP status and Chinese message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues?: FieldIssue[];

  constructor(code: ErrorCode, msg?: string, issues?: FieldIssue[]) {
    super(msg ?? ERRORS[code].msg);
    this.code = code;
    this.status = ERRORS[code].status;
    this.issues = issues;
  }
}
