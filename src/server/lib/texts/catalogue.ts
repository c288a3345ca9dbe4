import type { Language } from '#shared/constants.ts';
import { SHARED_TEXTS_PL } from '#shared/texts/pl.ts';
import { SHARED_TEXTS_ZH_CN } from '#shared/texts/zh-cn.ts';
import type { MessageArguments } from '#shared/texts/arguments.ts';
import { DOCUMENT_TEXTS_PL } from './documents.pl.ts';
import { DOCUMENT_TEXTS_ZH_CN } from './documents.zh-cn.ts';
import { SERVER_TEXTS_PL } from './pl.ts';
import { SERVER_TEXTS_ZH_CN } from './zh-cn.ts';

/**
 * The server's one text catalogue per language (docs/decisions/server-texts-by-key.md): the keys it
 * shares with the H5 (src/shared/texts), its own, and the words of the documents it makes. The Chinese catalogue is the reference: its
 * keys and the arguments of its messages are the types every call is checked against.
 */
const ZH_CN = { ...SHARED_TEXTS_ZH_CN, ...SERVER_TEXTS_ZH_CN, ...DOCUMENT_TEXTS_ZH_CN } as const;

export type TextKey = keyof typeof ZH_CN;

/** The arguments of the message of `K` (`{}` when it has none). */
export type TextArguments<K extends TextKey> = MessageArguments<(typeof ZH_CN)[K]>;

export const TEXTS: Record<Language, Readonly<Record<TextKey, string>>> = {
  'zh-cn': ZH_CN,
  pl: { ...SHARED_TEXTS_PL, ...SERVER_TEXTS_PL, ...DOCUMENT_TEXTS_PL },
};

/** The ICU locale of each language (plural rules, number formats). */
export const TEXT_LOCALES: Record<Language, string> = { 'zh-cn': 'zh-CN', pl: 'pl' };

export function isTextKey(key: unknown): key is TextKey {
  return typeof key === 'string' && Object.hasOwn(ZH_CN, key);
}
