import { atom } from 'jotai';
import type { RouteDef } from '#shared/routes.ts';
import { languageAtom } from '../i18n/index.ts';
import { readTokenCookie } from './cookies.ts';
import type { MemberProfile, Preferences } from './types.ts';

export type { MemberProfile, Preferences } from './types.ts';

/**
 * Session state (spec §3, §4), all in the one store of store.ts so the ky client can read it
 * outside React. The cookie is the durable copy of the token; this atom is what code reads.
 */

/** The Authorization value ("Bearer …"), or null when signed out. Starts from the cookie. */
export const tokenAtom = atom<string | null>(readTokenCookie());

/** The profile of `members/me`, or null before it has been loaded. */
export const userAtom = atom<MemberProfile | null>(null);

/** The user's roles, split from the profile; `null` means "not loaded yet" (guard state of spec §4). */
export const rolesAtom = atom<string[] | null>(null);

/** Permission values of the profile, for <Permission>. */
export const permsAtom = atom<string[]>([]);

/** The server menu (`open/menu`) as it came, before filtering by role. */
export const menuAtom = atom<RouteDef[]>([]);

/** Route defs the user may visit: the static routes plus the menu filtered by role (spec §4). */
export const allowedRoutesAtom = atom<RouteDef[]>([]);

/**
 * Counts the sessions that ended under the user (a refresh that failed). The ky client only raises
 * it; the shell (components/shell/login-needed.ts) answers with the sign-in dialog.
 */
export const loginNeededAtom = atom(0);

/** Whether the global sign-in dialog is open (opened after a failed refresh or by the guard). */
export const loginDialogAtom = atom<{ open: boolean; redirect?: string }>({ open: false });

export const DEFAULT_PREFERENCES: Omit<Preferences, 'language'> = {
  fixedHeader: false,
  layout: 'top',
  theme: 'light',
  themeColor: '#0a5fd8',
};

const basePreferencesAtom = atom(DEFAULT_PREFERENCES);

/** Preferences of spec §3; `language` reads and writes the persisted language atom. */
export const preferencesAtom = atom(
  (get): Preferences => ({ ...get(basePreferencesAtom), language: get(languageAtom) }),
  (get, set, patch: Partial<Preferences>) => {
    const { language, ...rest } = patch;
    set(basePreferencesAtom, { ...get(basePreferencesAtom), ...rest });
    if (language === 'zh-cn' || language === 'pl') set(languageAtom, language);
  },
);
