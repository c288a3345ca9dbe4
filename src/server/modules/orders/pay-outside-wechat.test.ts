import { describe, expect, it } from 'vitest';
import type { PayAnswer } from '#shared/orders.ts';
import { wechatIdentities } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { productByCode, unpaidOrder } from '../../test/buying.ts';
import { api } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

// Real WeChat Pay configured (an address nothing answers on), the simulator off: no stand-in openids.
const ctx = await setupTestApp(
  { WECHAT_SIMULATOR: 'false', WECHAT_PAY_BASE: 'http://127.0.0.1:9', PUBLIC_URL: 'https://insure.example.com' },
  { listen: false },
);
const call = api(ctx);
const accident = await productByCode(ctx, 'ACC-ZH');

describe('paying without the simulator', () => {
  it('refuses a member who has no WeChat sign-in, with a clear message', async () => {
    const member = await signIn(ctx, 'demo.member');
    const order = await unpaidOrder(ctx, member, accident);
    const answer = await call<PayAnswer>('POST', `order/${order.id}/pay`, member, {});
    expect(answer).toMatchObject({ status: 403, code: 'A0450', msg: '请在微信中打开本页面并授权登录后再支付' });
  });

  it('goes to WeChat Pay for a member with a WeChat web identity (unreachable here: 502, order still payable)', async () => {
    const member = await signIn(ctx, 'demo.company');
    await ctx.database.db.insert(wechatIdentities).values({
      memberId: member.memberId,
      appId: ctx.config.wechatPayAppId,
      kind: 'web',
      openid: 'oRealOpenid00000000000000001',
    });
    const order = await unpaidOrder(ctx, member, accident);
    const answer = await call<PayAnswer>('POST', `order/${order.id}/pay`, member, {});
    expect(answer).toMatchObject({ status: 502, code: 'C0130' });
    expect((await call<{ status: string }>('GET', `order/${order.id}`, member)).data.status).toBe('unpaid');
  });
});
