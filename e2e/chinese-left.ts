import type { Locator, Page } from '@playwright/test';
import { KEPT_CHINESE_NAMES } from '../src/shared/kept-names.ts';

/*
 * What a Polish reader should never meet (docs/decisions/names-kept-in-chinese.md): Chinese
 * characters and Chinese punctuation (《》、，。：（）“” and the like), but for the proper names the
 * product keeps in Chinese (src/shared/kept-names.ts) and the names a story's people typed.
 */

/** Han characters, CJK symbols and punctuation (、。《》「」), full-width forms (，：（）！) and Chinese quotes. */
export const CHINESE = /[\p{Script=Han}\u3000-\u303F\uFF00-\uFFEF\u201C]/gu;

/** The Chinese left in `text` once the kept names and the `names` given are taken out. */
export function chineseIn(text: string, names: readonly string[] = []): string {
  let left = text;
  for (const name of [...names, ...KEPT_CHINESE_NAMES]) left = left.split(name).join('');
  return (left.match(CHINESE) ?? []).join('');
}

/** The Chinese left on the visible page (or in `within`), names taken out. */
export async function chineseLeft(page: Page, names: readonly string[] = [], within?: Locator): Promise<string> {
  return chineseIn(await (within ?? page.locator('body')).innerText(), names);
}
