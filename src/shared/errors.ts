/**
 * The one error catalogue (spec §8). Codes follow the Alibaba Java manual's scheme that the
 * specification's A0230 comes from: A = caller's fault, B = ours, C = a third party's.
 * Each code carries its HTTP status; its message is the key `error.<code>` of the text catalogues
 * (src/shared/texts, docs/decisions/server-texts-by-key.md).
 */
import type { ErrorTextKey } from './texts/errors.zh-cn.ts';

export const SUCCESS_CODE = '00000';

export const ERRORS = {
  A0001: { status: 400 },
  A0101: { status: 400 },
  A0120: { status: 400 },
  A0121: { status: 400 },
  A0130: { status: 400 },
  A0131: { status: 429 },
  A0132: { status: 429 },
  A0140: { status: 400 },
  A0150: { status: 400 },
  A0151: { status: 400 },
  A0200: { status: 401 },
  A0202: { status: 403 },
  A0210: { status: 400 },
  A0220: { status: 400 },
  A0221: { status: 400 },
  A0230: { status: 401 },
  A0231: { status: 401 },
  A0240: { status: 401 },
  A0241: { status: 400 },
  A0301: { status: 401 },
  A0303: { status: 403 },
  A0400: { status: 400 },
  A0404: { status: 404 },
  A0405: { status: 405 },
  A0408: { status: 408 },
  A0410: { status: 400 },
  A0420: { status: 400 },
  A0413: { status: 413 },
  A0415: { status: 415 },
  A0427: { status: 400 },
  A0429: { status: 429 },
  A0431: { status: 431 },
  A0450: { status: 403 },
  A0460: { status: 400 },
  A0470: { status: 409 },
  A0480: { status: 409 },
  A0481: { status: 409 },
  A0490: { status: 409 },
  A0491: { status: 400 },
  A0492: { status: 429 },
  A0409: { status: 409 },
  B0001: { status: 500 },
  B0100: { status: 503 },
  B0300: { status: 503 },
  C0001: { status: 502 },
  C0110: { status: 502 },
  C0120: { status: 502 },
  C0130: { status: 502 },
  C0140: { status: 502 },
  C0300: { status: 503 },
} as const satisfies Record<string, { status: number }>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

/** The key of a code's message in the text catalogues; the type check fails for a code without one. */
export const errorTextKey = (code: ErrorCode): ErrorTextKey => `error.${code}`;
