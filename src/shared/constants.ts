/**
 * Business constants and limits of spec §9, quoted exactly. One place only.
 * "spec §N" in comments and test names throughout the code means §N of docs/specification.md.
 */
export const API_PREFIX = '/prod-api';
export const REQUEST_TIMEOUT_MS = 50000;
export const LOGIN_DIALOG_DELAY_MS = 1000;
export const COOKIE_PATH = '/';
export const TOKEN_COOKIE = 'tokenUser';
export const REFRESH_COOKIE = 'tokenResh';
export const REFRESH_COOKIE_FALLBACK = 'refreshToken';
export const FALLBACK_PAGE = '/404';
export const TOAST_DURATION_MS = 3000;
export const TOAST_OFFSET = 16;
export const BADGE_MAX = 99;
export const BASE_Z_INDEX = 2000;
export const DEFAULT_LANGUAGE = 'zh-cn';
export const LANGUAGES = ['zh-cn', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'language';
export const SNACKBAR_TIMEOUT_MS = 5000;
export const SNACKBAR_NEVER_CLOSE = -1;
export const RATING_LENGTH = 5;
export const PROGRESS_BAR = {
  minimum: 0.08,
  speed: 200,
  trickleRate: 0.02,
  trickleSpeed: 800,
  showSpinner: false,
} as const;
export const PX_TO_REM_ROOT = 192;

/** The four paths that need no sign-in (spec §2, §6). */
export const OPEN_PATHS = ['/index', '/product/index', '/know/index', '/claim/index'] as const;

/** OAuth client of the H5 (docs/decisions/oauth-client-and-grants.md): a public client with a fixed Basic header. */
export const OAUTH_CLIENT_ID = 'insure-h5';

/** WeChat: codes are single-use and expire after 5 minutes (docs/domain.md#wechat-web-oauth). */
export const WECHAT_CODE_TTL_S = 300;

/** SMS: 6-digit codes, resend cooldown, validity and attempts. */
export const SMS_CODE_LENGTH = 6;
export const SMS_RESEND_COOLDOWN_S = 60;
export const SMS_CODE_TTL_S = 300;
export const SMS_MAX_ATTEMPTS = 5;
export const SMS_TYPES = ['login', 'mobile', 'repassword', 'bind'] as const;
export type SmsType = (typeof SMS_TYPES)[number];

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;

/**
 * Reminders that act (docs/decisions/reminders-that-act.md): "N days before" a period ends means the
 * Beijing day from which N whole days are left until it ends (a period ends at 24:00 of its last
 * day). The cooling-off reminder comes 3 days before the 犹豫期 ends, the renewal reminders 30 and
 * 7 days before a renewable policy ends (the later one only, when the first was not due yet).
 */
export const COOLING_OFF_REMINDER_DAYS = 3;
export const RENEWAL_REMINDER_DAYS = [30, 7] as const;
