import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '#shared/constants.ts';
import { localStore } from '../lib/web-storage.ts';

/**
 * The language the visitor chose, as stored in localStorage `language` (spec §4), else the default:
 * the one reading of the preference, for the app's atom, the first screen's boot script and the
 * early calls' Accept-Language. Imports only constants, so the boot script stays small.
 */
export function readStoredLanguage(): Language {
  // No storage (private mode) reads as nothing stored: the default language.
  const stored = localStore.getItem(LANGUAGE_STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}
