import { apiGet, browserAccessToken, expect, hashUrl, residentId, signInBrowser, test } from './fixtures.ts';
import { choosePlan, confirmAndSubmit, fillApplicant, insureSelf, passHealth, payInCashier, startBuying } from './buy-steps.ts';

const fen = (n: number) => `${n < 0 ? '-' : ''}¥${Math.floor(Math.abs(n) / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(Math.abs(n) % 100).padStart(2, '0')}`;

test.describe('promotion to commission', () => {
  test('a partner copies a product link, a new visitor opens it in WeChat, signs in and buys; the partner sees the commission in income and balance', async ({ page, context, browser, userAgent, baseURL }, testInfo) => {
    // The partner, in their own browser, copies the product's promotion link from 推广中心.
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => { (window as unknown as { copied: string }).copied = text; } } });
    });
    const partner = await signInBrowser(context, baseURL!, 'demo.partner');
    const before = await apiGet<{ balanceFen: number }>(context.request, 'finance/summary', partner.access_token);
    await page.goto(hashUrl('/help/userpromo'));
    const row = page.locator('.adm-list-item').filter({ hasText: '意外医疗 0 免赔' });
    await row.getByRole('button', { name: '复制链接' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { copied?: string }).copied ?? '')).toContain('recommendId=');
    const link = await page.evaluate(() => (window as unknown as { copied: string }).copied);
    expect(link).toMatch(/#\/productDetails\/index\?id=\d+$/);

    // A new visitor opens it inside WeChat and signs in through the WeChat simulator.
    const visitorContext = await browser.newContext({ ...testInfo.project.use, userAgent: `${userAgent} MicroMessenger/8.0.50`, baseURL });
    const visitor = await visitorContext.newPage();
    await visitor.goto(link);
    await expect(visitor).toHaveURL(/\/wx-sim\/connect\/oauth2\/authorize\?/);
    await visitor.getByLabel('模拟的微信用户（昵称）').fill(`promo-${testInfo.project.name}-${Date.now()}`);
    await visitor.getByRole('button', { name: '允许' }).click();
    await expect(visitor.getByRole('heading', { name: '综合意外险' })).toBeVisible();

    // … and buys for themself (paying in the simulator's cashier, as outside WeChat; see buy-individual.spec.ts).
    await startBuying(visitor);
    await choosePlan(visitor);
    const applicant = { name: '王推广', idNumber: residentId('19880512', 31), mobile: '13912345670' };
    await fillApplicant(visitor, applicant);
    await insureSelf(visitor, applicant);
    await passHealth(visitor);
    const { orderId } = await confirmAndSubmit(visitor);
    const buyerToken = await browserAccessToken(visitorContext);
    await visitor.getByRole('button', { name: '立即支付' }).click();
    await expect(visitor.getByText('支付未完成，请重试')).toBeVisible({ timeout: 15_000 });
    const cdp = await visitorContext.newCDPSession(visitor);
    await cdp.send('Emulation.setUserAgentOverride', { userAgent: userAgent! });
    await visitor.reload();
    await payInCashier(visitor);
    const order = await apiGet<{ orderNo: string; premiumFen: number; status: string }>(visitorContext.request, `order/${orderId}`, buyerToken);
    expect(order.status).toBe('paid');
    await visitorContext.close();

    // The partner sees the paid order's commission (意外险 15 %, half up to the fen) in 收入明细 and 佣金余额.
    const commission = Math.floor((order.premiumFen * 1500 + 5000) / 10000);
    await page.goto(hashUrl('/help/finance/income'));
    const entry = page.locator('tr, .adm-list-item, [role="row"]').filter({ hasText: order.orderNo });
    await expect(entry.first()).toBeVisible();
    await expect(entry.first()).toContainText(fen(commission));
    await page.goto(hashUrl('/help/finance/balance'));
    // The other phone's run may add its own commission meanwhile: the page shows the server's balance, which grew by at least this one.
    await expect(async () => {
      const now = await apiGet<{ balanceFen: number }>(context.request, 'finance/summary', partner.access_token);
      expect(now.balanceFen).toBeGreaterThanOrEqual(before.balanceFen + commission);
      await page.reload();
      await expect(page.getByTestId('finance-balance')).toHaveText(fen(now.balanceFen), { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
  });
});
