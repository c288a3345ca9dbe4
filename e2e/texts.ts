import type { APIRequestContext } from '@playwright/test';
import type { LegalDocument } from '../src/shared/consent.ts';
import type { ErrorCode } from '../src/shared/errors.ts';
import { ERROR_TEXTS_PL } from '../src/shared/texts/errors.pl.ts';
import { ERROR_TEXTS_ZH_CN } from '../src/shared/texts/errors.zh-cn.ts';
import { plPL } from '../src/app/i18n/antd-pl.ts';
import { formatCalendarDay } from '../src/app/i18n/calendar-format.ts';
import { MENU_ROUTES, STATIC_ROUTES, type RouteDef } from '../src/shared/routes.ts';
import { legalTextsPl } from '../src/app/components/shell/legal/legal-texts.pl.ts';
import { legalTextsZhCn } from '../src/app/components/shell/legal/legal-texts.zh-cn.ts';
import { routeTitlesPl, shellPl } from '../src/app/i18n/messages/shell.pl.ts';
import { shellZhCn } from '../src/app/i18n/messages/shell.zh-cn.ts';
import { viewsPl } from '../src/app/i18n/messages/views.pl.ts';
import { viewsZhCn } from '../src/app/i18n/messages/views.zh-cn.ts';

/*
 * The texts a story checks, read by key from the H5's own dictionaries (src/app/i18n/messages), so
 * one story runs in either language: `E2E_LANGUAGE=pl` runs the stories in Polish, the default is
 * Chinese. Stories about one language in particular pin it (`test.use({ language: 'pl' })`) and
 * read its texts with `tIn`.
 */

export type Language = 'zh-cn' | 'pl';
export type TextKey = keyof typeof shellZhCn | keyof typeof viewsZhCn;
type Params = Record<string, string | number>;

const DICTIONARIES: Record<Language, Partial<Record<TextKey, string>>> = {
  'zh-cn': { ...shellZhCn, ...viewsZhCn },
  pl: { ...shellPl, ...viewsPl },
};

/** The language of the run: `E2E_LANGUAGE` (`zh-cn`, the default, or `pl`). */
export const LANGUAGE: Language = languageOf(process.env.E2E_LANGUAGE);

function languageOf(value: string | undefined): Language {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'zh' || v === 'zh-cn') return 'zh-cn';
  if (v === 'pl') return 'pl';
  throw new Error(`E2E_LANGUAGE must be zh-cn or pl, not "${value}"`);
}

/** What the browser sends as Accept-Language in that language (the H5 sends the same on its calls). */
export const ACCEPT_LANGUAGE: Record<Language, string> = { 'zh-cn': 'zh-CN', pl: 'pl' };

/** antd-mobile's own words (its zh-CN locale, the H5's Polish one: src/app/i18n/antd-pl.ts). */
export const ANTD: Record<Language, { confirm: string; cancel: string }> = {
  'zh-cn': { confirm: '确定', cancel: '取消' },
  pl: { confirm: plPL.common.confirm, cancel: plPL.common.cancel },
};

/** The header a reader of the run's language sends: service answers read by a story match the screens. */
export function readerHeaders(language: Language = LANGUAGE): Record<string, string> {
  return { 'Accept-Language': ACCEPT_LANGUAGE[language] };
}

/** The H5's text of `key` in `language`, with `{name}` parameters filled in as the H5 does. */
export function tIn(language: Language, key: TextKey, params?: Params): string {
  const text = DICTIONARIES[language][key] ?? DICTIONARIES['zh-cn'][key];
  if (text === undefined) throw new Error(`no text "${key}" in the H5's dictionaries`);
  return params ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m)) : text;
}

/** The H5's text of `key` in the language of the run. */
export function t(key: TextKey, params?: Params): string {
  return tIn(LANGUAGE, key, params);
}

/** A picked calendar day (`YYYY-MM-DD`) as the H5's date fields show it in `language`. */
export function calendarDay(day: string, language: Language = LANGUAGE): string {
  return formatCalendarDay(day, language);
}

