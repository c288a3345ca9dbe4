import { z } from 'zod';

/**
 * Every string of every contract is built here, so that no control character reaches a query, a
 * database row or a document (docs/decisions/text-input.md). PostgreSQL refuses NUL in text, and
 * the other control characters are invisible junk that breaks PDFs, spreadsheets and logs.
 *
 * - `text()` allows tab, line feed and carriage return (free text: descriptions, notes, addresses)
 *   and refuses NUL, the other C0 controls, DEL and the C1 controls;
 * - `line()` refuses tab, line feed and carriage return too (names, keywords, numbers, codes).
 *
 * Both are plain strings with a `pattern`, so the OpenAPI document shows the rule, and a refused
 * value answers 400 A0400 naming the field.
 */
// eslint-disable-next-line no-control-regex -- the point of these patterns is to match control characters
export const TEXT_PATTERN = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;
// eslint-disable-next-line no-control-regex -- as above, without the whitespace exceptions
export const LINE_PATTERN = /^[^\u0000-\u001F\u007F-\u009F]*$/;

export const CONTROL_CHARACTER_MESSAGE = 'field.controlCharacters';
export const LINE_BREAK_MESSAGE = 'field.lineBreaks';

type StringParams = Parameters<typeof z.string>[0];

/** A string that may span lines but carries no other control character (`params` as for `z.string`). */
export const text = (params?: StringParams) =>
  z.string(params).regex(TEXT_PATTERN, { message: CONTROL_CHARACTER_MESSAGE });

/** A one-line string: no control character at all (`params` as for `z.string`). */
export const line = (params?: StringParams) => z.string(params).regex(LINE_PATTERN, { message: LINE_BREAK_MESSAGE });
