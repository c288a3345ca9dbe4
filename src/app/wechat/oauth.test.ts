import { beforeEach, describe, expect, it, vi } from 'vitest';
import { grantFields, type SignInGrant } from '../api/auth.ts';
import { authorizeUrl, signInOnEntry } from './oauth.ts';
import { ApiError } from '../api/api-error.ts';
import { onCallFailure } from '../api/call-failures.ts';
import { consentTicket, newState, oauthRecentlyFailed, rememberAgreement, takeAgreement } from './oauth-storage.ts';

function visit(address: string) {
  window.history.replaceState(null, '', address);
}

beforeEach(() => {
  sessionStorage.clear();
  visit('/');
});

describe('wx_web sign-in on entry (docs/specification.md#product-shape)', () => {
  it('exchanges the code once, with channel and recommendId, and removes code and state from the address', async () => {
    const state = newState();
    visit(`/?channel=demo&recommendId=12&code=C1&state=${state}#/productDetails/index?id=3`);
    const seenAddress: string[] = [];
    const exchange = vi.fn(async (_grant: SignInGrant) => {
      seenAddress.push(window.location.href);
    });
    await signInOnEntry(exchange);
    expect(exchange).toHaveBeenCalledExactlyOnceWith({
      grant_type: 'wx_web',
      code: 'C1',
      channel: 'demo',
      recommendId: '12',
    });
    // Already gone while the exchange was running.
    expect(seenAddress[0]).toBe('http://localhost:3000/?channel=demo&recommendId=12#/productDetails/index?id=3');
    expect(window.location.href).toBe('http://localhost:3000/?channel=demo&recommendId=12#/productDetails/index?id=3');
  });

  it('never replays a used code (reload or back button)', async () => {
    const state = newState();
    visit(`/?code=C2&state=${state}#/index`);
    const exchange = vi.fn(async () => undefined);
    await signInOnEntry(exchange);
    // The same callback address again, e.g. from the history.
    visit(`/?code=C2&state=${state}#/index`);
    sessionStorage.setItem('wx.oauth.state', state);
    await signInOnEntry(exchange);
    expect(exchange).toHaveBeenCalledTimes(1);
  });

  it('ignores a code whose state this tab did not create (a copied link)', async () => {
    newState();
    visit('/?code=C3&state=someone-else#/index');
    const exchange = vi.fn(async () => undefined);
    await signInOnEntry(exchange);
    expect(exchange).not.toHaveBeenCalled();
    expect(window.location.search).toBe('');
  });

  it('sends a fallback channel when the link had none and leaves recommendId out', async () => {
    const state = newState();
    visit(`/?code=C4&state=${state}#/index`);
    const exchange = vi.fn(async () => undefined);
    await signInOnEntry(exchange);
    expect(exchange).toHaveBeenCalledWith({ grant_type: 'wx_web', code: 'C4', channel: 'direct' });
  });

  it('sends the consent ticked before "微信登录" with the code it brought back, once', async () => {
    const state = newState();
    rememberAgreement('terms:2026-11-25,privacy:2026-11-25');
    visit(`/?code=C9&state=${state}#/index`);
    const exchange = vi.fn(async () => undefined);
    await signInOnEntry(exchange);
    expect(exchange).toHaveBeenCalledWith({
      grant_type: 'wx_web',
      code: 'C9',
      channel: 'direct',
      agreement: 'terms:2026-11-25,privacy:2026-11-25',
    });
    expect(takeAgreement()).toBeNull();
  });

  it("keeps a new user's consent ticket for the consent step, without a toast; other refusals are told", async () => {
    const told: string[] = [];
    const stop = onCallFailure((message) => told.push(message));
    visit(`/?code=C10&state=${newState()}#/index`);
    await signInOnEntry(async () => {
      throw new ApiError('A0140', '请先阅读并同意', 400, { consentTicket: 'sealed.ticket' });
    });
    expect(consentTicket()).toBe('sealed.ticket');
    expect(oauthRecentlyFailed()).toBe(true);
    expect(told).toEqual([]);
    expect(consentTicket(Date.now() + 301_000)).toBeNull();

    sessionStorage.clear();
    visit(`/?code=C11&state=${newState()}#/index`);
    await signInOnEntry(async () => {
      throw new ApiError('A0202', '账号已被停用', 400);
    });
    expect(consentTicket()).toBeNull();
    expect(told).toEqual(['账号已被停用']);
    stop();
  });

  it('takes channel and recommendId written inside the hash route too, through the trip to WeChat', async () => {
    visit('/#/productDetails/index?id=1&recommendId=3&channel=demo');
    await signInOnEntry(vi.fn(async () => undefined));
    // Back from WeChat on another route: the link's values were kept for the tab.
    const state = newState();
    visit(`/?code=C5&state=${state}#/insureDetails/index?productId=1`);
    const exchange = vi.fn(async () => undefined);
    await signInOnEntry(exchange);
    expect(exchange).toHaveBeenCalledWith({ grant_type: 'wx_web', code: 'C5', channel: 'demo', recommendId: '3' });
  });

  it("sends a mini-program sign-in's recommendId with wx_cgi", async () => {
    visit('/?mpcode=M2#/productDetails/index?id=1&recommendId=3');
    const exchange = vi.fn(async () => undefined);
    await signInOnEntry(exchange);
    expect(exchange).toHaveBeenCalledExactlyOnceWith({ grant_type: 'wx_cgi', code: 'M2', recommendId: '3' });
  });

  it('exchanges a mini-program code with wx_cgi', async () => {
    visit('/?mpcode=M1#/index');
    const exchange = vi.fn(async () => undefined);
    await signInOnEntry(exchange);
    expect(exchange).toHaveBeenCalledExactlyOnceWith({ grant_type: 'wx_cgi', code: 'M1' });
    expect(window.location.search).toBe('');
  });
});

describe('token call fields (spec §5)', () => {
  it('omits recommendId when it is -1', () => {
    expect(grantFields({ grant_type: 'wx_web', code: 'c', channel: 'demo', recommendId: '-1' })).toEqual({
      grant_type: 'wx_web',
      code: 'c',
      channel: 'demo',
    });
  });
});

describe('authorize address', () => {
  it('asks for snsapi_userinfo with a stored random state and comes back to the wanted route', () => {
    visit('/?channel=demo&code=old&state=old#/index?redirect=%2Fpolicy%2Findex');
    const url = authorizeUrl(
      { authorizeUrl: 'http://sim/wx-sim/connect/oauth2/authorize', wechatAppId: 'wxAPP', scope: 'snsapi_userinfo' },
      '/policy/index',
    );
    const [address, fragment] = url.split('#');
    expect(fragment).toBe('wechat_redirect');
    const query = new URL(address).searchParams;
    expect(query.get('appid')).toBe('wxAPP');
    expect(query.get('response_type')).toBe('code');
    expect(query.get('scope')).toBe('snsapi_userinfo');
    expect(query.get('redirect_uri')).toBe('http://localhost:3000/?channel=demo#/policy/index');
    expect(query.get('state')).toMatch(/^[0-9a-f]{32}$/);
    expect(sessionStorage.getItem('wx.oauth.state')).toBe(query.get('state'));
  });
});
