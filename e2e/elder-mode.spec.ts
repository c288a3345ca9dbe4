import type { Page, TestInfo } from '@playwright/test';
import { backdatePolicy, buyPaidMedical } from './buy-by-api.ts';
import { expectElderRules } from './elder-rules.ts';
import {
  apiGet,
  apiSend,
  expect,
  hashUrl,
  productIdByName,
  residentId,
  setSessionCookies,
  signInBySmsApi,
  test,
  uniqueName,
  type TokenPair,
} from './fixtures.ts';
import { largeText } from './text-fit.ts';
import { catalogueProduct, escapeRegExp, t } from './texts.ts';

/*
 * 长辈版 (docs/accessibility.md#elder-mode): offered on the home until answered, kept in the browser
 * before sign-in and on the server for a member, switched in 设置; its pages keep its rules (larger
 * text and key figures, line height, tap targets: e2e/elder-rules.ts), in Chinese and in Polish.
 */

const elderOn = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-elder', '');
const elderOff = (page: Page) => expect(page.locator('html')).not.toHaveAttribute('data-elder');

/** A member of their own (SMS sign-in, created on first use). */
async function newMember(page: Page, testInfo: TestInfo): Promise<TokenPair> {
  const mobile = `137${String(Date.now()).slice(-6)}${testInfo.workerIndex % 10}${Math.floor(Math.random() * 10)}`;
  return signInBySmsApi(page.context().request, mobile);
}

/** Hands the member's session to the browser, as the H5 keeps it (two cookies). */
async function signInBrowserAs(page: Page, baseURL: string, pair: TokenPair): Promise<void> {
  await setSessionCookies(page.context(), baseURL, `${pair.token_type} ${pair.access_token}`, pair.refresh_token);
}

/** The product cards of a list (buttons opening a product), once the list has come. */
const productCards = (page: Page) => page.locator('button[class*="card"]');

const serverElderMode = async (page: Page, token: string) =>
  (await apiGet<{ elderMode: boolean }>(page.context().request, 'members/me', token)).elderMode;

/** A screenshot of the phone's screen for docs/images (attached; copied there by hand when the look changes). */
async function attachScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(`${name}-${testInfo.project.name}`, {
    body: await page.screenshot({ scale: 'css' }),
    contentType: 'image/png',
  });
}

test('a visitor turns 长辈版 on from the home; it stays after a reload and reaches the server at sign-in', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.goto(hashUrl('/index'));
  const offer = page.getByRole('region', { name: t('elder.offer.title') });
  await expect(offer).toBeVisible();
  await elderOff(page);
  await offer.getByRole('button', { name: t('elder.offer.accept') }).click();
  await elderOn(page);
  await expect(offer).toBeHidden();
  await expect(page.getByRole('button', { name: t('elder.switchOff') })).toBeVisible();
  await expectElderRules(page, 'the home');
  await attachScreen(page, testInfo, 'elder-home');

  // Kept in the browser: the next visit starts in 长辈版 and is not asked again.
  await page.reload();
  await elderOn(page);
  await expect(page.getByRole('button', { name: t('elder.switchOff') })).toBeVisible();
  await expect(page.getByRole('region', { name: t('elder.offer.title') })).toHaveCount(0);

  await page.goto(hashUrl('/product/index'));
  await expect(productCards(page).first()).toBeVisible();
  await expectElderRules(page, 'the product list');

  // Signing in sends the choice made while signed out.
  const member = await newMember(page, testInfo);
  const token = member.access_token;
  expect(await serverElderMode(page, token)).toBe(false);
  await signInBrowserAs(page, baseURL!, member);
  // A new visit, signed in (the cookies are read when the H5 starts).
  await page.goto(hashUrl('/member/info'));
  await page.reload();
  await expect.poll(() => serverElderMode(page, token)).toBe(true);
  await elderOn(page);
  await expectElderRules(page, 'the member centre');

  const product = await catalogueProduct(page.context().request, '综合意外险');
  await page.goto(hashUrl(`/productDetails/index?id=${product.id}`));
  await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
  await expectElderRules(page, 'the product page');
  await attachScreen(page, testInfo, 'elder-product');
});

