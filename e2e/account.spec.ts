import type { APIRequestContext, Page } from '@playwright/test';
import { expect, hashUrl, limit, sessionCookies, test } from './fixtures.ts';
import { agreeToTerms, consentAsNewWeChatUser } from './sign-in-steps.ts';

/*
 * Account settings (issue 5): a member changes the mobile with the 6-cell SMS code read from the
 * development outbox, then sets and changes the password and signs in with the new one. Each phone
 * uses a new member who came in through WeChat (the simulator), so the demo accounts stay as they are.
 */

/** The newest code the development outbox "sent" to a phone for a purpose (GET /prod-api/dev/sms-outbox). */
async function outboxCode(request: APIRequestContext, phone: string, template: 'mobile' | 'bind'): Promise<string> {
  let code = '';
  await expect(async () => {
    const response = await request.get('/prod-api/dev/sms-outbox', { params: { phoneNumber: phone } });
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as {
      data: { template: string; params: { code: string }; sentAt: string }[];
    };
    const sent = data.filter((m) => m.template === template).sort((a, b) => b.sentAt.localeCompare(a.sentAt));
    expect(sent.length, `a ${template} code sent to ${phone}`).toBeGreaterThan(0);
    code = sent[0].params.code;
  }).toPass({ timeout: limit(10_000) });
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

/** Types the code into the six cells, as a thumb on the numeric keyboard would. */
async function typeCode(page: Page, sheet: ReturnType<Page['locator']>, code: string): Promise<void> {
  const cells = sheet.getByRole('button', { name: '6 位短信验证码' });
  await cells.click();
  await page.keyboard.type(code);
  await expect(cells.locator('.adm-passcode-input-cell')).toHaveText([...code]);
}

const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

test.describe('account settings', () => {
  test('a member changes the mobile with the SMS code, sets and changes the password, and signs in with the new one', async ({
    page,
    browser,
    userAgent,
    baseURL,
  }, testInfo) => {
    // One number per phone project and run (the database is new for every run).
    const mobile = `137${String(Date.now()).slice(-7)}${testInfo.project.name === 'iphone-13' ? 1 : 2}`;
    const firstPassword = 'First2026pw';
    const newPassword = 'Second2026pw';

    // A new member comes in through WeChat and opens 账户设置.
    const wechat = await browser.newContext({
      ...testInfo.project.use,
      userAgent: `${userAgent} MicroMessenger/8.0.50`,
      baseURL,
    });
    const phone = await wechat.newPage();
    await phone.goto(hashUrl('/member/setting'));
    await expect(phone).toHaveURL(/\/wx-sim\/connect\/oauth2\/authorize\?/);
    await phone.getByLabel('模拟的微信用户（昵称）').fill(`account-${testInfo.project.name}-${Date.now()}`);
    await phone.getByRole('button', { name: '允许' }).click();
    // A new WeChat user: the sign-in dialog asks for consent, then WeChat again (sign-in-steps.ts).
    await consentAsNewWeChatUser(phone);
    await expect(phone).toHaveTitle('账户设置');
    const mobileRow = phone.locator('.adm-list-item').filter({ hasText: '修改手机号' });
    await expect(mobileRow).toContainText('未设置');

    // 修改手机号: the code goes to the new number; the member reads it (here: from the outbox) into six cells.
    await mobileRow.click();
    const mobileSheet = phone.locator('.adm-popup-body').filter({ hasText: '新手机号' });
    await mobileSheet.getByLabel('新手机号').fill(mobile);
    await mobileSheet.getByRole('button', { name: '获取验证码' }).click();
    await expect(mobileSheet.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
    await typeCode(phone, mobileSheet, await outboxCode(phone.request, mobile, 'mobile'));
    await mobileSheet.getByRole('button', { name: '确认' }).click();
    await expect(phone.getByText('手机号已更换')).toBeVisible();
    await expect(mobileSheet).toBeHidden();
    await expect(mobileRow).toContainText(masked(mobile));
    await expect(mobileRow).not.toContainText(mobile);

    // 主体信息 shows the new mobile masked, and the WeChat binding.
    await phone.goto(hashUrl('/member/info'));
    await expect(phone.locator('.adm-list-item').filter({ hasText: '手机号' }).first()).toContainText(masked(mobile));
    await expect(phone.locator('.adm-list-item').filter({ hasText: '微信' }).first()).toContainText('已绑定');

    // A WeChat member has no password yet: it is set with a code to the member's own (new) mobile …
    await phone.goto(hashUrl('/member/setting'));
    await phone.locator('.adm-list-item').filter({ hasText: '设置登录密码' }).click();
    const setSheet = phone.locator('.adm-popup-body').filter({ hasText: '本账号手机' });
    await setSheet.getByLabel('本账号手机').fill(mobile);
    await setSheet.getByRole('button', { name: '获取验证码' }).click();
    await typeCode(phone, setSheet, await outboxCode(phone.request, mobile, 'bind'));
    await setSheet.getByLabel('新密码').fill(firstPassword);
    await setSheet.getByLabel('确认密码').fill(firstPassword);
    await setSheet.getByRole('button', { name: '确认' }).click();
    await expect(phone.getByText('密码已修改，其他设备需重新登录')).toBeVisible();
    await expect(setSheet).toBeHidden();

    // … and from then on changed with the old one. A wrong old password is refused first.
    await phone.locator('.adm-list-item').filter({ hasText: '修改密码' }).click();
    const changeSheet = phone.locator('.adm-popup-body').filter({ hasText: '原密码' });
    await changeSheet.getByLabel('原密码').fill('Wrong2026pw');
    await changeSheet.getByLabel('新密码').fill(newPassword);
    await changeSheet.getByLabel('确认密码').fill(newPassword);
    await changeSheet.getByRole('button', { name: '确认' }).click();
    await expect(phone.getByText('原密码错误')).toBeVisible();
    await changeSheet.getByLabel('原密码').fill(firstPassword);
    await changeSheet.getByRole('button', { name: '确认' }).click();
    await expect(phone.getByText('密码已修改，其他设备需重新登录')).toBeVisible();
    await expect(changeSheet).toBeHidden();
    await wechat.close();

    // In an ordinary browser the member signs in with the new mobile and the new password.
    await page.goto(hashUrl('/member/info'));
    const dialog = page.getByRole('dialog', { name: '登录' });
    await expect(dialog).toBeVisible();
    await agreeToTerms(dialog);
    await dialog.getByLabel('用户名').fill(mobile);
    await dialog.getByLabel('密码').fill(firstPassword);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('用户名或密码错误')).toBeVisible();
    await dialog.getByLabel('密码').fill(newPassword);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('主体信息');
    await expect(page.locator('.adm-list-item').filter({ hasText: '手机号' }).first()).toContainText(masked(mobile));
    expect((await sessionCookies(page.context())).tokenUser).toBeDefined();
  });
});
