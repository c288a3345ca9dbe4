import type { createStore } from 'jotai';
import { readRefreshCookie, removeTokenCookies, writeTokenCookies } from './cookies.ts';
import { allowedRoutesAtom, loginDialogAtom, menuAtom, permsAtom, rolesAtom, tokenAtom, userAtom } from './atoms.ts';
import type { TokenPair } from './types.ts';

export type Store = ReturnType<typeof createStore>;

/** Stores a token pair from the token call: both cookies (spec §4) and the token atom. */
export function saveTokenPair(store: Store, pair: TokenPair): string {
  const header = writeTokenCookies(pair);
  store.set(tokenAtom, header);
  store.set(loginDialogAtom, { open: false });
  return header;
}

export function readRefreshToken(): string | null {
  return readRefreshCookie();
}

/** Forgets the token and everything loaded with it, so the guard starts again from "no token". */
export function clearSession(store: Store): void {
  removeTokenCookies();
  store.set(tokenAtom, null);
  store.set(userAtom, null);
  store.set(rolesAtom, null);
  store.set(permsAtom, []);
  store.set(menuAtom, []);
  store.set(allowedRoutesAtom, []);
}
