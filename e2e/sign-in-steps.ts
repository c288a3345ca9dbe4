import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { t } from './texts.ts';

/** Ticks 我已阅读并同意《用户服务协议》和《隐私政策》 in the sign-in form (docs/decisions/consent-at-sign-in.md). */
export async function agreeToTerms(form: Locator): Promise<void> {
  const box = form.locator('.adm-checkbox').filter({ hasText: t('signin.consentPrefix') });
  await box.getByText(t('signin.consentPrefix')).click();
  await expect(box).toHaveClass(/adm-checkbox-checked/);
}

/**
 * The newest code the development outbox "sent" to a phone for a purpose (README: SMS codes;
 * stories that read it are tagged @dev-routes). Polls: the message may land a moment after the call.
 */
export async function outboxCode(
  request: APIRequestContext,
  phone: string,
  type: 'login' | 'repassword' | 'mobile' | 'bind',
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get('/prod-api/dev/sms-outbox', { params: { phoneNumber: phone } });
      const body = (await res.json()) as { data: { template: string; params: { code: string }; sentAt: string }[] };
      const sent = body.data.filter((m) => m.template === type).sort((a, b) => b.sentAt.localeCompare(a.sentAt));
      code = sent[0]?.params.code;
      return code;
    }, `a ${type} code sent to ${phone}`)
    .toMatch(/^\d{6}$/);
  return code!;
}

/** Types the code into the six cells, as a thumb on the numeric keyboard would. */
export async function typeCode(form: Locator, code: string): Promise<void> {
  // One labelled field a screen reader can read, drawn as six cells.
  const field = form.getByRole('textbox', { name: t('signin.code') });
  await field.click();
  // Whatever a wrong try left in the cells goes first.
  for (let i = 0; i < 6; i++) await form.page().keyboard.press('Backspace');
  await form.page().keyboard.type(code);
  await expect(field).toHaveValue(code);
  await expect(form.getByTestId('sms-code-cells').locator('span')).toHaveText([...code]);
}

/**
 * A new WeChat user back from 允许 inside WeChat: the server creates no member without consent
 * (A0140, docs/decisions/consent-at-sign-in.md), so the sign-in dialog asks for it; ticked, 微信登录
 * finishes that sign-in with the server's consent ticket, without a second trip through WeChat
 * (docs/decisions/wechat-consent-ticket.md).
 */
export async function consentAsNewWeChatUser(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: t('login.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(t('signin.wechatConsentPending'))).toBeVisible();
  await agreeToTerms(dialog);
  await dialog.getByRole('button', { name: t('login.wechat') }).click();
  await expect(dialog).toBeHidden();
}
