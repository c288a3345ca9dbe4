import { requestToken, type SignInGrant } from '../api/auth.ts';
import { logoutCall } from '../api/session.ts';
import { allowedRoutesAtom, permsAtom, rolesAtom, userAtom } from '../session/atoms.ts';
import { store as appStore } from '../store.ts';
import { clearSession, readRefreshToken, saveTokenPair } from '../session/token.ts';

/**
 * Signs in with one of the grants of spec §5 and stores both cookies (`early`: the token call's
 * answer when index.html's script sent it already, boot/early-start.ts). What was loaded for an earlier
 * identity is forgotten, so the guard loads the new user's roles and routes on the next navigation.
 * `silent`: a refusal shows no toast, the caller says what happens instead.
 */
export async function signInWith(
  grant: SignInGrant,
  store = appStore,
  early?: Promise<Response>,
  silent = false,
): Promise<void> {
  const pair = await requestToken(grant, silent, early);
  saveTokenPair(store, pair);
  store.set(userAtom, null);
  store.set(rolesAtom, null);
  store.set(permsAtom, []);
  store.set(allowedRoutesAtom, []);
}

/** Logout (spec §4): tell the server (revoking the refresh token), clear both cookies, reload. */
export async function logout(store = appStore): Promise<void> {
  const refreshToken = readRefreshToken();
  try {
    await logoutCall(refreshToken);
  } catch {
    // Signed out locally whatever the server said: the cookies are gone either way.
  }
  clearSession(store);
  window.location.reload();
}
