/*
 * Which files of texts a view needs (i18n/index.ts loads them with the view). Imports nothing: the
 * build (vite.config.ts) reads it too, to preload a first screen's texts with its code, and checks
 * there that every text key a first screen's code names is in its parts.
 */

export type ViewsPart = 'views-home.zh-cn' | 'views-product.zh-cn' | 'views.zh-cn';

/**
 * The views a shared link opens at, with small dictionaries of their own that travel with their
 * code (docs/decisions/texts-per-view.md); every other view loads all the views' texts (views.zh-cn.ts, which includes
 * these parts).
 */
const FIRST_SCREEN_PARTS: Record<string, readonly ViewsPart[]> = {
  index: ['views-home.zh-cn'],
  'productDetails/index': ['views-home.zh-cn', 'views-product.zh-cn'],
};

/** The views with dictionaries of their own (the build checks their texts). */
export const FIRST_SCREEN_VIEWS: readonly string[] = Object.keys(FIRST_SCREEN_PARTS);

/** The Chinese views dictionaries a view needs; every Polish text is in one bundle (pl-bundle.ts). */
export function viewsPartsOf(view: string | undefined): readonly ViewsPart[] {
  return (view && FIRST_SCREEN_PARTS[view]) || ['views.zh-cn'];
}
