import type { Page } from '@playwright/test';
import {
  expect,
  hashUrl,
  limit,
  productIdByName,
  residentId,
  signInBrowser,
  test,
  uniqueName,
  type DemoUser,
} from './fixtures.ts';
import { backdatePolicy, buyPaidMedical } from './buy-by-api.ts';
import { currentStep, isApiCall } from './buy-steps.ts';

/*
 * Issue 12's journeys in Polish, on both phones: a purchase (sign-in with a refused password first:
 * the server's refusal is a Polish toast, docs/decisions.md#errors-in-the-readers-language), and a
 * claim reported on the form. Every label the reader taps is the Polish one.
 */

const HAN = /\p{Script=Han}/gu;
/** One member per phone, so the two phones' orders and claims never mix. */
const memberOf = (project: string): DemoUser => (project === 'pixel-7' ? 'demo.company' : 'demo.member');

async function polish(page: Page): Promise<void> {
  await page.context().addInitScript(() => localStorage.setItem('language', 'pl'));
}

/** Chinese characters on the page, without the given texts (names of people and places). */
async function chineseLeft(page: Page, allowed: string[] = []): Promise<string> {
  let text = await page.locator('#root').innerText();
  for (const a of allowed) text = text.split(a).join('');
  return (text.match(HAN) ?? []).join('');
}

