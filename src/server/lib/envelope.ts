import { z } from 'zod';
import { text } from '#shared/text.ts';
import { OK_MSG } from '#shared/envelope.ts';
import { ERRORS, SUCCESS_CODE, type ErrorCode } from '#shared/errors.ts';

/** The success envelope around a handler's data. */
export function ok<T>(data: T, msg: string = OK_MSG) {
  return { code: SUCCESS_CODE, msg, data };
}

/** Response schema of a success envelope, for route `schema.response[200]` and the OpenAPI document. */
export function okSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: text(), msg: text(), data });
}

/**
 * A failure envelope: the catalogue's code and message (or a more precise one), and `data` always
 * present — `null`, or the field issues — so every answer has the same three keys (README, API).
 */
export function errorEnvelope(code: ErrorCode, msg: string = ERRORS[code].msg, data: unknown = null) {
  return { code, msg, data };
}

export const ErrorEnvelopeSchema = z.object({
  code: text(),
  msg: text(),
  data: z.unknown(),
});
