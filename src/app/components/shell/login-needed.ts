import { LOGIN_DIALOG_DELAY_MS } from '#shared/constants.ts';
import { loginDialogAtom, loginNeededAtom } from '../../session/atoms.ts';
import type { Store } from '../../session/token.ts';
import { loadLoginDialog } from './login-dialog-loader.ts';

/**
 * Answers a session that ended under the user (the client raised loginNeededAtom after a failed
 * refresh): the dialog's code starts loading at once and the dialog opens LOGIN_DIALOG_DELAY_MS
 * later (spec §4). Installed once at start, before the first call; answers the unsubscribe.
 */
export function watchLoginNeeded(store: Store): () => void {
  return store.sub(loginNeededAtom, () => {
    void loadLoginDialog().catch(() => undefined);
    setTimeout(() => store.set(loginDialogAtom, { open: true }), LOGIN_DIALOG_DELAY_MS);
  });
}
