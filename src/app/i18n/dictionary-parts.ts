/*
 * Which file of texts a view needs (i18n/index.ts loads it with the view). Imports nothing: the
 * build (vite.config.ts) reads it too, to preload a first screen's texts with its code.
 */

/** Views whose texts are all in the small first-page dictionary (views-home.zh-cn.ts). */
const HOME_PART_VIEWS = new Set(['index']);

export type ViewsPart = 'views-home.zh-cn' | 'views.zh-cn';

/** The Chinese views dictionary a view needs; every Polish text is in one bundle (pl-bundle.ts). */
export function viewsPartOf(view: string | undefined): ViewsPart {
  return view && HOME_PART_VIEWS.has(view) ? 'views-home.zh-cn' : 'views.zh-cn';
}
