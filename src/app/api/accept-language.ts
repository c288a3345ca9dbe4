import type { Language } from '#shared/constants.ts';
import { readStoredLanguage } from '../i18n/stored-language.ts';

/** The language of the H5 as an HTTP language tag (the server answers texts in it). */
export const ACCEPT_LANGUAGE: Record<Language, string> = { 'zh-cn': 'zh-CN', pl: 'pl' };

/**
 * The Accept-Language of the stored preference, for calls made before the app's atoms exist (the
 * first screen's early calls): the same header the ky client will send, so their answers match.
 */
export function storedAcceptLanguage(): string {
  return ACCEPT_LANGUAGE[readStoredLanguage()];
}
