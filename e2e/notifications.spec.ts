import {
  expect,
  hashUrl,
  limit,
  residentId,
  setSessionCookies,
  signInBrowser,
  signInWechatByApi,
  test,
  uniqueName,
} from './fixtures.ts';
import { buyPaidMedical } from './buy-by-api.ts';

/*
 * 设置 › 微信通知 (docs/decisions.md#wechat-notifications): a member who signed in through WeChat
 * switches a kind on, buys, and the official account's message (the simulator's log) opens the new
 * policy in the H5. The server looks at its notification outbox every 5 s (NOTIFICATION_SEND_INTERVAL_S);
 * the story waits for the message to show up, not for a time.
 */

interface SimMessage {
  touser: string;
  template_id: string;
  url: string;
  data: Record<string, { value: string }>;
}

test.describe('WeChat notifications', () => {
  test('a WeChat member opts in to 支付成功 in 设置, buys, and the notification opens the policy', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const user = uniqueName('通知');
    const pair = await signInWechatByApi(context.request, user);
    await setSessionCookies(context, baseURL!, `${pair.token_type} ${pair.access_token}`, pair.refresh_token);

    await page.goto(hashUrl('/member/setting'));
    const section = page.getByRole('region', { name: '微信通知' });
    await expect(section.getByText('支付成功')).toBeVisible();
    const payment = section.getByRole('switch', { name: '支付成功' });
    // Nothing is sent until the member chooses.
    for (const name of ['支付成功', '保单出单与退保', '理赔进度', '退款到账', '犹豫期与续保提醒']) {
      await expect(section.getByRole('switch', { name })).toHaveAttribute('aria-checked', 'false');
    }
    await expect(payment).not.toHaveAttribute('aria-disabled', 'true');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/members/me/notifications') && r.request().method() === 'PUT',
    );
    await payment.click();
    expect((await saved).status()).toBe(200);
    await expect(payment).toHaveAttribute('aria-checked', 'true');
    await page.reload();
    await expect(
      page.getByRole('region', { name: '微信通知' }).getByRole('switch', { name: '支付成功' }),
    ).toHaveAttribute('aria-checked', 'true');

    const seq = 400 + testInfo.workerIndex * 10 + testInfo.repeatEachIndex;
    const bought = await buyPaidMedical(
      context.request,
      pair.access_token,
      { name: user, idNumber: residentId('19910517', seq), mobile: '13912345674' },
      { startInDays: 2, pageVersion: 'e2e-notify' },
    );

    const log = async () => {
      const res = await context.request.get(`/wx-sim/test/template-messages?touser=${encodeURIComponent(pair.openid)}`);
      return ((await res.json()) as { messages: SimMessage[] }).messages;
    };
    await expect.poll(async () => (await log()).length, { timeout: limit(60_000) }).toBe(1);
    const [message] = await log();
    expect(message.url).toBe(`${baseURL}/#/policy/index?id=${bought.policyId}`);
    expect(message.data.keyword1.value).toBe('支付成功');
    expect(message.data.keyword2.value).toContain(bought.policyNo);

    // Tapping it in WeChat opens that policy.
    await page.goto(message.url);
    await expect(page.getByText(bought.policyNo).first()).toBeVisible();
  });

  test('a member without a WeChat sign-in sees why, in Polish', async ({ page, context, baseURL }) => {
    await context.addInitScript(() => localStorage.setItem('language', 'pl'));
    await signInBrowser(context, baseURL!, 'demo.company');
    await page.goto(hashUrl('/member/setting'));
    const section = page.getByRole('region', { name: 'Powiadomienia WeChat' });
    await expect(section.getByText(/To konto nie logowało się jeszcze przez WeChat/)).toBeVisible();
    for (const name of [
      'Płatność przyjęta',
      'Wystawienie i wypowiedzenie polisy',
      'Postęp likwidacji szkody',
      'Zwrot składki',
      'Przypomnienia: okres na namysł i odnowienie',
    ]) {
      const toggle = section.getByRole('switch', { name });
      await expect(toggle).toHaveAttribute('aria-disabled', 'true');
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
    }
  });
});
