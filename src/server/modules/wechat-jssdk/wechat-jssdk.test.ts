import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/helper.ts';

const ctx = await setupTestApp({}, { seed: false });
const PATH = '/prod-api/app-api/v1/wechat/jssdk-config';
const get = (url?: string) => ctx.app.inject({ method: 'GET', url: PATH, query: url === undefined ? {} : { url } });

describe('GET /prod-api/app-api/v1/wechat/jssdk-config', () => {
  it('answers wx.config fields whose signature is sha1 of the sorted raw fields, without a token', async () => {
    const page = 'http://h5.test/?channel=demo&from=singlemessage';
    const res = await get(page);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = res.json();
    expect(data).toEqual({
      appId: ctx.config.WECHAT_OA_APPID,
      timestamp: expect.any(Number),
      nonceStr: expect.any(String),
      signature: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    expect(Math.abs(data.timestamp - Date.now() / 1000)).toBeLessThan(5);
    const ticket = await ctx.app.providers.wechat.getJsapiTicket();
    const expected = createHash('sha1')
      .update(`jsapi_ticket=${ticket}&noncestr=${data.nonceStr}&timestamp=${data.timestamp}&url=${page}`)
      .digest('hex');
    expect(data.signature).toBe(expected);
  });

  it('signs the URL without its #fragment, and gives a fresh nonce each time', async () => {
    const a = (await get('https://h5.test/index.html?x=1#/productDetails/index?id=3')).json().data;
    const b = (await get('https://h5.test/index.html?x=1')).json().data;
    expect(a.nonceStr).not.toBe(b.nonceStr);
    const ticket = await ctx.app.providers.wechat.getJsapiTicket();
    const sign = (d: { nonceStr: string; timestamp: number }) =>
      createHash('sha1')
        .update(
          `jsapi_ticket=${ticket}&noncestr=${d.nonceStr}&timestamp=${d.timestamp}&url=https://h5.test/index.html?x=1`,
        )
        .digest('hex');
    expect(a.signature).toBe(sign(a));
    expect(b.signature).toBe(sign(b));
  });

  it.each([
    ['a relative URL', '/index', 'A0400'],
    ['an ftp URL', 'ftp://h5.test/', 'A0400'],
    ['a javascript: URL', 'javascript:alert(1)', 'A0400'],
    ['an over-long URL', `https://h5.test/?q=${'x'.repeat(3000)}`, 'A0400'],
    ['no URL', undefined, 'A0410'],
  ])('refuses %s with 400', async (_name, url, code) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
  });
});
