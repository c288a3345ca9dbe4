import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '#shared/constants.ts';

/** The language of the H5 as an HTTP language tag (the server answers texts in it). */
export const ACCEPT_LANGUAGE: Record<Language, string> = { 'zh-cn': 'zh-CN', pl: 'pl' };

/**
 * The Accept-Language of the stored preference, for calls made before the app's atoms exist (the
 * first screen's early calls): the same header the ky client will send, so their answers match.
 */
export function storedAcceptLanguage(): string {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // No storage (private mode): the default language, as the app itself will use.
  }
  return ACCEPT_LANGUAGE[(LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE];
}
