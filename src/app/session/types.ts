/** What `GET members/me` returns (spec §3, src/shared/session.ts): `roles` is one comma-separated string. */
export type { MemberProfile } from '#shared/session.ts';

/** The token call's answer (spec §3, §7). */
export interface TokenPair {
  token_type: string;
  access_token: string;
  refresh_token: string;
}

/** App preferences (spec §3). `language` lives in the i18n language atom and is mirrored here. */
export interface Preferences {
  fixedHeader: boolean;
  layout: 'top' | 'side';
  theme: 'light' | 'dark';
  language: string;
  themeColor: string;
}
