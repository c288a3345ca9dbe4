import { atom } from 'jotai';
import type { MemberProfile } from '../../session/types.ts';
import { tokenAtom, userAtom } from '../../session/atoms.ts';
import type { Store } from '../../session/token.ts';
import {
  applyElderMode,
  elderModeUnsynced,
  markElderModeOffered,
  markElderModeUnsynced,
  readStoredElderMode,
  storeElderMode,
} from '../../lib/elder-storage.ts';

/*
 * 长辈版 (docs/accessibility.md#elder-mode): kept in the browser for everyone and on the server for
 * a signed-in member, so that it follows the member to another phone. A change while signed out is
 * marked and sent at the next sign-in; otherwise the server's value wins when the profile arrives.
 */

const baseAtom = atom(readStoredElderMode());

/** Saves on the server (the account module loads with the first save, not with the first screen). */
async function saveOnServer(on: boolean): Promise<MemberProfile> {
  const { updateProfile } = await import('../../api/account.ts');
  return updateProfile({ elderMode: on });
}

/** Whether 长辈版 is on. Setting it applies the styles at once, stores it, and tells the server when signed in. */
export const elderModeAtom = atom(
  (get) => get(baseAtom),
  async (get, set, on: boolean) => {
    set(baseAtom, on);
    storeElderMode(on);
    markElderModeOffered();
    applyElderMode(on);
    if (!get(tokenAtom)) {
      markElderModeUnsynced(true);
      return;
    }
    try {
      set(userAtom, await saveOnServer(on));
      markElderModeUnsynced(false);
    } catch {
      // The client has shown why; the next profile load sends it again.
      markElderModeUnsynced(true);
    }
  },
);

/**
 * Follows the member's profile: a change made while signed out goes to the server, else the
 * server's value is taken. Installed once at start; answers the unsubscribe.
 */
export function watchElderMode(store: Store): () => void {
  applyElderMode(store.get(baseAtom));
  return store.sub(userAtom, () => {
    const profile = store.get(userAtom);
    if (!profile) return;
    const local = store.get(baseAtom);
    if (elderModeUnsynced()) {
      if (profile.elderMode === local) markElderModeUnsynced(false);
      else void store.set(elderModeAtom, local);
    } else if (profile.elderMode !== local) {
      store.set(baseAtom, profile.elderMode);
      storeElderMode(profile.elderMode);
      applyElderMode(profile.elderMode);
    }
  });
}
