import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/helper.ts';
import { callbackUrl } from './redirect.ts';
import { simulatedOpenid } from './state.ts';

const ctx = await setupTestApp({}, { seed: false });
const sim = `${ctx.url}/wx-sim`;
const oa = { appid: ctx.config.WECHAT_OA_APPID, secret: ctx.config.wechatOaSecret };
const mp = { appid: ctx.config.WECHAT_MP_APPID, secret: ctx.config.wechatMpSecret };
const H5 = 'http://h5.test/?channel=1#/productDetails/index?id=3';

const getJson = async (path: string, params: Record<string, string>) =>
  (await fetch(`${sim}${path}?${new URLSearchParams(params)}`)).json();
const postJson = async (path: string, body: unknown) =>
  (
    await fetch(`${sim}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json();
const authorizeQuery = (over: Record<string, string> = {}) =>
  new URLSearchParams({
    appid: oa.appid,
    redirect_uri: H5,
    response_type: 'code',
    scope: 'snsapi_userinfo',
    state: 'abc123',
    ...over,
  });
/** Submits the consent form the way the page's buttons do. */
const decide = (decision: 'allow' | 'deny', user: string, over: Record<string, string> = {}) =>
  fetch(`${sim}/connect/oauth2/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(authorizeQuery(over)), user, decision }),
  });
const exchange = (code: string, app = oa) =>
  getJson('/sns/oauth2/access_token', { appid: app.appid, secret: app.secret, code, grant_type: 'authorization_code' });

