import { atom, useAtomValue } from 'jotai';
import { useCallback } from 'react';
import type { Locale } from 'antd-mobile/es/locales/base';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, type Language } from '#shared/constants.ts';
import { localStore } from '../lib/web-storage.ts';
import { store } from '../store.ts';
import { viewsPartsOf, type ViewsPart } from './dictionary-parts.ts';
import { shellZhCn } from './messages/shell.zh-cn.ts';
import type { viewsZhCn } from './messages/views.zh-cn.ts';
import { readStoredLanguage } from './stored-language.ts';

export type MessageKey = keyof typeof shellZhCn | keyof typeof viewsZhCn;
type Dictionary = Partial<Record<MessageKey, string>>;

/**
 * Dictionaries load in parts so the first page stays small: the shell's Chinese texts are built in,
 * the views' Chinese texts load with the first view (router: route `lazy`), and everything Polish
 * (shell, views, page titles, antd-mobile locale) loads when Polish is chosen.
 */
const dictionaries: Record<Language, Dictionary> = { 'zh-cn': { ...shellZhCn }, pl: {} };
let polishRouteTitles: Record<string, string> = {};
let polishAntdLocale: Locale | null = null;

/** Bumped when a dictionary part arrives, so that texts render again. */
const dictionaryVersionAtom = atom(0);

const pending = new Map<string, Promise<void>>();

/** Each Chinese views dictionary, loaded on demand (views.zh-cn.ts holds them all). */
const CHINESE_PARTS: Record<ViewsPart, () => Promise<Dictionary>> = {
  'views-home.zh-cn': async () => (await import('./messages/views-home.zh-cn.ts')).viewsHomeZhCn,
  'views-product.zh-cn': async () => (await import('./messages/views-product.zh-cn.ts')).viewsProductZhCn,
  'views.zh-cn': async () => (await import('./messages/views.zh-cn.ts')).viewsZhCn,
};

function loadOnce(part: string, load: () => Promise<void>): Promise<void> {
  let promise = pending.get(part);
  if (!promise) {
    promise = load().then(
      () => store.set(dictionaryVersionAtom, (v) => v + 1),
      (error: unknown) => {
        pending.delete(part); // a failed chunk download may be retried on the next navigation
        throw error;
      },
    );
    pending.set(part, promise);
  }
  return promise;
}

/**
 * The dictionaries a view needs in this language (Chinese views texts are the fallback of all).
 * The home and the product page load only their small parts, keeping the first load within its budget. The router
 * asks for them together with the view's code, and index.html preloads both for the first screen
 * (boot/early-start.ts), so texts never wait for the view or the other way round.
 */
export function loadDictionaries(language: Language, view?: string): Promise<void> {
  const parts = viewsPartsOf(view).map((part) =>
    loadOnce(part, async () => {
      Object.assign(dictionaries['zh-cn'], await CHINESE_PARTS[part]());
    }),
  );
  if (language === 'pl') {
    parts.push(
      loadOnce('pl', async () => {
        const bundle = await import('./messages/pl-bundle.ts');
        Object.assign(dictionaries.pl, bundle.messages);
        polishRouteTitles = bundle.routeTitles;
        polishAntdLocale = bundle.antdLocale;
      }),
    );
  }
  return Promise.all(parts).then(() => undefined);
}

const baseLanguageAtom = atom<Language>(readStoredLanguage());

/** The language preference (spec §4): persisted raw in localStorage `language`, default zh-cn. */
export const languageAtom = atom(
  (get) => get(baseLanguageAtom),
  (_get, set, next: Language) => {
    set(baseLanguageAtom, next);
    void loadDictionaries(next).catch(() => undefined);
    // Private mode without storage: the choice lasts for this visit only.
    localStore.setItem(LANGUAGE_STORAGE_KEY, next);
  },
);

export function translate(language: Language, key: MessageKey, params?: Record<string, string | number>): string {
  const text = dictionaries[language][key] ?? dictionaries[DEFAULT_LANGUAGE][key] ?? key;
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m)) : text;
}

/** A page title: Polish by route name when available, else the route table's Chinese title. */
export function translateRouteTitle(language: Language, name: string, title: string): string {
  return language === 'pl' ? (polishRouteTitles[name] ?? title) : title;
}

/** antd-mobile's Polish locale once loaded (null before, or in Chinese). */
export function polishLocale(): Locale | null {
  return polishAntdLocale;
}

/** `const t = useT(); t('views.empty')` */
export function useT() {
  const language = useAtomValue(languageAtom);
  const version = useAtomValue(dictionaryVersionAtom);
  return useCallback(
    (key: MessageKey, params?: Record<string, string | number>) => translate(language, key, params),
    [language, version], // eslint-disable-line react-hooks/exhaustive-deps -- version: a dictionary part arrived
  );
}

/** Re-renders the caller when a dictionary part arrives. */
export function useDictionaryVersion(): number {
  return useAtomValue(dictionaryVersionAtom);
}
