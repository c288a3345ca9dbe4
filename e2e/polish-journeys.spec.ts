import type { TestInfo } from '@playwright/test';
import {
  expect,
  hashUrl,
  limit,
  phoneSlot,
  residentId,
  signInBrowser,
  test,
  uniqueName,
  type DemoUser,
} from './fixtures.ts';
import { medicalInForce } from './buy-by-api.ts';
import { currentStep, isApiCall } from './buy-steps.ts';
import { catalogueProduct, serverText, tIn, tWhole, type TextKey } from './texts.ts';
import { chineseLeft } from './chinese-left.ts';

/*
 * The purchase and claim journeys in Polish, on both phones: a purchase (sign-in with a refused password first:
 * the server's refusal is a Polish toast, docs/decisions/errors-in-the-readers-language.md), and a
 * claim reported on the form. Every label the reader taps is the Polish one.
 */

/** One member per phone, so two phones' orders and claims never mix. */
const memberOf = (testInfo: TestInfo): DemoUser => (phoneSlot(testInfo) ? 'demo.company' : 'demo.member');
/** The Polish text the reader sees. */
const pl = (key: TextKey, params?: Record<string, string | number>) => tIn('pl', key, params);

// About Polish readers: Polish whatever the run's language.
test.use({ language: 'pl' });

test(
  'a Polish visitor signs in (a wrong password is refused in Polish), buys an accident cover for themself in Polish and pays',
  { tag: ['@writes', '@demo-data', '@wechat-sim'] },
  async ({ page, keyScreen }, testInfo) => {
    const member = memberOf(testInfo);
    const product = await catalogueProduct(page.request, '综合意外险', 'pl');

    // The product page asks a visitor to sign in first: the dialog, in Polish.
    await page.goto(hashUrl(`/productDetails/index?id=${product.id}`));
    const dialog = page.getByRole('dialog', { name: pl('login.title') });
    await expect(dialog).toBeVisible();
    const box = dialog.locator('.adm-checkbox').filter({ hasText: pl('signin.consentPrefix') });
    await box.getByText(pl('signin.consentPrefix')).click();
    await expect(box).toHaveClass(/adm-checkbox-checked/);
    await dialog.getByLabel(pl('login.username')).fill(member);
    await dialog.locator('input[type=password]').fill('Wrong@123456');
    await dialog.getByRole('button', { name: pl('login.submit'), exact: true }).click();
    // The server's refusal (A0210), in the reader's language.
    await expect(page.getByText(serverText('A0210', 'pl'))).toBeVisible();
    await dialog.locator('input[type=password]').fill('Demo@123456');
    await dialog.getByRole('button', { name: pl('login.submit'), exact: true }).click();
    await expect(dialog).toBeHidden();

    // The buying flow in Polish: plan, applicant, insured (Ja), health, confirmation.
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
    await page.getByRole('button', { name: pl('details.buy') }).click();
    await expect(currentStep(page)).toHaveText(pl('insure.step.plan'));
    const standard = page.locator('.adm-selector-item').filter({ hasText: product.text('标准版') });
    await standard.click();
    await expect(standard).toHaveClass(/adm-selector-item-active/);
    const created = page.waitForResponse((r) => isApiCall(r.request(), 'POST', /^\/order\/drafts$/));
    await page.getByRole('button', { name: pl('insure.next') }).click();
    expect((await created).status()).toBe(200);

    await expect(currentStep(page)).toHaveText(pl('insure.step.applicant'));
    const applicant = {
      name: uniqueName('钱'),
      idNumber: residentId('19900315', 800 + testInfo.workerIndex * 2 + phoneSlot(testInfo)),
      mobile: '13912345674',
    };
    await page.getByLabel(pl('person.name')).fill(applicant.name);
    await page.getByLabel(pl('person.id')).fill(applicant.idNumber);
    await page.getByLabel(pl('person.mobile')).fill(applicant.mobile);
    await page.getByRole('button', { name: pl('insure.next') }).click();

    await expect(currentStep(page)).toHaveText(pl('insure.step.insured'));
    await expect(
      page.locator('.adm-selector-item').filter({ hasText: tWhole('person.relation.self', {}, 'pl') }),
    ).toHaveClass(/adm-selector-item-active/);
    await expect(page.getByText(applicant.name, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: pl('insure.next') }).click();

    await expect(currentStep(page)).toHaveText(pl('insure.step.health'));
    const allNo = page.getByRole('button', { name: pl('insure.healthAllNo') });
    const next = page.getByRole('button', { name: pl('insure.next') });
    await expect(allNo.or(next)).toBeVisible();
    await ((await allNo.isVisible()) ? allNo : next).click();

    await expect(currentStep(page)).toHaveText(pl('insure.step.confirm'));
    await keyScreen('confirmation step in Polish');
    expect(await chineseLeft(page, [applicant.name]), 'the confirmation step in Polish').toBe('');
    const documents = page
      .locator('.adm-list-item')
      .filter({ hasText: '„' })
      .or(page.locator('.adm-list-item').filter({ hasText: '《' }));
    await expect(documents.first()).toBeVisible();
    const count = await documents.count();
    for (let i = 0; i < count; i += 1) {
      const item = documents.nth(i);
      await item.click();
      await expect(page.locator('article h2')).toBeVisible();
      await page.locator('.adm-popup-close-icon').click();
      await expect(page.locator('article h2')).toHaveCount(0);
      await expect(item).toContainText(pl('insure.readDone'));
    }
    const submit = page.getByRole('button', { name: pl('insure.submit') });
    await page.getByText(tWhole('insure.readConfirm', {}, 'pl')).click();
    await page.getByText(pl('insure.consent')).click();
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page).toHaveURL(/pay\/index\?orderId=\d+/);

    // WeChat's cashier (the simulator) is WeChat's own page; back on the pay page, Polish again.
    await page.getByRole('button', { name: pl('pay.confirm') }).click();
    await expect(page).toHaveURL(/\/wx-sim\//);
    await page.getByRole('button', { name: '确认支付' }).click();
    await expect(page.locator('.adm-result-title')).toHaveText(pl('pay.success'), { timeout: limit(20_000) });
    await expect(page.getByTestId('policy-no')).toHaveText(/^P\d{16}$/);
    await expect(page.getByRole('button', { name: pl('pay.viewPolicy') })).toBeVisible();
    expect(await chineseLeft(page, [applicant.name]), 'the pay result in Polish, but for the name').toBe('');
    await keyScreen('paid, in Polish');
  },
);

