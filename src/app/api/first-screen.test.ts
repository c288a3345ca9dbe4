import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_URLS, firstScreenCalls, hashRoute } from './first-screen.ts';

const screen = (hash: string, signedIn: boolean, wechat = false) => ({ ...hashRoute(hash), signedIn, wechat });

describe("the first screen's calls, started from index.html", () => {
  it('reads the hash route, the home when empty', () => {
    expect(hashRoute('#/productDetails/index?id=3&plan=2')).toEqual({
      path: '/productDetails/index',
      search: '?id=3&plan=2',
    });
    expect(hashRoute('')).toEqual({ path: '/index', search: '' });
  });

  it('asks for the best sellers on the home, signed in or not, and for nothing else there', () => {
    expect(firstScreenCalls(screen('#/index', false))).toEqual([FIRST_SCREEN_URLS.hotProducts]);
    expect(firstScreenCalls(screen('#/index', true))).toEqual([FIRST_SCREEN_URLS.hotProducts]);
  });

  it("asks the product list for its first page, of the address's type", () => {
    expect(firstScreenCalls(screen('#/product/index', false))).toEqual([
      '/prod-api/app-api/v1/prodType/listTypeProds?page=1&pageSize=10',
    ]);
    expect(firstScreenCalls(screen('#/product/index?type=travel', true))).toEqual([
      '/prod-api/app-api/v1/prodType/listTypeProds?type=travel&page=1&pageSize=10',
    ]);
    expect(firstScreenCalls(screen('#/product/index?type=%3Cx%3E', false))).toEqual([
      FIRST_SCREEN_URLS.productListFirstPage(null),
    ]);
  });

  it('asks a signed-in product page for the profile, the menu (guard, spec §2) and the product', () => {
    expect(firstScreenCalls(screen('#/productDetails/index?id=7', true))).toEqual([
      FIRST_SCREEN_URLS.me,
      FIRST_SCREEN_URLS.menu,
      '/prod-api/app-api/v1/product/7',
    ]);
  });

  it('asks nothing of a signed-out product page but, inside WeChat, the client config for the trip to WeChat', () => {
    expect(firstScreenCalls(screen('#/productDetails/index?id=7', false))).toEqual([]);
    expect(firstScreenCalls(screen('#/productDetails/index?id=7', false, true))).toEqual([
      FIRST_SCREEN_URLS.clientConfig,
    ]);
  });

  it('leaves out a product id the server would refuse', () => {
    expect(firstScreenCalls(screen('#/productDetails/index?id=abc', true))).toEqual([
      FIRST_SCREEN_URLS.me,
      FIRST_SCREEN_URLS.menu,
    ]);
  });

  it("asks the signed-in guard's calls on other pages, not on open ones or the sign-in page", () => {
    expect(firstScreenCalls(screen('#/policy/index', true))).toEqual([FIRST_SCREEN_URLS.me, FIRST_SCREEN_URLS.menu]);
    expect(firstScreenCalls(screen('#/know/index', true))).toEqual([]);
    expect(firstScreenCalls(screen('#/loginIndex', true))).toEqual([]);
  });
});