/** Any picked calendar day as a date field shows it in `language` (the whole text). */
export function calendarDayPattern(language: Language = LANGUAGE): RegExp {
  return new RegExp(`^${escapeRegExp(formatCalendarDay('yyyy-mm-dd', language)).replace(/[ymd]/g, '\\d')}$`);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

type PatternParams = Record<string, string | number | RegExp>;

/**
 * A text as a pattern, for a text with a part that varies: each parameter given as a RegExp
 * stands for what it matches, a parameter not given for anything (`tPattern('claim.clock.daysLeft')`
 * matches 剩 30 天 and any other number).
 */
export function tPattern(key: TextKey, params: PatternParams = {}, language: Language = LANGUAGE): RegExp {
  return new RegExp(patternSource(tIn(language, key), params));
}

/** The same, for the whole text of an element (anchored at both ends). */
export function tWhole(key: TextKey, params: PatternParams = {}, language: Language = LANGUAGE): RegExp {
  return new RegExp(`^${patternSource(tIn(language, key), params)}$`);
}

function patternSource(text: string, params: PatternParams): string {
  return text
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return escapeRegExp(part);
      const value = params[name];
      if (value === undefined) return '(.+?)';
      return value instanceof RegExp ? `(?:${value.source})` : escapeRegExp(String(value));
    })
    .join('');
}

function findRoute(routes: RouteDef[], name: string): RouteDef | undefined {
  for (const route of routes) {
    if (route.name === name) return route;
    const child = route.children && findRoute(route.children, name);
    if (child) return child;
  }
  return undefined;
}

/**
 * A page's title (its heading and `document.title`) by route name (src/shared/routes.ts): the route
 * table's Chinese title, or its Polish title as the H5 shows it.
 */
export function pageTitleIn(language: Language, name: string): string {
  const route = findRoute([...STATIC_ROUTES, ...MENU_ROUTES], name);
  if (!route) throw new Error(`no route named "${name}" in src/shared/routes.ts`);
  return language === 'pl' ? (routeTitlesPl[name] ?? route.meta.title) : route.meta.title;
}

export function pageTitle(name: string): string {
  return pageTitleIn(LANGUAGE, name);
}

/** 用户服务协议 or 隐私政策 as the sign-in form shows it: title and section headings. */
export function legalText(document: LegalDocument, language: Language = LANGUAGE) {
  return (language === 'pl' ? legalTextsPl : legalTextsZhCn)[document];
}

/**
 * The server's message for an error code of the one catalogue (src/shared/errors.ts), in the
 * language the H5 asks for: what a toast shows when the server refuses with that code.
 */
export function serverText(code: ErrorCode, language: Language = LANGUAGE): string {
  return (language === 'pl' ? ERROR_TEXTS_PL : ERROR_TEXTS_ZH_CN)[`error.${code}`];
}

interface CatalogueProduct {
  id: number;
  name: string;
}

/** The string at the same place in `local` as `zhText` is in `zh` (two readings of one product). */
function samePlace(zh: unknown, local: unknown, zhText: string): string | undefined {
  if (typeof zh === 'string') return zh === zhText && typeof local === 'string' ? local : undefined;
  if (!zh || typeof zh !== 'object' || !local || typeof local !== 'object') return undefined;
  for (const key of Object.keys(zh)) {
    const found = samePlace((zh as Record<string, unknown>)[key], (local as Record<string, unknown>)[key], zhText);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * A demo catalogue product as a reader of `language` sees it: found by its Chinese name, then read
 * in both languages (the server localises the catalogue by Accept-Language). `text(zh)` gives any
 * of its Chinese texts (a plan's or a coverage's name) as that reader sees it.
 */
export async function catalogueProduct(
  request: APIRequestContext,
  zhName: string,
  language: Language = LANGUAGE,
): Promise<{ id: number; name: string; text: (zhText: string) => string }> {
  const list = (await (
    await request.get('/prod-api/app-api/v1/prodType/listTypeProds', {
      params: { pageSize: 50 },
      headers: { 'Accept-Language': ACCEPT_LANGUAGE['zh-cn'] },
    })
  ).json()) as { data: { products: CatalogueProduct[] }[] };
  const found = list.data.flatMap((type) => type.products).find((p) => p.name === zhName);
  if (!found) throw new Error(`no product named ${zhName} on sale`);
  const read = async (lang: Language) =>
    (
      (await (
        await request.get(`/prod-api/app-api/v1/product/${found.id}`, {
          headers: { 'Accept-Language': ACCEPT_LANGUAGE[lang] },
        })
      ).json()) as { data: CatalogueProduct }
    ).data;
  const [zh, local] = await Promise.all([read('zh-cn'), read(language)]);
  return {
    id: found.id,
    name: local.name,
    text: (zhText: string) => {
      const text = samePlace(zh, local, zhText);
      if (text === undefined) throw new Error(`no text ${zhText} in ${zhName}`);
      return text;
    },
  };
}

/** The message of a service answer's envelope: what the H5 shows as a toast after the call. */
export async function envelopeMessage(response: { json: () => Promise<unknown> }): Promise<string> {
  return ((await response.json()) as { msg: string }).msg;
}