test('a Polish visitor signs in (a wrong password is refused in Polish), buys an accident cover for themself in Polish and pays', async ({
  page,
}, testInfo) => {
  await polish(page);
  const member = memberOf(testInfo.project.name);
  const productId = await productIdByName(page.request, '综合意外险');

  // The product page asks a visitor to sign in first: the dialog, in Polish.
  await page.goto(hashUrl(`/productDetails/index?id=${productId}`));
  const dialog = page.getByRole('dialog', { name: 'Logowanie' });
  await expect(dialog).toBeVisible();
  const box = dialog.locator('.adm-checkbox').filter({ hasText: 'Przeczytałem(-am) i akceptuję' });
  await box.getByText('Przeczytałem(-am) i akceptuję').click();
  await expect(box).toHaveClass(/adm-checkbox-checked/);
  await dialog.getByLabel('Login').fill(member);
  await dialog.locator('input[type=password]').fill('Wrong@123456');
  await dialog.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  // The server's refusal (A0210), in the reader's language.
  await expect(page.getByText('Nieprawidłowa nazwa użytkownika lub hasło')).toBeVisible();
  await dialog.locator('input[type=password]').fill('Demo@123456');
  await dialog.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(dialog).toBeHidden();

  // The buying flow in Polish: plan, applicant, insured (Ja), health, confirmation.
  await expect(page.getByRole('heading', { name: 'Kompleksowe ubezpieczenie NNW' })).toBeVisible();
  await page.getByRole('button', { name: 'Kup teraz' }).click();
  await expect(currentStep(page)).toHaveText('Wariant');
  const standard = page.locator('.adm-selector-item').filter({ hasText: 'Standard' });
  await standard.click();
  await expect(standard).toHaveClass(/adm-selector-item-active/);
  const created = page.waitForResponse((r) => isApiCall(r.request(), 'POST', /^\/order\/drafts$/));
  await page.getByRole('button', { name: 'Dalej' }).click();
  expect((await created).status()).toBe(200);

  await expect(currentStep(page)).toHaveText(/Ubezpie\u00ADczający|Ubezpieczający/);
  const applicant = {
    name: uniqueName('钱'),
    idNumber: residentId('19900315', 800 + testInfo.workerIndex * 2 + (testInfo.project.name === 'pixel-7' ? 1 : 0)),
    mobile: '13912345674',
  };
  await page.getByLabel('Imię i nazwisko').fill(applicant.name);
  await page.getByLabel('Nr dowodu').fill(applicant.idNumber);
  await page.getByLabel('Telefon').fill(applicant.mobile);
  await page.getByRole('button', { name: 'Dalej' }).click();

  await expect(currentStep(page)).toHaveText(/Ubezpie\u00ADczony|Ubezpieczony/);
  await expect(page.locator('.adm-selector-item').filter({ hasText: 'Ja' }).first()).toHaveClass(
    /adm-selector-item-active/,
  );
  await expect(page.getByText(applicant.name, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Dalej' }).click();

  await expect(currentStep(page)).toHaveText('Zdrowie');
  const allNo = page.getByRole('button', { name: 'Żadne nie dotyczy' });
  const next = page.getByRole('button', { name: 'Dalej' });
  await expect(allNo.or(next)).toBeVisible();
  await ((await allNo.isVisible()) ? allNo : next).click();

  await expect(currentStep(page)).toHaveText('Płatność');
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
    await expect(item).toContainText('Przeczytane');
  }
  const submit = page.getByRole('button', { name: 'Złóż zamówienie' });
  await page.getByText(/^Przeczytałem\(-am\) i rozumiem/).click();
  await page.getByText(/^Zgadzam się, aby ubezpieczyciel/).click();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/pay\/index\?orderId=\d+/);

  // WeChat's cashier (the simulator) is WeChat's own page; back on the pay page, Polish again.
  await page.getByRole('button', { name: 'Zapłać teraz' }).click();
  await expect(page).toHaveURL(/\/wx-sim\//);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.locator('.adm-result-title')).toHaveText('Zapłacono', { timeout: limit(20_000) });
  await expect(page.getByTestId('policy-no')).toHaveText(/^P\d{16}$/);
  await expect(page.getByRole('button', { name: 'Zobacz polisę' })).toBeVisible();
  expect(await chineseLeft(page, [applicant.name]), 'the pay result in Polish, but for the name').toBe('');
});

test('a Polish member reports a claim on the Polish form and sees it in Polish', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  await polish(page);
  const { access_token: token } = await signInBrowser(context, baseURL!, memberOf(testInfo.project.name));
  const insured = uniqueName('孙');
  const seq = 820 + testInfo.workerIndex * 2 + (testInfo.project.name === 'pixel-7' ? 1 : 0);
  const bought = await buyPaidMedical(
    context.request,
    token,
    { name: insured, idNumber: residentId('19880612', seq), mobile: '13912345675' },
    { startInDays: 1, pageVersion: 'e2e-polish-claim' },
  );
  await backdatePolicy(context.request, token, bought.policyId, 10);

  await page.goto(hashUrl(`/claim/index?policyId=${bought.policyId}`));
  await expect(page.getByText(bought.policyNo, { exact: false })).toBeVisible();
  // A medical product's claim starts on a hospital stay, named in Polish.
  await expect(page.locator('.adm-selector-item').filter({ hasText: 'Pobyt w szpitalu' })).toHaveClass(
    /adm-selector-item-active/,
  );
  await page.getByLabel('Przebieg zdarzenia').fill('Nagły ból brzucha w nocy, przyjęcie na SOR i operacja wyrostka.');
  await page.getByLabel('Kwota roszczenia (CNY)').fill('980');
  await page.getByLabel('Bank').fill('PKO Bank Polski');
  await page.getByLabel('Numer konta').fill('6225 8801 2345 6790');
  await page.getByLabel('Numer konta').blur();
  expect(await chineseLeft(page, [insured]), 'the claim form in Polish').toBe('');

  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/prod-api/app-api/v1/claims',
  );
  await page.getByRole('button', { name: 'Wyślij zgłoszenie' }).click();
  expect((await created).status(), 'claim reported').toBe(200);
  await expect(page).toHaveURL(/claimId=\d+/);
  await expect(page.getByTestId('claim-status')).toHaveText('Zgłoszona');
  await expect(page.getByText('Ubezpieczenie medyczne „Milion”').first()).toBeVisible();
  expect(await chineseLeft(page, [insured]), 'the claim in Polish').toBe('');
});
