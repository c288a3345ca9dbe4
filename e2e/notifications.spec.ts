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
import { t, tIn } from './texts.ts';

const KINDS = ['payment', 'policy', 'claim', 'refund', 'reminder'] as const;

/*
 * 设置 › 微信通知 (docs/decisions/wechat-notification-choice.md): a member who signed in through WeChat
 * switches a kind on, buys, and the official account's message (the simulator's log) opens the new
 * policy in the H5. The server looks at its notification outbox every 5 s (NOTIFICATION_SEND_INTERVAL_S);
 * the story waits for the message to show up, not for a time. The template message is WeChat's,
 * in Chinese whatever the H5's language.
 */

interface SimMessage {
  touser: string;
  template_id: string;
  url: string;
  data: Record<string, { value: string }>;
}

test.describe('WeChat notifications', () => {
  test.describe('inside WeChat', { tag: ['@writes', '@wechat-sim', '@demo-data', '@in-wechat'] }, () => {
    test.use({ wechat: true });

    test('a WeChat member opts in to 支付成功 in 设置, buys, and the notification opens the policy', async ({
      page,
      context,
      baseURL,
      keyScreen,
    }, testInfo) => {
      const user = uniqueName('通知');
      const pair = await signInWechatByApi(context.request, user);
      await setSessionCookies(context, baseURL!, `${pair.token_type} ${pair.access_token}`, pair.refresh_token);

      await page.goto(hashUrl('/member/setting'));
      const section = page.getByRole('region', { name: t('setting.notify.title') });
      await expect(section.getByText(t('setting.notify.kind.payment'))).toBeVisible();
      const payment = section.getByRole('switch', { name: t('setting.notify.kind.payment') });
      // Nothing is sent until the member chooses.
      for (const kind of KINDS) {
        await expect(section.getByRole('switch', { name: t(`setting.notify.kind.${kind}`) })).toHaveAttribute(
          'aria-checked',
          'false',
        );
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
        page
          .getByRole('region', { name: t('setting.notify.title') })
          .getByRole('switch', { name: t('setting.notify.kind.payment') }),
      ).toHaveAttribute('aria-checked', 'true');
      await keyScreen('WeChat notifications switched on');

      const seq = 400 + testInfo.workerIndex * 10 + testInfo.repeatEachIndex;
      const bought = await buyPaidMedical(
        context.request,
        pair.access_token,
        { name: user, idNumber: residentId('19910517', seq), mobile: '13912345674' },
        { startInDays: 2, pageVersion: 'e2e-notify' },
      );

      const log = async () => {
        const res = await context.request.get(
          `/wx-sim/test/template-messages?touser=${encodeURIComponent(pair.openid)}`,
        );
        return ((await res.json()) as { messages: SimMessage[] }).messages;
      };
      await expect.poll(async () => (await log()).length, { timeout: limit(60_000) }).toBe(1);
      const [message] = await log();
      expect(message.url).toBe(`${baseURL}/#/policy/index?id=${bought.policyId}`);
      // Titled with the kind the member opted in to, in the member's language.
      expect(message.data.keyword1.value).toBe(t('setting.notify.kind.payment'));
      expect(message.data.keyword2.value).toContain(bought.policyNo);

      // Tapping it in WeChat opens that policy.
      await page.goto(message.url);
      await expect(page.getByText(bought.policyNo).first()).toBeVisible();
    });
  });

  test.describe('in Polish', { tag: ['@demo-data'] }, () => {
    test.use({ language: 'pl' });

    test('a member without a WeChat sign-in sees why, in Polish', async ({ page, context, baseURL }) => {
      await signInBrowser(context, baseURL!, 'demo.company');
      await page.goto(hashUrl('/member/setting'));
      const section = page.getByRole('region', { name: tIn('pl', 'setting.notify.title') });
      await expect(section.getByText(tIn('pl', 'setting.notify.unbound'))).toBeVisible();
      for (const kind of KINDS) {
        const toggle = section.getByRole('switch', { name: tIn('pl', `setting.notify.kind.${kind}`) });
        await expect(toggle).toHaveAttribute('aria-disabled', 'true');
        await expect(toggle).toHaveAttribute('aria-checked', 'false');
      }
    });
  });
});
