import { afterAll, describe, expect, it } from 'vitest';
import { currentAgreement } from '#shared/consent.ts';
import { loadConfig } from '../config.ts';
import { setupTestApp } from '../test/helper.ts';
import { tokenCall, tokenOf } from '../test/token-call.ts';
import { buildWechatSimulator } from './wechat-alone.ts';

// WeChat as its own server, the product with no simulator of its own, reaching it by WECHAT_API_BASE.
const wechat = await buildWechatSimulator(loadConfig({ WECHAT_SIMULATOR: 'true' }), 'silent');
await wechat.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => wechat.close());
const address = wechat.server.address();
const wechatUrl = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}/wx-sim`;
const ctx = await setupTestApp({ WECHAT_SIMULATOR: 'false', WECHAT_API_BASE: wechatUrl });

const wxWeb = (code: string) => ({ grant_type: 'wx_web', code, channel: 'demo' });

async function webCode(user: string): Promise<string> {
  const res = await fetch(`${wechatUrl}/test/oauth-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user }),
  });
  return ((await res.json()) as { code: string }).code;
}

describe('the WeChat simulator as a server of its own', () => {
  it('signs a WeChat user in through the product, first with the consent and then as a returning user', async () => {
    const first = tokenOf(await tokenCall(ctx, { ...wxWeb(await webCode('alone-1')), agreement: currentAgreement() }));
    const again = tokenOf(await tokenCall(ctx, wxWeb(await webCode('alone-1'))));
    const me = async (token: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/prod-api/app-api/v1/members/me',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().data.id;
    expect(await me(again.access_token)).toBe(await me(first.access_token));
  });

  it('refuses a code it did not issue, as WeChat does, and the product has no /wx-sim of its own', async () => {
    const res = await tokenCall(ctx, wxWeb('not-a-code'));
    expect(res.json()).toMatchObject({ code: 'A0220', data: null });
    expect((await fetch(`${ctx.url}/wx-sim/test/identity?user=x`)).status).toBe(404);
  });
});
