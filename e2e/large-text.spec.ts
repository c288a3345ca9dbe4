import type { BrowserContext, TestInfo } from '@playwright/test';
import { backdatePolicy, buyPaidMedical } from './buy-by-api.ts';
import {
  choosePlan,
  confirmAndSubmit,
  currentStep,
  fillApplicant,
  insureSelf,
  passHealth,
  pickPlan,
} from './buy-steps.ts';
import { expect, hashUrl, residentId, setSessionCookies, signInBySmsApi, test, uniqueName } from './fixtures.ts';
import { expectTextFits, largeText } from './text-fit.ts';
import { catalogueProduct, t } from './texts.ts';

/*
 * Text at 200 % of its size (docs/accessibility.md#large-text), as a phone's largest font setting
 * and WeChat's draw it: the purchase steps, the policy pages, the claim form and the sign-in dialog
 * show all their text, none over other text, and no page scrolls sideways. The 长辈版 offer is
 * answered first, so that the pages are the ones a returning reader sees.
 */

/** A member of their own (SMS sign-in, created on first use), signed in in the browser. */
async function freshMember(context: BrowserContext, baseURL: string, testInfo: TestInfo): Promise<string> {
  const mobile = `139${String(Date.now()).slice(-6)}${testInfo.workerIndex % 10}${Math.floor(Math.random() * 10)}`;
  const pair = await signInBySmsApi(context.request, mobile);
  await setSessionCookies(context, baseURL, `${pair.token_type} ${pair.access_token}`, pair.refresh_token);
  return pair.access_token;
}

test.describe('text at 200 %', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('elderModeOffered', '1'));
    await largeText(page, 200);
  });

  test('a member buys an accident cover at 200 % text: every step shows all its text', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    await freshMember(context, baseURL!, testInfo);
    const product = await catalogueProduct(context.request, '综合意外险');
    const plan = product.text('标准版');
    await page.goto(hashUrl(`/productDetails/index?id=${product.id}`));
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
    // The browser draws the text larger (the page did not ask for it).
    expect(await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize))).toBeGreaterThan(24);
    await expectTextFits(page, 'the product page');

    await page.getByRole('button', { name: t('details.buy') }).click();
    // Five step titles no longer fit side by side: one line says where the buyer is.
    await expect(currentStep(page)).toHaveText(t('insure.step.plan'));
    await expect(page.getByText(t('insure.stepOf', { n: 1, total: 5 }))).toBeVisible();
    await expectTextFits(page, 'step 选择方案');
    await pickPlan(page, plan);
    await choosePlan(page);
    await expect(currentStep(page)).toHaveText(t('insure.step.applicant'));
    await expectTextFits(page, 'step 填写投保人');
    const applicant = { name: uniqueName('钱'), idNumber: residentId('19850704', 31), mobile: '13912345673' };
    await fillApplicant(page, applicant);
    await expectTextFits(page, 'step 被保人');
    await insureSelf(page, applicant);
    await expectTextFits(page, 'step 健康告知');
    await passHealth(page);
    await expectTextFits(page, 'step 确认支付');
    await confirmAndSubmit(page, { plan });
    await expect(page.getByRole('button', { name: t('pay.confirm') })).toBeVisible();
    await expectTextFits(page, 'the pay page');
  });

  test('a member reads a policy and reports a claim at 200 % text', async ({ page, context, baseURL }, testInfo) => {
    const token = await freshMember(context, baseURL!, testInfo);
    const insured = uniqueName('孙');
    const bought = await buyPaidMedical(
      context.request,
      token,
      { name: insured, idNumber: residentId('19790203', 40 + testInfo.workerIndex), mobile: '13912345674' },
      { startInDays: 1, pageVersion: 'e2e-large-text' },
    );
    await backdatePolicy(context.request, token, bought.policyId, 10);

    await page.goto(hashUrl('/policy/index'));
    await expect(page.getByTestId('policy-card').first()).toBeVisible();
    await expectTextFits(page, 'the policy list');
    await page.goto(hashUrl(`/policy/index?id=${bought.policyId}`));
    await expect(page.getByText(bought.policyNo).first()).toBeVisible();
    await expectTextFits(page, 'the policy page');

    await page.goto(hashUrl(`/claim/index?policyId=${bought.policyId}`));
    await expect(page.getByText(bought.policyNo, { exact: false }).first()).toBeVisible();
    await expect(page.getByLabel(t('claim.form.description'))).toBeVisible();
    await expectTextFits(page, 'the claim form');
    // The date picker's sheet, at the same size.
    await page.getByRole('button', { name: t('claim.form.date') }).click();
    await expect(page.locator('.adm-picker')).toBeVisible();
    await expectTextFits(page, "the claim form's date picker");
  });

  test('a visitor signs in through the dialog at 200 % text', async ({ page }) => {
    await page.goto(hashUrl('/member/info'));
    const dialog = page.getByRole('dialog', { name: t('login.title') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: t('login.submit'), exact: true })).toBeVisible();
    await expectTextFits(page, 'the sign-in dialog');
    await dialog.getByRole('tab', { name: t('signin.tabSms') }).click();
    await expect(dialog.getByRole('textbox', { name: t('signin.code') })).toBeVisible();
    await expectTextFits(page, "the sign-in dialog's SMS form");
  });
});
