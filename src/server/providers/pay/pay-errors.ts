import { AppError } from '../../lib/app-error.ts';

export type PayNotifyFailure = 'signature' | 'stale' | 'decrypt' | 'shape' | 'mismatch';

/**
 * A payment notification we must not trust: unsigned or wrongly signed (or signed with another key
 * than our WeChat Pay public key id), older than 5 minutes, undecryptable, of an unknown shape, or
 * (from assertTransactionMatches) not about this order. The notify route logs it and answers 4xx;
 * a genuine notification that failed for a passing reason is retried by WeChat.
 */
export class PayNotifyError extends Error {
  readonly reason: PayNotifyFailure;

  constructor(reason: PayNotifyFailure, detail: string) {
    super(`WeChat Pay notification refused (${reason}): ${detail}`);
    this.name = 'PayNotifyError';
    this.reason = reason;
  }
}

/**
 * WeChat Pay answered an error `{code, message}` (e.g. 400 INVALID_REQUEST, 401 SIGN_ERROR,
 * 404 ORDER_NOT_EXIST). Unhandled, it becomes the C0130 envelope (502); callers that expect a
 * particular answer check `wechatCode`.
 */
export class PayApiError extends AppError {
  readonly wechatStatus: number;
  readonly wechatCode: string;
  readonly wechatMessage: string;

  constructor(wechatStatus: number, wechatCode: string, wechatMessage: string) {
    super('C0130');
    this.name = 'PayApiError';
    this.wechatStatus = wechatStatus;
    this.wechatCode = wechatCode;
    this.wechatMessage = wechatMessage;
  }
}

export type PayTransportFailure = 'network' | 'unsigned' | 'signature' | 'stale' | 'malformed';

/**
 * No trustworthy answer: the request failed or timed out, or an answer came back unsigned, wrongly
 * signed, with a stale timestamp or an unexpected shape. The outcome at WeChat is unknown: query
 * before assuming anything. Unhandled, it becomes the C0130 envelope (502).
 */
export class PayTransportError extends AppError {
  readonly reason: PayTransportFailure;
  readonly detail: string;

  constructor(reason: PayTransportFailure, detail: string) {
    super('C0130');
    this.name = 'PayTransportError';
    this.reason = reason;
    this.detail = detail;
  }
}