describe('authorize page', () => {
  it('shows a Chinese, mobile-friendly consent page with the app, the scope, a user field and 允许/拒绝', async () => {
    const res = await fetch(`${sim}/connect/oauth2/authorize?${authorizeQuery()}#wechat_redirect`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('name="viewport"');
    expect(html).toContain(oa.appid);
    expect(html).toContain('昵称、头像');
    expect(html).toMatch(/<button[^>]*value="allow"[^>]*>允许<\/button>/);
    expect(html).toMatch(/<button[^>]*value="deny"[^>]*>拒绝<\/button>/);
    expect(html).toMatch(/name="user"[^>]*value="微信用户\d{6}"/);
    // The redirect_uri survives the round trip through the form, fragment and all (HTML-escaped).
    expect(html).toContain('value="http://h5.test/?channel=1#/productDetails/index?id=3"');
  });

  it('offers a fresh random user each time, but remembers the user after 允许', async () => {
    const a = await (await fetch(`${sim}/connect/oauth2/authorize?${authorizeQuery()}`)).text();
    const b = await (await fetch(`${sim}/connect/oauth2/authorize?${authorizeQuery()}`)).text();
    const userOf = (html: string) => /name="user"[^>]*value="([^"]*)"/.exec(html)![1];
    expect(userOf(a)).not.toBe(userOf(b));
    const allowed = await decide('allow', '张三');
    const cookie = allowed.headers.get('set-cookie')!.split(';')[0];
    const again = await (
      await fetch(`${sim}/connect/oauth2/authorize?${authorizeQuery()}`, { headers: { cookie } })
    ).text();
    expect(userOf(again)).toBe('张三');
  });

  it('allow: 302 to redirect_uri with code and state inserted before the #fragment', async () => {
    const res = await decide('allow', 'redirect-user');
    expect(res.status).toBe(302);
    const location = res.headers.get('location')!;
    expect(location).toMatch(
      /^http:\/\/h5\.test\/\?channel=1&code=[\w-]{32}&state=abc123#\/productDetails\/index\?id=3$/,
    );
    const code = new URL(location.split('#')[0]).searchParams.get('code')!;
    expect(await exchange(code)).toMatchObject({
      openid: simulatedOpenid(oa.appid, 'redirect-user'),
      scope: 'snsapi_userinfo',
    });
  });

  it('deny: 302 with the state only', async () => {
    const res = await decide('deny', 'someone');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://h5.test/?channel=1&state=abc123#/productDetails/index?id=3');
  });

  it.each([
    ['an unknown appid', { appid: 'wx-not-ours' }, '10016'],
    ['the mini-program appid', { appid: mp.appid }, '10016'],
    ['a relative redirect_uri', { redirect_uri: '/index' }, '10003'],
    ['a javascript: redirect_uri', { redirect_uri: 'javascript:alert(1)' }, '10003'],
    ['a bad scope', { scope: 'snsapi_login' }, '10005'],
    ['a bad response_type', { response_type: 'token' }, '10005'],
    ['an over-long state', { state: 'a'.repeat(129) }, '10014'],
  ])('refuses %s with an error page', async (_name, over, errcode) => {
    const res = await fetch(`${sim}/connect/oauth2/authorize?${authorizeQuery(over)}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(`错误码：${errcode}`);
    const posted = await decide('allow', 'x', over);
    expect(posted.status).toBe(400);
  });
});

describe('callbackUrl', () => {
  it.each([
    ['http://a.test/', 'http://a.test/?code=C&state=S'],
    ['http://a.test/p?x=1', 'http://a.test/p?x=1&code=C&state=S'],
    ['http://a.test/p?', 'http://a.test/p?code=C&state=S'],
    ['http://a.test/#/home?tab=2', 'http://a.test/?code=C&state=S#/home?tab=2'],
    [
      'http://a.test/?channel=1#/productDetails/index?id=3',
      'http://a.test/?channel=1&code=C&state=S#/productDetails/index?id=3',
    ],
  ])('%s → %s', (uri, expected) => {
    expect(callbackUrl(uri, { code: 'C', state: 'S' })).toBe(expected);
  });
});

describe('sns APIs', () => {
  it('exchanges a code once with the real field names; a second use is 40163', async () => {
    const { code } = await postJson('/test/oauth-code', { user: 'once' });
    const first = await exchange(code);
    expect(first).toMatchObject({
      access_token: expect.any(String),
      expires_in: 7200,
      refresh_token: expect.any(String),
      openid: expect.stringMatching(/^o[\w-]{27}$/),
      scope: 'snsapi_userinfo',
      unionid: expect.any(String),
    });
    expect(await exchange(code)).toMatchObject({ errcode: 40163, errmsg: expect.stringContaining('code been used') });
  });

  it('answers 40029 for unknown, expired and other-app codes, 40125 for a wrong secret', async () => {
    expect((await exchange('nope')).errcode).toBe(40029);
    const { code: mpCode } = await postJson('/test/mp-login', { user: 'mp-user' });
    expect((await exchange(mpCode)).errcode).toBe(40029);
    const { code } = await postJson('/test/oauth-code', { user: 'wrong-secret' });
    expect((await exchange(code, { appid: oa.appid, secret: 'wrong' })).errcode).toBe(40125);
    expect((await exchange(code, { appid: 'wx-unknown', secret: 'x' })).errcode).toBe(40013);
    expect(
      (await getJson('/sns/oauth2/access_token', { appid: oa.appid, secret: oa.secret, code, grant_type: 'password' }))
        .errcode,
    ).toBe(40002);
    // A failed attempt does not consume the code; expiry does.
    await postJson('/test/clock', { advanceSeconds: 299 });
    expect(await exchange(code)).toHaveProperty('openid');
    const { code: late } = await postJson('/test/oauth-code', { user: 'late' });
    await postJson('/test/clock', { advanceSeconds: 301 });
    expect((await exchange(late)).errcode).toBe(40029);
  });

  it('derives a stable openid per app and user, and one unionid per user', async () => {
    const a = await exchange((await postJson('/test/oauth-code', { user: 'stable' })).code);
    const b = await exchange((await postJson('/test/oauth-code', { user: 'stable' })).code);
    const c = await exchange((await postJson('/test/oauth-code', { user: 'other' })).code);
    expect(a.openid).toBe(b.openid);
    expect(a.openid).not.toBe(c.openid);
    const identity = await getJson('/test/identity', { user: 'stable' });
    expect(identity).toEqual({ openid: a.openid, unionid: a.unionid });
    const session = await getJson('/sns/jscode2session', {
      ...mp,
      js_code: (await postJson('/test/mp-login', { user: 'stable' })).code,
      grant_type: 'authorization_code',
    });
    expect(session.openid).not.toBe(a.openid);
    expect(session.unionid).toBe(a.unionid);
    expect(session.session_key).toEqual(expect.any(String));
  });

  it('serves userinfo for snsapi_userinfo only, for the right openid', async () => {
    const grant = await exchange((await postJson('/test/oauth-code', { user: '李四' })).code);
    const info = await getJson('/sns/userinfo', {
      access_token: grant.access_token,
      openid: grant.openid,
      lang: 'zh_CN',
    });
    expect(info).toMatchObject({
      openid: grant.openid,
      nickname: '李四',
      headimgurl: expect.stringMatching(/\/wx-sim\/avatar\/.+\.svg/),
      unionid: grant.unionid,
      privilege: [],
    });
    expect((await fetch(info.headimgurl)).headers.get('content-type')).toContain('image/svg+xml');
    expect((await getJson('/sns/userinfo', { access_token: grant.access_token, openid: 'o-other' })).errcode).toBe(
      40003,
    );
    expect((await getJson('/sns/userinfo', { access_token: 'bad', openid: grant.openid })).errcode).toBe(40001);
    const base = await exchange((await postJson('/test/oauth-code', { user: 'base', scope: 'snsapi_base' })).code);
    expect((await getJson('/sns/userinfo', { access_token: base.access_token, openid: base.openid })).errcode).toBe(
      48001,
    );
  });

  it('jscode2session: single use, mini-program codes only', async () => {
    const { code } = await postJson('/test/mp-login', { user: 'mini' });
    const params = { ...mp, js_code: code, grant_type: 'authorization_code' };
    expect(await getJson('/sns/jscode2session', params)).toMatchObject({ openid: simulatedOpenid(mp.appid, 'mini') });
    expect((await getJson('/sns/jscode2session', params)).errcode).toBe(40163);
    expect(
      (await getJson('/sns/jscode2session', { ...params, js_code: (await postJson('/test/oauth-code', {})).code }))
        .errcode,
    ).toBe(40029);
    expect((await getJson('/sns/jscode2session', { ...params, secret: 'bad' })).errcode).toBe(40125);
  });
});

describe('cgi-bin APIs', () => {
  it('issues an access token with client_credential and a jsapi ticket with it', async () => {
    const token = await getJson('/cgi-bin/token', { grant_type: 'client_credential', ...oa });
    expect(token).toMatchObject({ access_token: expect.any(String), expires_in: 7200 });
    expect(
      await getJson('/cgi-bin/ticket/getticket', { access_token: token.access_token, type: 'jsapi' }),
    ).toMatchObject({ errcode: 0, errmsg: 'ok', ticket: expect.any(String), expires_in: 7200 });
    expect((await getJson('/cgi-bin/ticket/getticket', { access_token: 'bad', type: 'jsapi' })).errcode).toBe(40001);
    expect(
      (await getJson('/cgi-bin/ticket/getticket', { access_token: token.access_token, type: 'wx_card' })).errcode,
    ).toBe(40097);
    expect(
      (await getJson('/cgi-bin/token', { grant_type: 'client_credential', appid: oa.appid, secret: 'bad' })).errcode,
    ).toBe(40125);
  });
});
