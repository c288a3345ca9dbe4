import { atom } from 'jotai';
import { store } from '../../store.ts';

/** Whether the layout shows the routed view; hiding and re-showing it reloads the view (spec §4). */
export const viewVisibleAtom = atom(true);

/** Reloads the routed view: it unmounts, then mounts again on the next task and fetches afresh. */
export const reloadAtom = atom(null, (_get, set) => {
  set(viewVisibleAtom, false);
  setTimeout(() => set(viewVisibleAtom, true), 0);
});

/** The same for code outside React (e.g. after the sign-in dialog). */
export function reloadView(): void {
  store.set(reloadAtom);
}
