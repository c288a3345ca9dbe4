import type { Locator, Page } from '@playwright/test';
import { expect, hashUrl, phoneSlot, sessionCookies, test } from './fixtures.ts';
import { agreeToTerms, consentAsNewWeChatUser, outboxCode } from './sign-in-steps.ts';
import { pageTitle, serverText, t, tPattern } from './texts.ts';

/*
 * Account settings: a member changes the mobile with the 6-cell SMS code read from the development
 * outbox, then sets and changes the password and signs in with the new one. Each phone uses a new
 * member who came in through WeChat (the simulator), so the demo accounts stay as they are.
 */

/** Types the code into the six cells, as a thumb on the numeric keyboard would. */
async function typeCode(page: Page, sheet: Locator, code: string): Promise<void> {
  // One labelled field a screen reader can read, drawn as six cells.
  const field = sheet.getByRole('textbox', { name: t('setting.mobile.codePlaceholder') });
  await field.click();
  await page.keyboard.type(code);
  await expect(field).toHaveValue(code);
  await expect(sheet.getByTestId('sms-code-cells').locator('span')).toHaveText([...code]);
}

const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

test.describe('account settings', { tag: ['@writes', '@dev-routes', '@wechat-sim'] }, () => {
  test('a member changes the mobile with the SMS code, sets and changes the password, and signs in with the new one', async ({
    page,
    newPhone,
    keyScreen,
  }, testInfo) => {
    // One number per phone and run.
    const mobile = `137${String(Date.now()).slice(-7)}${phoneSlot(testInfo) + 1}`;
    const firstPassword = 'First2026pw';
    const newPassword = 'Second2026pw';

    // A new member comes in through WeChat and opens 账户设置.
    const { page: phone } = await newPhone({ wechat: true });
    await phone.goto(hashUrl('/member/setting'));
    await expect(phone).toHaveURL(/\/wx-sim\/connect\/oauth2\/authorize\?/);
    // WeChat's consent page (the simulator's), in Chinese whatever the H5's language.
    await phone.getByLabel('模拟的微信用户（昵称）').fill(`account-${testInfo.project.name}-${Date.now()}`);
    await phone.getByRole('button', { name: '允许' }).click();
    // A new WeChat user: the sign-in dialog asks for consent and finishes the sign-in (sign-in-steps.ts).
    await consentAsNewWeChatUser(phone);
    await expect(phone).toHaveTitle(pageTitle('AccountSetting'));
    const mobileRow = phone.locator('.adm-list-item').filter({ hasText: t('setting.mobile') });
    await expect(mobileRow).toContainText(t('member.notSet'));

    // 修改手机号: the code goes to the new number; the member reads it (here: from the outbox) into six cells.
    await mobileRow.click();
    const mobileSheet = phone.locator('.adm-popup-body').filter({ hasText: t('setting.mobile.new') });
    await mobileSheet.getByLabel(t('setting.mobile.new')).fill(mobile);
    await mobileSheet.getByRole('button', { name: t('setting.mobile.sendCode') }).click();
    await expect(mobileSheet.getByRole('button', { name: tPattern('setting.mobile.resend') })).toBeDisabled();
    await typeCode(phone, mobileSheet, await outboxCode(phone.request, mobile, 'mobile'));
    await keyScreen('mobile change with the SMS code', phone);
    await mobileSheet.getByRole('button', { name: t('common.confirm') }).click();
    await expect(phone.getByText(t('setting.mobile.done'))).toBeVisible();
    await expect(mobileSheet).toBeHidden();
    await expect(mobileRow).toContainText(masked(mobile));
    await expect(mobileRow).not.toContainText(mobile);

    // 主体信息 shows the new mobile masked, and the WeChat binding.
    await phone.goto(hashUrl('/member/info'));
    const infoRow = (key: Parameters<typeof t>[0]) =>
      phone
        .locator('.adm-list-item')
        .filter({ hasText: t(key) })
        .first();
    await expect(infoRow('member.info.mobile')).toContainText(masked(mobile));
    await expect(infoRow('member.info.wechat')).toContainText(t('member.wechat.bound'));

    // A WeChat member has no password yet: it is set with a code to the member's own (new) mobile …
    await phone.goto(hashUrl('/member/setting'));
    await phone
      .locator('.adm-list-item')
      .filter({ hasText: t('setting.password.setTitle') })
      .click();
    const setSheet = phone.locator('.adm-popup-body').filter({ hasText: t('setting.password.ownMobile') });
    await setSheet.getByLabel(t('setting.password.ownMobile')).fill(mobile);
    await setSheet.getByRole('button', { name: t('setting.mobile.sendCode') }).click();
    await typeCode(phone, setSheet, await outboxCode(phone.request, mobile, 'bind'));
    await setSheet.getByLabel(t('setting.password.new')).fill(firstPassword);
    await setSheet.getByLabel(t('setting.password.confirm')).fill(firstPassword);
    await setSheet.getByRole('button', { name: t('common.confirm') }).click();
    await expect(phone.getByText(t('setting.password.done'))).toBeVisible();
    await expect(setSheet).toBeHidden();

    // … and from then on changed with the old one. A wrong old password is refused first.
    await phone
      .locator('.adm-list-item')
      .filter({ hasText: t('setting.password') })
      .click();
    const changeSheet = phone.locator('.adm-popup-body').filter({ hasText: t('setting.password.old') });
    await changeSheet.getByLabel(t('setting.password.old')).fill('Wrong2026pw');
    await changeSheet.getByLabel(t('setting.password.new')).fill(newPassword);
    await changeSheet.getByLabel(t('setting.password.confirm')).fill(newPassword);
    await changeSheet.getByRole('button', { name: t('common.confirm') }).click();
    await expect(phone.getByText(serverText('A0121'))).toBeVisible();
    await changeSheet.getByLabel(t('setting.password.old')).fill(firstPassword);
    await changeSheet.getByRole('button', { name: t('common.confirm') }).click();
    await expect(phone.getByText(t('setting.password.done'))).toBeVisible();
    await expect(changeSheet).toBeHidden();

    // In an ordinary browser the member signs in with the new mobile and the new password.
    await page.goto(hashUrl('/member/info'));
    const dialog = page.getByRole('dialog', { name: t('login.title') });
    await expect(dialog).toBeVisible();
    await agreeToTerms(dialog);
    await dialog.getByLabel(t('login.username')).fill(mobile);
    await dialog.getByLabel(t('login.password')).fill(firstPassword);
    await dialog.getByRole('button', { name: t('login.submit'), exact: true }).click();
    await expect(page.getByText(serverText('A0210'))).toBeVisible();
    await dialog.getByLabel(t('login.password')).fill(newPassword);
    await dialog.getByRole('button', { name: t('login.submit'), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageTitle('AccountInfo'));
    await expect(
      page
        .locator('.adm-list-item')
        .filter({ hasText: t('member.info.mobile') })
        .first(),
    ).toContainText(masked(mobile));
    expect((await sessionCookies(page.context())).tokenUser).toBeDefined();
    await keyScreen('signed in with the new password');
  });
});
