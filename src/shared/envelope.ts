import { z } from 'zod';
import { text } from './text.ts';
import { SUCCESS_CODE } from './errors.ts';

/** Every JSON answer of the API is this envelope (spec §3). */
export const EnvelopeSchema = z.object({
  code: text(),
  msg: text(),
  data: z.unknown().optional(),
});
export type Envelope<T = unknown> = { code: string; msg: string; data?: T };

export const OK_MSG = '一切ok';

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(SUCCESS_CODE), msg: text(), data });
}

/** A field-level problem reported with A0400/A0410, so forms can mark the field. */
export const FieldIssueSchema = z.object({ field: text(), message: text() });
export type FieldIssue = z.infer<typeof FieldIssueSchema>;
