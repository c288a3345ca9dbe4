import { expect, hashUrl, limit, recordApi, sessionCookies, test, TOKEN_PATH } from './fixtures.ts';
import { agreeToTerms, outboxCode } from './sign-in-steps.ts';

/** A mobile of its own per phone project and run (the database is new for every run). */
const freshMobile = (project: string, n: number) =>
  `136${String(Date.now()).slice(-6)}${project === 'iphone-13' ? 1 : 2}${n}`;
const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;

/** Types the code into the six cells, as a thumb on the numeric keyboard would. */
async function typeCode(form: ReturnType<import('@playwright/test').Page['locator']>, code: string): Promise<void> {
  const cells = form.getByRole('button', { name: '验证码' });
  await cells.click();
  // Whatever a wrong try left in the cells goes first.
  for (let i = 0; i < 6; i++) await form.page().keyboard.press('Backspace');
  await form.page().keyboard.type(code);
  await expect(cells.locator('.adm-passcode-input-cell')).toHaveText([...code]);
}

test.describe('验证码登录', () => {
  test('a new customer signs in with mobile and SMS code after agreeing, and becomes a member', async ({
    page,
    context,
  }, testInfo) => {
    const mobile = freshMobile(testInfo.project.name, 1);
    const api = recordApi(page);
    await page.goto(hashUrl('/member/info'));
    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.getByRole('tab', { name: '验证码登录' }).click();
    await dialog.getByLabel('手机号').fill(mobile);

    // No code before the consent: the form says why and asks nothing of the server.
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('请先阅读并勾选同意《用户服务协议》和《隐私政策》')).toBeVisible();

    // Both documents are readable from the form.
    await dialog.getByRole('button', { name: '《用户服务协议》' }).click();
    const terms = page.getByRole('document', { name: '用户服务协议' });
    await expect(terms.getByRole('heading', { name: '二、账号' })).toBeVisible();
    await page.getByRole('button', { name: '我知道了' }).click();
    await expect(terms).toBeHidden();
    await dialog.getByRole('button', { name: '《隐私政策》' }).click();
    await expect(
      page.getByRole('document', { name: '隐私政策' }).getByRole('heading', { name: '一、我们收集的信息' }),
    ).toBeVisible();
    await page.getByRole('button', { name: '我知道了' }).click();

    await agreeToTerms(dialog);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(dialog.getByRole('button', { name: /秒后重发$/ })).toBeDisabled();
    await typeCode(dialog, await outboxCode(page, mobile, 'login'));
    await dialog.getByRole('button', { name: '登录', exact: true }).click();

    // Signed in on the wanted page, as the new member holding that mobile.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('主体信息', { timeout: limit(15_000) });
    await expect(page.locator('.adm-list-item').filter({ hasText: '手机号' }).first()).toContainText(masked(mobile));
    expect((await sessionCookies(context)).tokenUser).toBeDefined();
    const [call] = await api.tokenCalls('sms_code');
    expect(call.status).toBe(200);
  });

  test("a wrong code is refused with the server's message and the right one then signs in", async ({
    page,
  }, testInfo) => {
    const mobile = freshMobile(testInfo.project.name, 2);
    await page.goto(hashUrl('/member/info'));
    const dialog = page.getByRole('dialog', { name: '登录' });
    await agreeToTerms(dialog);
    await dialog.getByRole('tab', { name: '验证码登录' }).click();
    await dialog.getByLabel('手机号').fill(mobile);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    const code = await outboxCode(page, mobile, 'login');
    await typeCode(dialog, code === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('短信验证码错误或已过期')).toBeVisible();
    await typeCode(dialog, code);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('主体信息', { timeout: limit(15_000) });
  });
});

test.describe('忘记密码', () => {
  test('a member who forgot the password sets a new one with an SMS code and is signed in with it', async ({
    page,
    request,
  }, testInfo) => {
    // A member with a mobile and no password yet: made by an SMS sign-in.
    const mobile = freshMobile(testInfo.project.name, 3);
    const newPassword = 'Reset2026pw';
    await page.goto(hashUrl('/member/info'));
    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.getByRole('tab', { name: '验证码登录' }).click();
    await agreeToTerms(dialog);
    await dialog.getByLabel('手机号').fill(mobile);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await typeCode(dialog, await outboxCode(page, mobile, 'login'));
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('主体信息', { timeout: limit(15_000) });
    // Later, signed out (a new visit without the cookies), in the sign-in dialog: 忘记密码.
    await page.context().clearCookies();
    await page.goto(hashUrl('/member/setting'));
    await page.reload();
    const again = page.getByRole('dialog', { name: '登录' });
    await again.getByRole('button', { name: '忘记密码' }).click();
    await expect(again.getByRole('heading', { name: '找回密码' })).toBeVisible();
    await agreeToTerms(again);
    await again.getByLabel('手机号').fill(mobile);
    await again.getByRole('button', { name: '获取验证码' }).click();
    await typeCode(again, await outboxCode(page, mobile, 'repassword'));
    await again.getByLabel('新密码').fill(newPassword);
    await again.getByLabel('确认密码').fill('Different2026');
    await again.getByRole('button', { name: '重置密码并登录' }).click();
    await expect(again.getByText('两次输入的密码不一致')).toBeVisible();
    await again.getByLabel('确认密码').fill(newPassword);
    await again.getByRole('button', { name: '重置密码并登录' }).click();

    // Signed in with the new password, on the wanted page.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('账户设置', { timeout: limit(15_000) });
    // The new password works on its own.
    const token = await request.post(TOKEN_PATH, {
      headers: { Authorization: `Basic ${Buffer.from('insure-h5:insure-h5-secret').toString('base64')}` },
      form: { grant_type: 'member_password', username: mobile, password: newPassword },
    });
    expect(token.status()).toBe(200);
  });
});