test("a member's 长辈版 follows them to a new phone; 设置 turns it off there and on the server", async ({
  page,
  baseURL,
}, testInfo) => {
  const member = await newMember(page, testInfo);
  const token = member.access_token;
  await apiSend(page.context().request, 'PUT', 'members/me', token, { elderMode: true });
  await signInBrowserAs(page, baseURL!, member);

  await page.goto(hashUrl('/member/setting'));
  await elderOn(page);
  const elderSwitch = page.getByRole('switch', { name: t('setting.elder') });
  await expect(elderSwitch).toBeChecked();
  await expectElderRules(page, 'the settings');

  await elderSwitch.click();
  await elderOff(page);
  await expect(elderSwitch).not.toBeChecked();
  await expect.poll(() => serverElderMode(page, token)).toBe(false);
  // The browser keeps the member's choice too: no offer on the home.
  await page.goto(hashUrl('/index'));
  await expect(page.getByRole('button', { name: t('elder.switchOn') })).toBeVisible();
  await expect(page.getByRole('region', { name: t('elder.offer.title') })).toHaveCount(0);
  await elderOff(page);
});

test('长辈版 keeps its rules on the buying steps and the policy page', async ({ page, baseURL }, testInfo) => {
  await page.addInitScript(() => localStorage.setItem('elderMode', '1'));
  const member = await newMember(page, testInfo);
  const token = member.access_token;
  await apiSend(page.context().request, 'PUT', 'members/me', token, { elderMode: true });
  await signInBrowserAs(page, baseURL!, member);

  const productId = await productIdByName(page.context().request, '综合意外险');
  await page.goto(hashUrl(`/productDetails/index?id=${productId}`));
  await elderOn(page);
  await page.getByRole('button', { name: t('details.buy') }).click();
  // The step bar is one line saying where the buyer is, plans one per row.
  await expect(page.getByText(t('insure.stepOf', { n: 1, total: 5 }))).toBeVisible();
  await expectElderRules(page, 'step 选择方案');
  await attachScreen(page, testInfo, 'elder-plan');

  const bought = await buyPaidMedical(
    page.context().request,
    token,
    { name: uniqueName('周'), idNumber: residentId('19660312', 50 + testInfo.workerIndex), mobile: '13912345675' },
    { startInDays: 1, pageVersion: 'e2e-elder' },
  );
  await backdatePolicy(page.context().request, token, bought.policyId, 10);
  await page.goto(hashUrl(`/policy/index?id=${bought.policyId}`));
  await expect(page.getByText(bought.policyNo).first()).toBeVisible();
  await expectElderRules(page, 'the policy page');
});

test('with WeChat text enlarged the home offers 长辈版 in those words, once', async ({ page }) => {
  await largeText(page, 150);
  await page.goto(hashUrl('/index'));
  const offer = page.getByRole('region', { name: t('elder.offer.titleLargeText') });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: t('elder.offer.decline') }).click();
  await expect(offer).toBeHidden();
  await elderOff(page);
  await page.reload();
  await expect(page.getByRole('button', { name: t('elder.switchOn') })).toBeVisible();
  await expect(
    page.getByRole('region', {
      name: new RegExp(`${escapeRegExp(t('elder.offer.title'))}|${escapeRegExp(t('elder.offer.titleLargeText'))}`),
    }),
  ).toHaveCount(0);
});

test('a Polish reader turns 长辈版 on from the home and reads the catalogue in it', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'pl'));
  await page.goto(hashUrl('/index'));
  const offer = page.getByRole('region', { name: 'Wypróbuj tryb dla seniorów' });
  await offer.getByRole('button', { name: 'Włącz tryb dla seniorów' }).click();
  await elderOn(page);
  await expect(page.getByRole('button', { name: 'Przełącz na widok standardowy' })).toBeVisible();
  await expectElderRules(page, 'the home in Polish');
  await page.goto(hashUrl('/product/index'));
  await expect(productCards(page).first()).toBeVisible();
  await expectElderRules(page, 'the product list in Polish');
});
