import type { Language } from './constants.ts';

/*
 * Proper names the product shows in Chinese whatever the reader's language
 * (docs/decisions/names-kept-in-chinese.md). A Polish reader sees no other Chinese from the product:
 * products, plans, insurers and documents come in the version's Polish texts, everything else from
 * the dictionaries. Names people type (persons, companies, departments, banks) are theirs, not listed.
 */

/** Each language named in its own words, as a reader looks for it in the language choice. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-cn': '简体中文', pl: 'Polski' };

/** Every Chinese name a Polish reader may meet on purpose; the H5 marks them `lang="zh-CN"`. */
export const KEPT_CHINESE_NAMES: readonly string[] = [LANGUAGE_NAMES['zh-cn']];
