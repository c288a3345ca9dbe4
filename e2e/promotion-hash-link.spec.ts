import { apiGet, expect, formFields, hashUrl, limit, phoneSlot, signInBrowser, test, TOKEN_PATH } from './fixtures.ts';
import { agreeToTerms, consentAsNewWeChatUser, outboxCode, typeCode } from './sign-in-steps.ts';
import { catalogueProduct, t } from './texts.ts';

type Counts = { visits: number; signups: number; paidOrders: number; commissionFen: number };

test.describe(
  'a partner link with recommendId inside the hash route',
  { tag: ['@writes', '@demo-data', '@dev-routes', '@wechat-sim'] },
  () => {
    test('attributes the visitors who sign in by SMS and through WeChat, and 推广中心 shows them', async ({
      page,
      context,
      newPhone,
      baseURL,
    }, testInfo) => {
      // Three people on three phones, two of them signing up.
      test.slow();
      const partner = await signInBrowser(context, baseURL!, 'demo.partner');
      const { id: partnerId } = await apiGet<{ id: number }>(context.request, 'members/me', partner.access_token);
      const product = await catalogueProduct(context.request, '综合意外险');
      const totals = async () =>
        (await apiGet<{ total: Counts }>(context.request, 'promo/stats', partner.access_token)).total;
      const before = await totals();
      // Written the way people and other tools write hash-routed links: the query inside the hash.
      const link = `${baseURL}/#/productDetails/index?id=${product.id}&recommendId=${partnerId}`;

      // A new customer opens it in a plain browser and signs in with an SMS code.
      const { page: smsVisitor } = await newPhone();
      // The product page needs a member: the sign-in form comes first.
      await smsVisitor.goto(link);
      const dialog = smsVisitor.getByRole('dialog', { name: t('login.title') });
      await dialog.getByRole('tab', { name: t('signin.tabSms') }).click();
      const mobile = `137${String(Date.now()).slice(-6)}${phoneSlot(testInfo) + 1}5`;
      await dialog.getByLabel(t('signin.mobile')).fill(mobile);
      await agreeToTerms(dialog);
      await dialog.getByRole('button', { name: t('setting.mobile.sendCode') }).click();
      await typeCode(dialog, await outboxCode(smsVisitor.request, mobile, 'login'));
      const tokenCall = smsVisitor.waitForRequest((r) => r.url().endsWith(TOKEN_PATH) && r.method() === 'POST');
      await dialog.getByRole('button', { name: t('login.submit'), exact: true }).click();
      expect(formFields(await tokenCall)).toMatchObject({ grant_type: 'sms_code', recommendId: String(partnerId) });
      await expect(smsVisitor.getByRole('heading', { name: product.name })).toBeVisible({ timeout: limit(15_000) });

      // Another opens it inside WeChat: round WeChat's authorize page and back, a new member.
      const { page: wechatVisitor } = await newPhone({ wechat: true });
      await wechatVisitor.goto(link);
      await expect(wechatVisitor).toHaveURL(/\/wx-sim\/connect\/oauth2\/authorize\?/);
      await wechatVisitor.getByLabel('模拟的微信用户（昵称）').fill(`hash-${testInfo.project.name}-${Date.now()}`);
      await wechatVisitor.getByRole('button', { name: '允许' }).click();
      await consentAsNewWeChatUser(wechatVisitor);
      await expect(wechatVisitor.getByRole('heading', { name: product.name })).toBeVisible();

      // The partner's figures: both sign-ups and the link's visits (the other phone's run shares the
      // partner, so they grew by at least these), in 推广中心 as on the server.
      await expect
        .poll(async () => {
          const now = await totals();
          return now.signups - before.signups >= 2 && now.visits - before.visits >= 1;
        })
        .toBe(true);
      await page.goto(hashUrl('/help/userpromo'));
      const tagline = product.text('意外医疗 0 免赔，出行通勤一年安心');
      const figures = page
        .locator('.adm-list-item')
        .filter({ hasText: tagline })
        .getByTestId(`promo-stats-${product.id}`);
      const shown = Number(await figures.getByTestId('promo-visits').textContent());
      expect(shown).toBeGreaterThanOrEqual(Math.max(1, before.visits > 0 ? 1 : 0));
    });
  },
);
