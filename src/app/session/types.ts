/** What `GET members/me` returns (spec §3): `roles` is one comma-separated string. */
export interface MemberProfile {
  id: number | string;
  roles: string;
  perms?: string[] | null;
  username?: string | null;
  nickname?: string | null;
  avatar?: string | null;
  mobile?: string | null;
  [field: string]: unknown;
}

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
