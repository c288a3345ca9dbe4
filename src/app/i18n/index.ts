import { atom, useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '#shared/constants.ts';
import { shellPl } from './messages/shell.pl.ts';
import { shellZhCn } from './messages/shell.zh-cn.ts';
import { viewsPl } from './messages/views.pl.ts';
import { viewsZhCn } from './messages/views.zh-cn.ts';

export type MessageKey = keyof typeof shellZhCn | keyof typeof viewsZhCn;

const dictionaries: Record<Language, Record<MessageKey, string>> = {
  'zh-cn': { ...shellZhCn, ...viewsZhCn },
  pl: { ...shellPl, ...viewsPl },
};

function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

const baseLanguageAtom = atom<Language>(readStoredLanguage());

/** The language preference (spec §4): persisted raw in localStorage `language`, default zh-cn. */
export const languageAtom = atom(
  (get) => get(baseLanguageAtom),
  (_get, set, next: Language) => {
    set(baseLanguageAtom, next);
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // Private mode without storage: the choice lasts for this visit only.
    }
  },
);

export function translate(language: Language, key: MessageKey, params?: Record<string, string | number>): string {
  const text = dictionaries[language][key] ?? dictionaries[DEFAULT_LANGUAGE][key] ?? key;
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m)) : text;
}

/** `const t = useT(); t('views.empty')` */
export function useT() {
  const language = useAtomValue(languageAtom);
  return useCallback((key: MessageKey, params?: Record<string, string | number>) => translate(language, key, params), [language]);
}
