import {
  apiGet,
  browserAccessToken,
  expect,
  hashUrl,
  limit,
  residentId,
  sentBodies,
  signInByApi,
  test,
  watchSentBodies,
} from './fixtures.ts';
import { consentAsNewWeChatUser } from './sign-in-steps.ts';
import { catalogueProduct, t } from './texts.ts';
import {
  choosePlan,
  confirmAndSubmit,
  fillApplicant,
  insureSelf,
  passHealth,
  payInCashier,
  pickPlan,
  startBuying,
} from './buy-steps.ts';

test.describe(
  'buying for oneself from a shared link',
  { tag: ['@writes', '@wechat-sim', '@demo-data', '@in-wechat'] },
  () => {
    test.use({ wechat: true });

    test("a visitor opens a partner's product link in WeChat, signs in through WeChat, buys an accident cover for themself, pays and sees the policy", async ({
      page,
      context,
      request,
      userAgent,
      keyScreen,
    }, testInfo) => {
      // The partner who shared the link, and the product the link points at.
      const partner = await signInByApi(request, 'demo.partner');
      const { id: partnerId } = await apiGet<{ id: number }>(request, 'members/me', partner.access_token);
      const product = await catalogueProduct(request, '综合意外险');
      const productId = product.id;
      const plan = product.text('标准版');

      await watchSentBodies(page);
      // The shared link, opened in WeChat: the app goes to WeChat's consent page (the simulator).
      await page.goto(`/?channel=demo&recommendId=${partnerId}#/productDetails/index?id=${productId}`);
      await expect(page).toHaveURL(/\/wx-sim\/connect\/oauth2\/authorize\?/);
      // WeChat's consent page (the simulator's), in Chinese whatever the H5's language.
      // A nickname never used before: WeChat gives a new openid, so the server creates a new member.
      const nickname = `buyer-${testInfo.project.name}-${Date.now()}`;
      await page.getByLabel('模拟的微信用户（昵称）').fill(nickname);
      await page.getByRole('button', { name: '允许' }).click();
      // A new member agrees to the terms first, then WeChat signs them in.
      await consentAsNewWeChatUser(page);

      // Back on the product, signed in as the new member the partner brought in.
      await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
      await expect(page.getByRole('button', { name: t('details.buy') })).toBeVisible();
      await keyScreen('product from the shared link, signed in through WeChat');
      const buyerToken = await browserAccessToken(context);
      const buyer = await apiGet<{ id: number; recommenderId: number | null; wechatBound: boolean }>(
        request,
        'members/me',
        buyerToken,
      );
      expect(buyer.id).not.toBe(partnerId);
      expect(buyer.recommenderId).toBe(partnerId);
      expect(buyer.wechatBound).toBe(true);

      // Buy for oneself.
      await startBuying(page);
      await pickPlan(page, plan);
      const { draftId } = await choosePlan(page);
      // The draft is created with the sharer's recommendId, and the server keeps it with the draft.
      const [creation] = await sentBodies(page, 'POST', /\/order\/drafts$/);
      expect(JSON.parse(creation.body)).toMatchObject({ productId, recommendId: String(partnerId) });
      expect(
        await apiGet<{ recommendId: number | null }>(request, `order/drafts/${draftId}`, buyerToken),
      ).toMatchObject({
        recommendId: partnerId,
      });
      const applicant = { name: '李晓明', idNumber: residentId('19900315', 17), mobile: '13912345678' };
      await fillApplicant(page, applicant);
      await insureSelf(page, applicant);
      await passHealth(page);
      const { orderId } = await confirmAndSubmit(page, { plan });
      // The order is submitted with the sharer's recommendId.
      const [submission] = await sentBodies(page, 'POST', /\/order\/drafts\/\d+\/submit$/);
      expect(JSON.parse(submission.body)).toMatchObject({ recommendId: String(partnerId) });

      /*
       * Paying. Inside WeChat the pay page opens WeChat's pay sheet (wx.chooseWXPay, wechat/pay.ts),
       * never the cashier. The JS-SDK waits for WeChat's JS bridge, which only WeChat's own browser
       * has: the local simulator has none, so here the sheet cannot open and after 10 s the page says
       * the payment did not complete, leaving the order payable. What the simulator has is its
       * cashier, which the pay page opens outside WeChat. So the same buyer, on the same page with
       * the same session, then pays as in a phone browser: the user agent loses MicroMessenger, the
       * page is loaded again and 立即支付 goes to the cashier.
       */
      await page.getByRole('button', { name: t('pay.confirm') }).click();
      await expect(page.getByText(t('pay.failed'))).toBeVisible({ timeout: limit(15_000) });
      await keyScreen('pay sheet cannot open without WeChat');
      await expect(page).toHaveURL(/#\/pay\/index\?orderId=\d+$/);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setUserAgentOverride', { userAgent: userAgent!.replace(/\s*MicroMessenger\/\S+/, '') });
      await page.reload();
      expect(await page.evaluate(() => navigator.userAgent)).not.toContain('MicroMessenger');
      const policyNo = await payInCashier(page);

      // The server says the same: paid, with that policy, for the new member.
      const order = await apiGet<{
        status: string;
        policyNo: string | null;
        policyId: number | null;
        insuredCount: number;
      }>(request, `order/${orderId}`, buyerToken);
      expect(order).toMatchObject({ status: 'paid', policyNo, insuredCount: 1 });
      expect(order.policyId).not.toBeNull();

      // 我的订单 opens on 全部, where the order just paid is listed (待支付 used to be first and empty).
      await page.goto(hashUrl('/help/order'));
      await expect(page.getByRole('tab', { name: t('order.status.all') })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('table')).toContainText(policyNo);
      await keyScreen('my orders');
    });
  },
);
