import { z } from 'zod';
import { text } from './text.ts';

/** Every JSON answer of the API is this envelope (spec §3). */
export type Envelope<T = unknown> = { code: string; msg: string; data?: T };

export const OK_MSG = '一切ok';

/** A field-level problem reported with A0400/A0410, so forms can mark the field. */
export const FieldIssueSchema = z.object({ field: text(), message: text() });
export type FieldIssue = z.infer<typeof FieldIssueSchema>;
