import { expect, type Locator, type Page } from '@playwright/test';

/** Ticks 我已阅读并同意《用户服务协议》和《隐私政策》 in the sign-in form (docs/decisions.md#consent-at-sign-in). */
export async function agreeToTerms(form: Locator): Promise<void> {
  const box = form.locator('.adm-checkbox').filter({ hasText: '我已阅读并同意' });
  await box.getByText('我已阅读并同意').click();
  await expect(box).toHaveClass(/adm-checkbox-checked/);
}

/** The newest code the development outbox "sent" to a phone for a purpose (README: SMS codes). */
export async function outboxCode(
  page: Page,
  phone: string,
  type: 'login' | 'repassword' | 'mobile' | 'bind',
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/prod-api/dev/sms-outbox?phoneNumber=${phone}`);
      const body = (await res.json()) as { data: { template: string; params: { code: string } }[] };
      code = body.data.find((m) => m.template === type)?.params.code;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/**
 * A new WeChat user back from 允许 inside WeChat: the server creates no member without consent
 * (A0140, docs/decisions.md#consent-at-sign-in), so the sign-in dialog asks for it; ticked, 微信登录
 * goes round WeChat again (the simulator remembers the user) and comes back with the agreement.
 */
export async function consentAsNewWeChatUser(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '登录' });
  await expect(dialog).toBeVisible();
  await agreeToTerms(dialog);
  await dialog.getByRole('button', { name: '微信登录' }).click();
  await expect(page).toHaveURL(/\/wx-sim\/connect\/oauth2\/authorize\?/);
  await page.getByRole('button', { name: '允许' }).click();
}
