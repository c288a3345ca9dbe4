import { z } from 'zod';
import { line, text } from './text.ts';

/**
 * The token call `POST /prod-api/auth/oauth2/token` (spec §7, docs/decisions/oauth-client-and-grants.md): multipart form data
 * or application/x-www-form-urlencoded, Basic client authentication with the H5's client.
 */
export const GRANT_TYPES = ['member_password', 'sms_code', 'wx_web', 'wx_cgi', 'refresh_token'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

export function isGrantType(value: string): value is GrantType {
  return (GRANT_TYPES as readonly string[]).includes(value);
}

/** Fields each grant needs; a missing one is answered A0410 naming it. */
export const GRANT_REQUIRED_FIELDS: Record<GrantType, readonly TokenField[]> = {
  member_password: ['username', 'password'],
  // A `login` code of POST sms/login; `agreement` because this grant may create the member.
  sms_code: ['mobile', 'code', 'agreement'],
  wx_web: ['code', 'channel'],
  wx_cgi: ['code'],
  refresh_token: ['refresh_token'],
};

/**
 * A field that may stand in for a required one: `wx_web` takes the consent ticket of its A0140
 * answer instead of a second WeChat code (docs/decisions/wechat-consent-ticket.md).
 */
export const GRANT_STAND_IN_FIELDS: Partial<Record<GrantType, Partial<Record<TokenField, TokenField>>>> = {
  wx_web: { code: 'consent_ticket' },
};

/** `recommendId` of -1 means "no recommender" (spec §4: omitted when -1). */
export const NO_RECOMMENDER = '-1';

// Empty form fields count as absent, so the H5 may send every field of the form.
const field = (max: number) => z.preprocess((v) => (v === '' ? undefined : v), line().max(max).optional());

export const TokenRequestSchema = z.object({
  grant_type: field(32),
  username: field(64),
  password: field(128),
  code: field(256),
  channel: field(64),
  recommendId: field(32),
  refresh_token: field(256),
  /** sms_code: the mobile the `login` code was sent to. */
  mobile: field(32),
  /** The legal documents' versions the user agreed to (src/shared/consent.ts). */
  agreement: field(128),
  /** wx_web: the `consentTicket` of an A0140 answer, sent with the agreement instead of a new code. */
  consent_ticket: field(2048),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;
export type TokenField = Exclude<keyof TokenRequest, 'grant_type'>;

/** `data` of a successful token call. */
export const TokenSchema = z.object({
  token_type: z.literal('Bearer'),
  access_token: text(),
  refresh_token: text(),
  /** Access token lifetime in seconds. */
  expires_in: z.number().int(),
});
export type Token = z.infer<typeof TokenSchema>;

/** Optional body of `DELETE /prod-api/app-api/v1/users/logout`: the refresh token to revoke. */
export const LogoutRequestSchema = z.object({ refresh_token: field(256) }).optional();

/** Header that may carry the refresh token on logout instead of the body. */
export const REFRESH_TOKEN_HEADER = 'x-refresh-token';