test(
  'a Polish member reports a claim on the Polish form and sees it in Polish',
  { tag: ['@writes', '@demo-data', '@dev-routes', '@wechat-sim'] },
  async ({ page, context, baseURL, keyScreen }, testInfo) => {
    const { access_token: token } = await signInBrowser(context, baseURL!, memberOf(testInfo));
    const product = await catalogueProduct(context.request, '百万医疗险', 'pl');
    const insured = uniqueName('孙');
    const seq = 820 + testInfo.workerIndex * 2 + phoneSlot(testInfo);
    const bought = await medicalInForce(
      context.request,
      token,
      { name: insured, idNumber: residentId('19880612', seq), mobile: '13912345675' },
      'e2e-polish-claim',
    );

    await page.goto(hashUrl(`/claim/index?policyId=${bought.policyId}`));
    await expect(page.getByText(bought.policyNo, { exact: false })).toBeVisible();
    // A medical product's claim starts on a hospital stay, named in Polish.
    await expect(page.locator('.adm-selector-item').filter({ hasText: pl('claim.type.hospital') })).toHaveClass(
      /adm-selector-item-active/,
    );
    await page
      .getByLabel(pl('claim.form.description'))
      .fill('Nagły ból brzucha w nocy, przyjęcie na SOR i operacja wyrostka.');
    await page.getByLabel(pl('claim.form.amount')).fill('980');
    await page.getByLabel(pl('claim.form.payeeBank')).fill('PKO Bank Polski');
    await page.getByLabel(pl('claim.form.payeeAccount')).fill('6225 8801 2345 6790');
    await page.getByLabel(pl('claim.form.payeeAccount')).blur();
    expect(await chineseLeft(page, [insured]), 'the claim form in Polish').toBe('');
    await keyScreen('claim form in Polish');

    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/prod-api/app-api/v1/claims',
    );
    await page.getByRole('button', { name: pl('claim.form.submit') }).click();
    expect((await created).status(), 'claim reported').toBe(200);
    await expect(page).toHaveURL(/claimId=\d+/);
    await expect(page.getByTestId('claim-status')).toHaveText(pl('claim.status.reported'));
    await expect(page.getByText(product.name).first()).toBeVisible();
    expect(await chineseLeft(page, [insured]), 'the claim in Polish').toBe('');
  },
);
