/*
 * 长辈版 as the browser keeps it (docs/accessibility.md#elder-mode), for everyone, signed in or not:
 * the mode itself, whether it was changed while signed out (the server learns it at the next
 * sign-in), and whether the home's offer was answered. Imports only the storage helper: index.html's
 * early script reads it to draw the first paint in the right mode.
 */
import { localStore } from './web-storage.ts';

const MODE_KEY = 'elderMode';
const UNSYNCED_KEY = 'elderModeUnsynced';
const OFFERED_KEY = 'elderModeOffered';

const read = (key: string): string | null => localStore.getItem(key);

function write(key: string, value: string | null): void {
  if (value === null) localStore.removeItem(key);
  else localStore.setItem(key, value);
}

export function readStoredElderMode(): boolean {
  return read(MODE_KEY) === '1';
}

export function storeElderMode(on: boolean): void {
  write(MODE_KEY, on ? '1' : '0');
}

/** A change made while signed out, not yet on the server. */
export function elderModeUnsynced(): boolean {
  return read(UNSYNCED_KEY) === '1';
}

export function markElderModeUnsynced(unsynced: boolean): void {
  write(UNSYNCED_KEY, unsynced ? '1' : null);
}

/** The home's offer of 长辈版 is shown until it is answered, once per browser. */
export function elderModeOffered(): boolean {
  return read(OFFERED_KEY) === '1' || read(MODE_KEY) !== null;
}

export function markElderModeOffered(): void {
  write(OFFERED_KEY, '1');
}

/** `<html data-elder>`: the styles of 长辈版 (styles/elder.css) hang on it. */
export function applyElderMode(on: boolean): void {
  document.documentElement.toggleAttribute('data-elder', on);
}
