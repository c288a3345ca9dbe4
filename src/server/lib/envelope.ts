import { z } from 'zod';
import { text } from '#shared/text.ts';
import { OK_MSG } from '#shared/envelope.ts';
import type { Language } from '#shared/constants.ts';
import { SUCCESS_CODE, type ErrorCode } from '#shared/errors.ts';
import { renderIssue, type IssueText } from './texts/issues.ts';
import { renderPhrase, type Phrase } from './texts/render.ts';
import { parseAcceptLanguage } from './request-language.ts';
import type { FastifyRequest } from 'fastify';

/** The success envelope around a handler's data. */
export function ok<T>(data: T, msg: string = OK_MSG) {
  return { code: SUCCESS_CODE, msg, data };
}

/** Response schema of a success envelope, for route `schema.response[200]` and the OpenAPI document. */
export function okSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: text(), msg: text(), data });
}

/** A failure not yet written in a language: the catalogue's code, what to say, the field issues. */
export interface ErrorEnvelope {
  code: ErrorCode;
  text: Phrase;
  issues?: readonly IssueText[];
  /** What else `data` carries (a 5xx's request id, the health checks). */
  data?: object;
}

/** A failure with the code's own message (or a more precise one), and its field issues if any. */
export function errorEnvelope(
  code: ErrorCode,
  said?: Phrase,
  issues?: readonly IssueText[],
  data?: object,
): ErrorEnvelope {
  return { code, text: said ?? `error.${code}`, issues, data };
}

/**
 * The failure written in `language`, `data` always present — `null`, or the field issues — so every
 * answer has the same three keys (README, API).
 */
export function renderEnvelope(language: Language, envelope: ErrorEnvelope) {
  const issues = envelope.issues?.map((issue) => renderIssue(language, issue));
  const data = issues ? { ...envelope.data, issues } : (envelope.data ?? null);
  return { code: envelope.code, msg: renderPhrase(language, envelope.text), data };
}

export const ErrorEnvelopeSchema = z.object({
  code: text(),
  msg: text(),
  data: z.unknown(),
});

/** A success message in the reader's language (answers to writes, which no cache keeps). */
export function textFor(request: FastifyRequest, said: Phrase): string {
  return renderPhrase(parseAcceptLanguage(request.headers['accept-language']), said);
}
