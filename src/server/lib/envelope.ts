import { z } from 'zod';
import { SUCCESS_CODE } from '#shared/errors.ts';
import { OK_MSG } from '#shared/envelope.ts';

/** The success envelope around a handler's data. */
export function ok<T>(data: T, msg: string = OK_MSG) {
  return { code: SUCCESS_CODE, msg, data };
}

/** Response schema of a success envelope, for route `schema.response[200]` and the OpenAPI document. */
export function okSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.string(), msg: z.string(), data });
}

export const ErrorEnvelopeSchema = z.object({
  code: z.string(),
  msg: z.string(),
  data: z.unknown().optional(),
});
