import {
  accessTokenExpiringIn, API_PATH, expect, expiredAccessToken, formFields, hashUrl, recordApi, sessionCookies, setSessionCookies, signInByApi, test, TOKEN_PATH, tokenPairOf,
} from './fixtures.ts';

/** My centre loads its counts (orders, policies, drafts, unread messages) and the profile at once. */
const PARALLEL_CALLS = 5;

test.describe('an expired access token', () => {
  test('is refreshed once and every call it failed is replayed with the new token', async ({ page, context, baseURL }) => {
    // Signed in with an access token that runs out a few seconds from now.
    const pair = await signInByApi(context.request, 'demo.member');
    const shortLived = `Bearer ${await accessTokenExpiringIn(pair.access_token, 4)}`;
    await setSessionCookies(context, baseURL!, shortLived, pair.refresh_token);
    await page.goto(hashUrl('/help/person'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('个人中心');

    // The token expires while the member reads another page; back in my centre, its calls go out together.
    await page.getByRole('region', { name: '常用功能' }).getByRole('button', { name: '我的订单' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('我的订单');
    await page.waitForTimeout(5_000);
    const api = recordApi(page);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('个人中心');
    await expect.poll(async () => (await api.all()).filter((e) => e.status === 200 && e.authorization !== shortLived).length).toBeGreaterThanOrEqual(PARALLEL_CALLS);
    const expired = shortLived;

    // Exactly one refresh, and it succeeded.
    const refreshes = await api.tokenCalls('refresh_token');
    expect(refreshes).toHaveLength(1);
    expect(await api.tokenCalls()).toHaveLength(1);
    expect(refreshes[0].status).toBe(200);
    const renewed = tokenPairOf(await refreshes[0].response.json());
    const fresh = `${renewed.token_type} ${renewed.access_token}`;

    // Every call sent with the expired token was answered 401 A0230, then replayed and answered 200.
    const calls = (await api.all()).filter((e) => new URL(e.request.url()).pathname.startsWith(API_PATH));
    const sentExpired = calls.filter((e) => e.authorization === expired);
    // Open calls (catalogue) ignore a stale token; every other call must have been refused.
    const rejected = sentExpired.filter((e) => e.status !== 200);
    test.info().annotations.push({ type: 'calls replayed', description: rejected.map((e) => new URL(e.request.url()).pathname).join(', ') });
    expect(rejected.length).toBe(PARALLEL_CALLS);
    for (const first of rejected) {
      expect([first.status, first.code]).toEqual([401, 'A0230']);
      expect(first.at).toBeLessThanOrEqual(refreshes[0].at);
      const replay = calls.find((e) => e.request.url() === first.request.url() && e.request.method() === first.request.method() && e.authorization === fresh);
      expect(replay, `replay of ${first.request.url()}`).toBeDefined();
      expect([replay!.status, replay!.code]).toEqual([200, '00000']);
    }
    // Nothing else failed, and nothing went out with the expired token after the refresh.
    for (const call of calls.filter((e) => !rejected.includes(e))) {
      expect([call.request.url(), call.status, call.code]).toEqual([call.request.url(), 200, '00000']);
    }

    // The new pair is stored.
    const { tokenUser, tokenResh } = await sessionCookies(context);
    expect(decodeURIComponent(tokenUser!.value)).toBe(fresh);
    expect(decodeURIComponent(tokenResh!.value)).toBe(renewed.refresh_token);
  });

  test('with a refresh that fails ends the session and asks to sign in again after a second', async ({ page, context, baseURL }) => {
    const pair = await signInByApi(context.request, 'demo.member');
    const expired = `Bearer ${await expiredAccessToken(pair.access_token)}`;
    await setSessionCookies(context, baseURL!, expired, 'not-a-valid-refresh-token');
    // Both times in the page's own clock (the test process may hear of the answer late under load):
    // when the token call's answer reached the page, and when the sign-in dialog first appeared.
    await page.addInitScript(() => {
      const marks = window as unknown as { tokenAnsweredAt?: number; dialogAt?: number };
      const fetch = window.fetch;
      window.fetch = async (input, init) => {
        const response = await fetch(input, init);
        const url = input instanceof Request ? input.url : String(input);
        if (url.includes('/auth/oauth2/token')) marks.tokenAnsweredAt = performance.now();
        return response;
      };
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[role="dialog"][aria-label="登录"]')) return;
        marks.dialogAt = performance.now();
        observer.disconnect();
      });
      document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
    });

    // Home is open to all, so nothing but the failed refresh can open the dialog here.
    const refreshAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === TOKEN_PATH, { timeout: 15_000 });
    await page.goto(hashUrl('/index'));
    const refresh = await refreshAnswer;
    expect(refresh.status()).toBeGreaterThanOrEqual(400);
    expect(formFields(refresh.request())).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'not-a-valid-refresh-token' });

    const dialog = page.getByRole('dialog', { name: '登录' });
    await expect(dialog).toBeVisible();
    // The cookies are gone.
    const { tokenUser, tokenResh } = await sessionCookies(context);
    expect(tokenUser).toBeUndefined();
    expect(tokenResh).toBeUndefined();
    // The dialog came about one second after the refresh failed.
    const delay = await page.evaluate(() => {
      const marks = window as unknown as { tokenAnsweredAt: number; dialogAt: number };
      return marks.dialogAt - marks.tokenAnsweredAt;
    });
    test.info().annotations.push({ type: 'dialog delay', description: `${Math.round(delay)} ms` });
    expect(delay).toBeGreaterThanOrEqual(900);
    expect(delay).toBeLessThan(5000);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('首页');
  });
});
