import type { CSSProperties } from 'react';
import { TOAST_DURATION_MS, TOAST_OFFSET } from '#shared/constants.ts';

/**
 * antd-mobile's Toast has no `offset`; spec §9's offset 16 is applied as a CSS variable on the mask
 * (`maskStyle`), which `.app-toast` in styles/shell.css turns into the distance of the toast from the
 * top edge in design px (so it scales like the rest of the UI, plus the safe-area inset).
 */
const offsetStyle = { '--app-toast-offset': String(TOAST_OFFSET) } as CSSProperties;

const load = () => import('./toast-show.ts');

/** The toast on screen announces the navigation that follows it (it survives that one navigation). */
let travelling = false;

function show(content: string, icon?: 'success' | 'fail', travels = false): void {
  travelling = travels;
  void load().then(({ showToast }) =>
    showToast({
      content,
      icon,
      duration: TOAST_DURATION_MS,
      position: 'top',
      maskClassName: 'app-toast',
      maskStyle: offsetStyle,
    }),
  );
}

/** An error message of a failed call (spec §8). */
export function showErrorToast(message: string): void {
  show(message);
}

/**
 * `travels`: the message is about the navigation the caller starts right after it (报案成功 → the
 * claim), so it stays over the next page; any other toast goes when its page is left.
 */
export function showSuccessToast(message: string, { travels = false }: { travels?: boolean } = {}): void {
  show(message, 'success', travels);
}

/**
 * Called on every navigation to another page: a toast of the page left goes with it (it would
 * cover the next page's top otherwise), unless it announces this very navigation. Toast's code
 * is loaded only when one is on screen (antd-mobile's own and this module's share the mask class).
 */
export function clearToastsOnNavigation(): void {
  const keep = travelling;
  travelling = false;
  if (keep || !document.querySelector('.adm-toast-mask')) return;
  void load().then(({ clearToast }) => clearToast());
}

/** A centred spinner with a message that stays until `clearLoadingToast()` (e.g. leaving for WeChat). */
export function showLoadingToast(message: string): void {
  travelling = false;
  void load().then(({ showToast }) =>
    showToast({ content: message, icon: 'loading', duration: 0, maskClickable: false }),
  );
}

export function clearLoadingToast(): void {
  void load().then(({ clearToast }) => clearToast());
}
