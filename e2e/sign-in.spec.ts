import {
  expect,
  formFields,
  hashUrl,
  recordApi,
  routeOf,
  sessionCookies,
  test,
  TOKEN_PATH,
  tokenPairOf,
} from './fixtures.ts';
import { agreeToTerms, consentAsNewWeChatUser } from './sign-in-steps.ts';
import { CLIENT_BASIC } from './target.ts';
import { pageTitle, serverText, t } from './texts.ts';

const isTokenCall = (url: string, method: string) => new URL(url).pathname === TOKEN_PATH && method === 'POST';

test.describe('signing in with a password', { tag: ['@demo-data'] }, () => {
  test('a visitor opening a protected page signs in and lands on that page with the session cookies', async ({
    page,
    context,
    keyScreen,
  }) => {
    // A protected page sends the visitor to sign in, keeping the wanted page.
    await page.goto(hashUrl('/policy/index?x=1'));
    await expect(page).toHaveURL(/#\/index\?redirect=%2Fpolicy%2Findex%3Fx%3D1$/);
    const dialog = page.getByRole('dialog', { name: t('login.title') });
    await expect(dialog).toBeVisible();
    expect((await sessionCookies(context)).tokenUser).toBeUndefined();

    // Sign in with username and password: nothing is sent before the consent is ticked.
    const api = recordApi(page);
    await dialog.getByLabel(t('login.username')).fill('demo.member');
    await dialog.getByLabel(t('login.password')).fill('Demo@123456');
    await dialog.getByRole('button', { name: t('login.submit'), exact: true }).click();
    await expect(page.getByText(t('signin.consentRequired'))).toBeVisible();
    expect(await api.tokenCalls()).toHaveLength(0);
    await agreeToTerms(dialog);
    await keyScreen('sign-in dialog');
    const answer = page.waitForResponse((r) => isTokenCall(r.url(), r.request().method()));
    await dialog.getByRole('button', { name: t('login.submit'), exact: true }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(formFields(response.request())).toMatchObject({
      grant_type: 'member_password',
      username: 'demo.member',
      password: 'Demo@123456',
      agreement: expect.stringMatching(/^terms:.+,privacy:.+$/),
    });
    expect(response.request().headers()['authorization']).toBe(CLIENT_BASIC);
    const pair = tokenPairOf(await response.json());

    // Back on the wanted page, query included.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageTitle('policy'));
    await expect.poll(() => routeOf(page)).toBe('/policy/index?x=1');
    await expect(dialog).toHaveCount(0);

    // tokenUser = "<token_type> <access_token>", tokenResh = refresh token, both on path / (spec §3).
    const { tokenUser, tokenResh } = await sessionCookies(context);
    expect(pair.token_type).toBe('Bearer');
    expect(decodeURIComponent(tokenUser!.value)).toBe(`Bearer ${pair.access_token}`);
    expect(tokenUser!.path).toBe('/');
    expect(decodeURIComponent(tokenResh!.value)).toBe(pair.refresh_token);
    expect(tokenResh!.path).toBe('/');
  });
});

test.describe('a wrong password', { tag: ['@demo-data'] }, () => {
  test('tells the tries left before the lock, which offers SMS sign-in and 忘记密码, whose labels keep one line', async ({
    page,
  }) => {
    await page.goto(hashUrl('/policy/index'));
    const dialog = page.getByRole('dialog', { name: t('login.title') });
    await dialog.getByLabel(t('login.username')).fill(`story.${Date.now()}`);
    await dialog.getByLabel(t('login.password')).fill('Wrong@12345');
    await agreeToTerms(dialog);
    for (let left = 4; left >= 0; left--) {
      const answer = page.waitForResponse((r) => isTokenCall(r.url(), r.request().method()));
      await dialog.getByRole('button', { name: t('login.submit'), exact: true }).click();
      const body = await (await answer).json();
      expect(body.data).toEqual({ triesLeft: left });
      await expect(page.getByText(body.msg)).toBeVisible();
    }
    const notice = dialog.getByRole('alert');
    await expect(notice).toContainText(t('signin.lockedHint'));
    await expect(notice.getByRole('button', { name: t('signin.tabSms') })).toBeVisible();
    await notice.getByRole('button', { name: t('signin.forgot') }).click();

    // 手机号 carries the required mark like 验证码; 确认密码 (mark included) stays on one line.
    const label = (name: string) => dialog.locator('.adm-form-item-label', { hasText: name });
    await expect(label(t('signin.mobile')).locator('.adm-form-item-required-asterisk')).toBeVisible();
    const confirm = label(t('forgot.confirm'));
    const height = (await confirm.boundingBox())!.height;
    const fontSize = await confirm.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    expect(height).toBeLessThan(fontSize * 2);
  });
});

test.describe('signing in with WeChat', { tag: ['@writes', '@wechat-sim'] }, () => {
  test.describe('inside WeChat', { tag: ['@in-wechat'] }, () => {
    test.use({ wechat: true });

    test('a new WeChat user from a shared link authorizes once, agrees to the terms, and is signed in on the wanted page; a reload keeps the session', async ({
      page,
      context,
      keyScreen,
    }, testInfo) => {
      const api = recordApi(page);
      // A shared link goes straight to WeChat's consent page (the simulator).
      await page.goto('/?channel=demo&recommendId=-1#/policy/index');
      await expect(page).toHaveURL(/\/wx-sim\/connect\/oauth2\/authorize\?/);
      // WeChat's consent page (the simulator's), in Chinese whatever the H5's language.
      await page.getByLabel('模拟的微信用户（昵称）').fill(`new-${testInfo.project.name}-${Date.now()}`);
      await page.getByRole('button', { name: '允许' }).click();

      // The automatic sign-in creates no member without consent: the dialog asks for it, saying
      // only the consent is missing (no refusal toast), and no session yet.
      const dialog = page.getByRole('dialog', { name: t('login.title') });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(t('signin.wechatConsentPending'))).toBeVisible();
      await expect(page.getByText(serverText('A0140'))).toHaveCount(0);
      expect((await sessionCookies(context)).tokenUser).toBeUndefined();
      await expect.poll(async () => (await api.tokenCalls('wx_web')).map((c) => c.status)).toEqual([400]);
      expect(formFields((await api.tokenCalls('wx_web'))[0].request)).not.toHaveProperty('agreement');

      // Ticked, 微信登录 finishes that sign-in with the server's ticket: no second trip to WeChat.
      const leftForWeChat: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame() && frame.url().includes('/wx-sim/connect/oauth2/authorize'))
          leftForWeChat.push(frame.url());
      });
      await agreeToTerms(dialog);
      await keyScreen('consent asked inside WeChat');
      await dialog.getByRole('button', { name: t('login.wechat') }).click();

      // Signed in on the wanted page; code and state are gone from the address. Inside WeChat the
      // title is WeChat's own bar (document.title): the page draws no title bar of its own.
      await expect(page).toHaveTitle(pageTitle('policy'));
      await expect(page.locator('.app-main')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
      await expect
        .poll(() => {
          const url = new URL(page.url());
          return { code: url.searchParams.has('code'), state: url.searchParams.has('state'), hash: url.hash };
        })
        .toEqual({ code: false, state: false, hash: '#/policy/index' });
      expect((await sessionCookies(context)).tokenUser).toBeDefined();
      // Playwright may hear of the answer after the page showed it.
      await expect.poll(async () => (await api.tokenCalls('wx_web')).map((c) => c.status)).toEqual([400, 200]);
      expect(leftForWeChat).toEqual([]);
      const second = formFields((await api.tokenCalls('wx_web'))[1].request);
      // recommendId -1 means "none" and is left out (spec §5).
      expect(second).toEqual(
        expect.objectContaining({
          grant_type: 'wx_web',
          channel: 'demo',
          consent_ticket: expect.any(String),
          agreement: expect.stringMatching(/^terms:.+,privacy:.+$/),
        }),
      );
      expect(second).not.toHaveProperty('recommendId');
      expect(second).not.toHaveProperty('code');

      // A reload keeps the session without another code exchange.
      const guardLoaded = page.waitForResponse((r) => r.url().endsWith('/app-api/v1/open/menu'));
      await page.reload();
      await guardLoaded;
      await expect(page).toHaveTitle(pageTitle('policy'));
      expect(await api.tokenCalls('wx_web')).toHaveLength(2);
    });

    test('a returning WeChat user is signed in silently, without the consent step', async ({
      newPhone,
      page,
      keyScreen,
    }, testInfo) => {
      const nickname = `back-${testInfo.project.name}-${Date.now()}`;
      // The first visit (another browser session) made the member, with consent.
      const first = await newPhone({ wechat: true });
      const earlier = first.page;
      await earlier.goto(hashUrl('/member/info'));
      await earlier.getByLabel('模拟的微信用户（昵称）').fill(nickname);
      await earlier.getByRole('button', { name: '允许' }).click();
      await consentAsNewWeChatUser(earlier);
      await expect(earlier.getByRole('heading', { level: 1 })).toHaveCount(0);
      await expect(earlier).toHaveTitle(pageTitle('AccountInfo'));
      await first.context.close();

      const api = recordApi(page);
      await page.goto(hashUrl('/member/info'));
      await page.getByLabel('模拟的微信用户（昵称）').fill(nickname);
      await page.getByRole('button', { name: '允许' }).click();
      await expect(page).toHaveTitle(pageTitle('AccountInfo'));
      await expect(page.getByRole('dialog', { name: t('login.title') })).toHaveCount(0);
      await keyScreen('signed in silently inside WeChat');
      await expect.poll(async () => (await api.tokenCalls('wx_web')).map((c) => c.status)).toEqual([200]);
    });
  });

  test("outside WeChat the dialog's WeChat button signs in through WeChat's consent page too", async ({ page }) => {
    const api = recordApi(page);
    await page.goto(hashUrl('/member/info'));
    const dialog = page.getByRole('dialog', { name: t('login.title') });
    await agreeToTerms(dialog);
    await dialog.getByRole('button', { name: t('login.wechat') }).click();
    // The consent page, then back to the wanted page signed in.
    await expect(page).toHaveURL(/\/wx-sim\/connect\/oauth2\/authorize\?/);
    await page.getByRole('button', { name: '允许' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageTitle('AccountInfo'));
    await expect.poll(() => new URL(page.url()).searchParams.has('code')).toBe(false);
    await expect.poll(async () => (await api.tokenCalls('wx_web')).length).toBe(1);
    const calls = await api.tokenCalls('wx_web');
    expect(calls[0].status).toBe(200);
    // The consent ticked before leaving for WeChat came back with the code.
    expect(formFields(calls[0].request)).toMatchObject({ agreement: expect.stringMatching(/^terms:.+,privacy:.+$/) });
  });
});
