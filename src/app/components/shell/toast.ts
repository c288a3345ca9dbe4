import type { CSSProperties } from 'react';
import { TOAST_DURATION_MS, TOAST_OFFSET } from '#shared/constants.ts';

/**
 * antd-mobile's Toast has no `offset`; spec §9's offset 16 is applied as a CSS variable on the mask
 * (`maskStyle`), which `.app-toast` in styles/shell.css turns into the distance of the toast from the
 * top edge in design px (so it scales like the rest of the UI, plus the safe-area inset).
 */
const offsetStyle = { '--app-toast-offset': String(TOAST_OFFSET) } as CSSProperties;

const load = () => import('./toast-show.ts');

function show(content: string, icon?: 'success' | 'fail'): void {
  void load().then(({ showToast }) =>
    showToast({ content, icon, duration: TOAST_DURATION_MS, position: 'top', maskClassName: 'app-toast', maskStyle: offsetStyle }),
  );
}

/** An error message of a failed call (spec §8). */
export function showErrorToast(message: string): void {
  show(message);
}

export function showSuccessToast(message: string): void {
  show(message, 'success');
}

/** A centred spinner with a message that stays until `clearLoadingToast()` (e.g. leaving for WeChat). */
export function showLoadingToast(message: string): void {
  void load().then(({ showToast }) => showToast({ content: message, icon: 'loading', duration: 0, maskClickable: false }));
}

export function clearLoadingToast(): void {
  void load().then(({ clearToast }) => clearToast());
}
