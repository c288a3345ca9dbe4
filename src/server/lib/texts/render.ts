import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LANGUAGE, type Language } from '#shared/constants.ts';
import { isTextKey, TEXT_LOCALES, TEXTS, type TextArguments, type TextKey } from './catalogue.ts';

/**
 * Texts by key (docs/decisions/server-texts-by-key.md): code names a key of the catalogue and its
 * arguments, and the text is written in the reader's language when it is sent. Each message is
 * compiled once per language, on first use (the set of keys is finite, so is the cache).
 */

/** A text in both languages that the catalogue does not hold (a product's name from its version). */
export type LocalizedText = Record<Language, string>;

/**
 * What an argument may be: a value, another keyed text (a key alone is its text), a name in each
 * language, a list (joined the way the language lists things), or a value that depends on the language.
 */
export type TextValue = string | number | Phrase | LocalizedText | readonly TextValue[] | InLanguage;

/** A value written by code for each language (a field path, a list of field names). */
export type InLanguage = (language: Language) => string;

/** A key whose message has no arguments. */
export type PlainTextKey = { [K in TextKey]: keyof TextArguments<K> extends never ? K : never }[TextKey];

/** A key with the values of its arguments, not yet written in any language. */
export interface KeyedText {
  readonly key: TextKey;
  readonly values: Readonly<Record<string, TextValue>>;
}

/** Something to say to a reader: a key without arguments, a key with its values, or texts composed by code. */
export type Phrase = PlainTextKey | KeyedText | InLanguage;

type Widen<A> = { [N in keyof A]: A[N] | Exclude<TextValue, string | number> };
type PhraseArguments<K extends TextKey> = keyof TextArguments<K> extends never ? [] : [values: Widen<TextArguments<K>>];

/** `phrase('claims.moreFiles', { max: 20, count })`: the type checker holds the key and its arguments. */
export function phrase<K extends TextKey>(key: K, ...values: PhraseArguments<K>): Phrase {
  return { key, values: (values[0] ?? {}) as Record<string, TextValue> };
}

const compiled: Record<Language, Map<TextKey, IntlMessageFormat>> = { 'zh-cn': new Map(), pl: new Map() };

function formatterOf(language: Language, key: TextKey): IntlMessageFormat {
  let formatter = compiled[language].get(key);
  if (!formatter) {
    formatter = new IntlMessageFormat(TEXTS[language][key], TEXT_LOCALES[language]);
    compiled[language].set(key, formatter);
  }
  return formatter;
}

function isLocalized(value: object): value is LocalizedText {
  return DEFAULT_LANGUAGE in value;
}

function isList(value: object): value is readonly TextValue[] {
  return Array.isArray(value);
}

/** A value that names a key of the catalogue is that key's text, in the same language. */
function valueIn(language: Language, value: TextValue): string | number {
  if (typeof value === 'function') return value(language);
  if (typeof value === 'string' && isTextKey(value)) return format(language, value, {});
  if (typeof value !== 'object') return value;
  if (isList(value)) return value.map((item) => valueIn(language, item)).join(format(language, 'list.separator', {}));
  if (isLocalized(value)) return value[language] || value[DEFAULT_LANGUAGE];
  return renderPhrase(language, value);
}

function format(language: Language, key: TextKey, values: Readonly<Record<string, TextValue>>): string {
  const plain: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) plain[name] = valueIn(language, value);
  return String(formatterOf(language, key).format(plain));
}

/** The text of `key` in `language`: `renderText('pl', 'claims.notFound')`. */
export function renderText<K extends TextKey>(language: Language, key: K, ...values: PhraseArguments<K>): string {
  return format(language, key, (values[0] ?? {}) as Record<string, TextValue>);
}

/** A phrase written in `language`. */
export function renderPhrase(language: Language, said: Phrase): string {
  if (typeof said === 'function') return said(language);
  return typeof said === 'string' ? format(language, said, {}) : format(language, said.key, said.values);
}
