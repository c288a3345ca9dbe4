import { SNACKBAR_NEVER_CLOSE, SNACKBAR_TIMEOUT_MS } from '#shared/constants.ts';

export interface SnackbarOptions {
  message: string;
  /** A button on the bar (e.g. 重试); tapping it runs `onAction` and closes the bar. */
  actionText?: string;
  onAction?: () => void;
  /** ms until it closes by itself: spec §9's 5000 by default, -1 never (closed by code or by tapping ×). */
  timeout?: number;
}

export interface Snackbar extends Required<Pick<SnackbarOptions, 'message'>> {
  id: number;
  actionText?: string;
  onAction?: () => void;
}

/*
 * One snackbar at a time, kept outside React so any code (the ky client, a network listener) can
 * show one; <SnackbarHost/> renders it. A new one replaces the current one.
 */
let current: Snackbar | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function subscribeSnackbar(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentSnackbar = (): Snackbar | null => current;

/** Shows a snackbar; answers a function that closes this one (and nothing that replaced it). */
export function showSnackbar({
  message,
  actionText,
  onAction,
  timeout = SNACKBAR_TIMEOUT_MS,
}: SnackbarOptions): () => void {
  clearTimeout(timer);
  const id = nextId++;
  current = { id, message, actionText, onAction };
  if (timeout !== SNACKBAR_NEVER_CLOSE && timeout > 0) timer = setTimeout(() => closeSnackbar(id), timeout);
  emit();
  return () => closeSnackbar(id);
}

/** Closes the snackbar with this id, or whichever is shown when no id is given. */
export function closeSnackbar(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  current = null;
  emit();
}
