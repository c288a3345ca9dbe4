import { expect, formFields, hashUrl, recordApi, routeOf, sessionCookies, test, TOKEN_PATH, tokenPairOf } from './fixtures.ts';

const isTokenCall = (url: string, method: string) => new URL(url).pathname === TOKEN_PATH && method === 'POST';

test.describe('signing in with a password', () => {
  test('a visitor opening a protected page signs in and lands on that page with the session cookies', async ({ page, context }) => {
    // A protected page sends the visitor to sign in, keeping the wanted page.
    await page.goto(hashUrl('/policy/index?x=1'));
    await expect(page).toHaveURL(/#\/index\?redirect=%2Fpolicy%2Findex%3Fx%3D1$/);
    const dialog = page.getByRole('dialog', { name: '登录' });
    await expect(dialog).toBeVisible();
    expect((await sessionCookies(context)).tokenUser).toBeUndefined();

    // Sign in with username and password.
    await dialog.getByLabel('用户名').fill('demo.member');
    await dialog.getByLabel('密码').fill('Demo@123456');
    const answer = page.waitForResponse((r) => isTokenCall(r.url(), r.request().method()));
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(formFields(response.request())).toMatchObject({ grant_type: 'member_password', username: 'demo.member', password: 'Demo@123456' });
    expect(response.request().headers()['authorization']).toBe(`Basic ${Buffer.from('insure-h5:insure-h5-secret').toString('base64')}`);
    const pair = tokenPairOf(await response.json());

    // Back on the wanted page, query included.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('保单查询');
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

test.describe('signing in with WeChat', () => {
  test.describe('inside WeChat', () => {
    test.use({ wechat: true });

    test('a shared link to a protected page signs in through WeChat, leaves no code in the address and survives a reload', async ({ page, context }) => {
      const api = recordApi(page);
      // A shared link goes straight to WeChat's consent page (the simulator).
      await page.goto('/?channel=demo&recommendId=-1#/policy/index');
      await expect(page).toHaveURL(/\/wx-sim\/connect\/oauth2\/authorize\?/);
      await page.getByRole('button', { name: '允许' }).click();

      // Signed in on the wanted page; code and state are gone from the address. Inside WeChat the
      // title is WeChat's own bar (document.title): the page draws no title bar of its own.
      await expect(page).toHaveTitle('保单查询');
      await expect(page.locator('.app-main')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
      await expect.poll(() => {
        const url = new URL(page.url());
        return { code: url.searchParams.has('code'), state: url.searchParams.has('state'), hash: url.hash };
      }).toEqual({ code: false, state: false, hash: '#/policy/index' });
      expect((await sessionCookies(context)).tokenUser).toBeDefined();
      // Playwright may hear of the answer after the page showed it.
      await expect.poll(async () => (await api.tokenCalls()).length).toBe(1);
      const calls = await api.tokenCalls();
      // recommendId -1 means "none" and is left out (spec §5).
      expect(formFields(calls[0].request)).toEqual(expect.objectContaining({ grant_type: 'wx_web', channel: 'demo' }));
      expect(formFields(calls[0].request)).not.toHaveProperty('recommendId');

      // A reload keeps the session without a second code exchange.
      const guardLoaded = page.waitForResponse((r) => r.url().endsWith('/app-api/v1/open/menu'));
      await page.reload();
      await guardLoaded;
      await expect(page).toHaveTitle('保单查询');
      expect(await api.tokenCalls()).toHaveLength(1);
    });
  });

  test('outside WeChat the dialog\'s WeChat button signs in through WeChat\'s consent page too', async ({ page }) => {
    const api = recordApi(page);
    await page.goto(hashUrl('/member/info'));
    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.getByRole('button', { name: '微信登录' }).click();
    // The consent page, then back to the wanted page signed in.
    await expect(page).toHaveURL(/\/wx-sim\/connect\/oauth2\/authorize\?/);
    await page.getByRole('button', { name: '允许' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('主体信息');
    await expect.poll(() => new URL(page.url()).searchParams.has('code')).toBe(false);
    await expect.poll(async () => (await api.tokenCalls('wx_web')).length).toBe(1);
    const calls = await api.tokenCalls('wx_web');
    expect(calls[0].status).toBe(200);
  });
});
