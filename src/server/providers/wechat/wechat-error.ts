import { AppError } from '../../lib/app-error.ts';

/** WeChat's own error numbers the product tells apart (docs/domain.md#wechat-web-oauth). */
export const WX_INVALID_CODE = 40029;
export const WX_CODE_USED = 40163;
/** Access token invalid or expired: a cached token is dropped and fetched again. */
export const WX_INVALID_CREDENTIAL = 40001;
export const WX_ACCESS_TOKEN_EXPIRED = 42001;

/**
 * A failed WeChat call: 40029 → A0220 (ask the user to enter again), 40163 → A0221, anything
 * else (network, timeouts, configuration errors such as a wrong secret) → C0110.
 * `errcode`/`errmsg` are kept for logs; neither ever contains the code or a secret.
 */
export class WechatError extends AppError {
  readonly errcode: number | null;
  readonly errmsg: string;
  readonly api: string;

  constructor(api: string, errcode: number | null, errmsg: string) {
    super(errcode === WX_INVALID_CODE ? 'A0220' : errcode === WX_CODE_USED ? 'A0221' : 'C0110');
    this.api = api;
    this.errcode = errcode;
    this.errmsg = errmsg;
  }
}
