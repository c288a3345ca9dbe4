import * as paths from '#shared/api-paths.ts';
import { OPEN_PATHS } from '#shared/constants.ts';

/*
 * The calls a first screen waits for, by route: the one list of them, read both by the script in
 * index.html that starts them before the app's code has arrived (boot/early-start.ts) and by the
 * calls themselves (catalogue.ts, session.ts), so that the two always ask for the same address.
 * Imports nothing but constants and the path table: it is inlined into index.html.
 */

/** How many best sellers the home screen shows (its only data call). */
export const HOT_PRODUCTS_LIMIT = 5;

/** How many products of each type a page of the product list holds. */
export const PRODUCT_LIST_PAGE_SIZE = 10;

/** A `?type=` the product list may be filtering by; the list itself checks it against the types. */
const LIST_TYPE = /^[a-z]{1,20}$/;

/** Addresses (path and query) of the calls below, exactly as ky sends them. */
export const FIRST_SCREEN_URLS = {
  hotProducts: `${paths.absolutePath(paths.catalogue.listTypeProds())}?pageSize=${HOT_PRODUCTS_LIMIT}`,
  /** The product list's first page without a keyword, all types or one (api/catalogue.ts `productPage`). */
  productListFirstPage: (type: string | null) =>
    `${paths.absolutePath(paths.catalogue.listTypeProds())}?${type ? `type=${type}&` : ''}page=1&pageSize=${PRODUCT_LIST_PAGE_SIZE}`,
  product: (id: string) => paths.absolutePath(paths.catalogue.product({ id })),
  me: paths.absolutePath(paths.members.me()),
  menu: paths.absolutePath(paths.open.menu()),
  clientConfig: paths.absolutePath(paths.open.clientConfig()),
} as const;

/** A product id the server accepts (getProduct asks nothing for anything else). */
export const PRODUCT_ID = /^\d{1,10}$/;

export interface FirstScreen {
  /** Route path of the address's hash, e.g. `/productDetails/index`. */
  path: string;
  /** Query of the hash route, e.g. `?id=3`. */
  search: string;
  /** A session cookie is present. */
  signedIn: boolean;
  /** Inside WeChat (not a mini-program), where a needed sign-in leaves for the authorize page. */
  wechat: boolean;
}

/** The hash route of an address (`#/productDetails/index?id=1` → path and query); `/index` when empty. */
export function hashRoute(hash: string): { path: string; search: string } {
  const route = hash.replace(/^#/, '') || '/index';
  const at = route.indexOf('?');
  return at < 0 ? { path: route, search: '' } : { path: route.slice(0, at), search: route.slice(at) };
}

/**
 * The GET calls the first screen of this route will make, to start at once. Only calls whose answer
 * the page certainly uses: a signed-in guard loads the profile and the menu off the open paths
 * (spec §2 step 4), the home lists the best sellers, the product list its first page, a product page reads its product (signed in:
 * without a token the guard leaves the page), and a WeChat visitor off the open paths needs the
 * client config to leave for the authorize page.
 */
export function firstScreenCalls(screen: FirstScreen): string[] {
  const open = (OPEN_PATHS as readonly string[]).includes(screen.path);
  const calls: string[] = [];
  if (screen.path === '/index' || screen.path === '/') calls.push(FIRST_SCREEN_URLS.hotProducts);
  if (screen.path === '/product/index') {
    const type = new URLSearchParams(screen.search).get('type');
    calls.push(FIRST_SCREEN_URLS.productListFirstPage(type && LIST_TYPE.test(type) ? type : null));
  }
  if (!screen.signedIn) {
    if (!open && screen.wechat) calls.push(FIRST_SCREEN_URLS.clientConfig);
    return calls;
  }
  if (!open && screen.path !== '/' && screen.path !== '/login' && screen.path !== '/loginIndex') {
    calls.push(FIRST_SCREEN_URLS.me, FIRST_SCREEN_URLS.menu);
  }
  if (screen.path === '/productDetails/index') {
    const id = new URLSearchParams(screen.search).get('id') ?? '';
    if (PRODUCT_ID.test(id)) calls.push(FIRST_SCREEN_URLS.product(id));
  }
  return calls;
}
