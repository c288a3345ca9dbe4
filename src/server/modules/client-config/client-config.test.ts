import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/helper.ts';

const ctx = await setupTestApp({}, { listen: false, seed: false });

describe('GET /prod-api/app-api/v1/open/client-config', () => {
  it('points the H5 at the local simulator outside production, without a token', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/prod-api/app-api/v1/open/client-config',
      headers: { host: 'shop.test:8080' },
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      simulator: true,
      wechatAppId: ctx.config.WECHAT_OA_APPID,
      authorizeUrl: 'http://shop.test:8080/wx-sim/connect/oauth2/authorize',
    });
    expect(JSON.stringify(data)).not.toContain(ctx.config.wechatOaSecret);
  });
});
