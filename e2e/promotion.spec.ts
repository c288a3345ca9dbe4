import {
  apiGet,
  browserAccessToken,
  expect,
  hashUrl,
  limit,
  residentId,
  sentBodies,
  signInBrowser,
  test,
  watchSentBodies,
} from './fixtures.ts';
import {
  choosePlan,
  confirmAndSubmit,
  fillApplicant,
  insureSelf,
  passHealth,
  payInCashier,
  startBuying,
} from './buy-steps.ts';
import { consentAsNewWeChatUser } from './sign-in-steps.ts';
import { catalogueProduct, t } from './texts.ts';

const fen = (n: number) =>
  `${n < 0 ? '-' : ''}¥${Math.floor(Math.abs(n) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(Math.abs(n) % 100).padStart(2, '0')}`;

test.describe('promotion to commission', { tag: ['@writes', '@demo-data', '@wechat-sim'] }, () => {
  test('a partner copies a product link, a new visitor opens it in WeChat, signs in and buys; the partner sees the commission in income and balance', async ({
    page,
    context,
    newPhone,
    userAgent,
    baseURL,
    keyScreen,
  }, testInfo) => {
    // The partner, in their own browser, copies the product's promotion link from 推广中心.
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: {
          writeText: async (text: string) => {
            (window as unknown as { copied: string }).copied = text;
          },
        },
      });
    });
    const partner = await signInBrowser(context, baseURL!, 'demo.partner');
    const before = await apiGet<{ balanceFen: number }>(context.request, 'finance/summary', partner.access_token);
    const { id: partnerId } = await apiGet<{ id: number }>(context.request, 'members/me', partner.access_token);
    const product = await catalogueProduct(context.request, '综合意外险');
    const productId = product.id;
    // Its row, by its tagline (少儿综合意外险 has the name in its own).
    const tagline = product.text('意外医疗 0 免赔，出行通勤一年安心');
    type Counts = { visits: number; signups: number; paidOrders: number; commissionFen: number };
    const promoOf = async () => {
      const stats = await apiGet<{ links: (Counts & { productId: number | null })[] }>(
        context.request,
        'promo/stats',
        partner.access_token,
      );
      return (
        stats.links.find((l) => l.productId === productId) ?? { visits: 0, signups: 0, paidOrders: 0, commissionFen: 0 }
      );
    };
    const promoBefore = await promoOf();
    await page.goto(hashUrl('/help/userpromo'));
    const row = page.locator('.adm-list-item').filter({ hasText: tagline });
    await row.getByRole('button', { name: t('promo.copyLink') }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { copied?: string }).copied ?? ''))
      .toContain('recommendId=');
    const link = await page.evaluate(() => (window as unknown as { copied: string }).copied);
    expect(link).toMatch(/#\/productDetails\/index\?id=\d+$/);

    // A new visitor opens it inside WeChat and signs in through the WeChat simulator.
    const { context: visitorContext, page: visitor } = await newPhone({ wechat: true });
    await watchSentBodies(visitor);
    await visitor.goto(link);
    await expect(visitor).toHaveURL(/\/wx-sim\/connect\/oauth2\/authorize\?/);
    // WeChat's consent page (the simulator's), in Chinese whatever the H5's language.
    await visitor.getByLabel('模拟的微信用户（昵称）').fill(`promo-${testInfo.project.name}-${Date.now()}`);
    // Back from WeChat, signed in, the page reports the link's visit (after load, with the new member's
    // token; the page behind the consent step may report it before, without one).
    const visitReport = visitor.waitForResponse(
      (r) =>
        r.request().method() === 'POST' &&
        r.url().endsWith('/app-api/v1/promo/visits') &&
        Boolean(r.request().headers().authorization),
    );
    await visitor.getByRole('button', { name: '允许' }).click();
    // A new WeChat user: the sign-in dialog asks for consent and finishes the sign-in (sign-in-steps.ts).
    await consentAsNewWeChatUser(visitor);
    await expect(visitor.getByRole('heading', { name: product.name })).toBeVisible();
    await keyScreen('the shared product, inside WeChat', visitor);
    const report = await visitReport;
    expect((await report.request().allHeaders()).authorization).toMatch(/^Bearer /);
    // Counted now, or already when the page first opened before WeChat's consent page (the same visitor, the same day).
    expect(await report.json()).toMatchObject({ code: '00000', data: { counted: expect.any(Boolean) } });
    const [sent] = await sentBodies(visitor, 'POST', /\/promo\/visits$/);
    expect(JSON.parse(sent.body)).toMatchObject({
      productId,
      path: '/productDetails/index',
      recommendId: String(partnerId),
      visitor: expect.stringMatching(/^[0-9a-f]{32}$/),
    });

    // … and buys for themself (paying in the simulator's cashier, as outside WeChat; see buy-individual.spec.ts).
    await startBuying(visitor);
    await choosePlan(visitor);
    const applicant = { name: '王推广', idNumber: residentId('19880512', 31), mobile: '13912345670' };
    await fillApplicant(visitor, applicant);
    await insureSelf(visitor, applicant);
    await passHealth(visitor);
    const { orderId } = await confirmAndSubmit(visitor);
    const buyerToken = await browserAccessToken(visitorContext);
    await visitor.getByRole('button', { name: t('pay.confirm') }).click();
    await expect(visitor.getByText(t('pay.failed'))).toBeVisible({ timeout: limit(15_000) });
    const cdp = await visitorContext.newCDPSession(visitor);
    await cdp.send('Emulation.setUserAgentOverride', { userAgent: userAgent! });
    await visitor.reload();
    await payInCashier(visitor);
    const order = await apiGet<{ orderNo: string; premiumFen: number; status: string }>(
      visitorContext.request,
      `order/${orderId}`,
      buyerToken,
    );
    expect(order.status).toBe('paid');
    await visitorContext.close();

    // The partner sees the paid order's commission (意外险 15 %, half up to the fen) in 收入明细 and 佣金余额.
    const commission = Math.floor((order.premiumFen * 1500 + 5000) / 10000);
    await page.goto(hashUrl('/help/finance/income'));
    const entry = page.locator('tr, .adm-list-item, [role="row"]').filter({ hasText: order.orderNo });
    await expect(entry.first()).toBeVisible();
    await expect(entry.first()).toContainText(fen(commission));
    await keyScreen('income with the commission');
    // The order number keeps one line (it used to wrap in the narrow product column).
    const orderNo = entry.first().getByText(order.orderNo, { exact: true });
    const lineHeight = await orderNo.evaluate(
      (e) => parseFloat(getComputedStyle(e).lineHeight) || parseFloat(getComputedStyle(e).fontSize) * 1.6,
    );
    expect((await orderNo.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
    await page.goto(hashUrl('/help/finance/balance'));
    // The other phone's run may add its own commission meanwhile: the page shows the server's balance, which grew by at least this one.
    await expect(async () => {
      const now = await apiGet<{ balanceFen: number }>(context.request, 'finance/summary', partner.access_token);
      expect(now.balanceFen).toBeGreaterThanOrEqual(before.balanceFen + commission);
      await page.reload();
      await expect(page.getByTestId('finance-balance')).toHaveText(fen(now.balanceFen), { timeout: limit(3_000) });
    }).toPass({ timeout: limit(20_000) });

    // 推广中心 shows what the link brought: the visit, the sign-up and the paid order for this product (the
    // server's figures; the other phone's run shares the partner, so they grew by at least these).
    await page.goto(hashUrl('/help/userpromo'));
    const promoRow = page.locator('.adm-list-item').filter({ hasText: tagline });
    await expect(async () => {
      const now = await promoOf();
      expect(now.visits).toBeGreaterThanOrEqual(Math.max(1, promoBefore.visits + 1));
      expect(now.signups).toBeGreaterThanOrEqual(promoBefore.signups + 1);
      expect(now.paidOrders).toBeGreaterThanOrEqual(promoBefore.paidOrders + 1);
      expect(now.commissionFen).toBeGreaterThanOrEqual(promoBefore.commissionFen + commission);
      await page.reload();
      const figures = promoRow.getByTestId(`promo-stats-${productId}`);
      await expect(figures.getByTestId('promo-visits')).toHaveText(String(now.visits), { timeout: limit(3_000) });
      await expect(figures.getByTestId('promo-signups')).toHaveText(String(now.signups));
      await expect(figures.getByTestId('promo-orders')).toHaveText(String(now.paidOrders));
      await expect(figures.getByTestId('promo-commission')).toHaveText(fen(now.commissionFen));
    }).toPass({ timeout: limit(20_000) });

    // The poster: drawn in the browser with the product, the price, the sharer and the link's QR code, shown as an image.
    await promoRow.getByRole('button', { name: t('promo.poster'), exact: true }).click();
    const poster = page.getByTestId('promo-poster');
    await expect(poster).toBeVisible();
    await expect(poster).toHaveAttribute('src', /^data:image\/png;base64,/);
    // Its QR code carries the same link as the copy button.
    await expect(poster).toHaveAttribute('data-link', link);
    expect(await poster.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
      750, 1200,
    ]);
    await expect(page.getByRole('button', { name: t('promo.posterDownload') })).toBeVisible();
    await keyScreen('poster');
  });
});
