import type { Page, Request } from '@playwright/test';
import { expect, limit } from './fixtures.ts';
import { ACCEPT_LANGUAGE, LANGUAGE, t, tPattern } from './texts.ts';

/*
 * The steps of the buying flow as a buyer goes through them (立即投保 → plan → applicant → insured →
 * health → confirm → pay), shared by the buying stories. Each step waits for what the buyer would
 * see before acting, so a step that breaks fails where it breaks.
 */

export interface Person {
  name: string;
  idNumber: string;
  mobile: string;
}

/** A `/prod-api/app-api/v1/<path>` call of the page, by method and a path pattern. */
export function isApiCall(request: Request, method: string, path: RegExp): boolean {
  if (request.method() !== method) return false;
  const pathname = new URL(request.url()).pathname;
  return pathname.startsWith(`/prod-api/app-api/v1/`) && path.test(pathname.slice(`/prod-api/app-api/v1`.length));
}

/**
 * The step bar's current step: antd-mobile marks it `process`; with large text or in 长辈版 the bar
 * is one line whose step title is `aria-current="step"`.
 */
export function currentStep(page: Page) {
  return page.locator('.adm-step-status-process .adm-step-title, [aria-current="step"]');
}

/** 立即投保 on the product page opens the buying flow at the plan step. */
export async function startBuying(page: Page): Promise<void> {
  await page.getByRole('button', { name: t('details.buy') }).click();
  await expect(page).toHaveURL(/insureDetails/);
  await expect(currentStep(page)).toHaveText(t('insure.step.plan'));
}

/** A plan of the plan step, by name (antd-mobile Selector option). */
export async function pickPlan(page: Page, plan: string): Promise<void> {
  const option = page.locator('.adm-selector-item').filter({ hasText: plan });
  await option.click();
  await expect(option).toHaveClass(/adm-selector-item-active/);
}

/** 下一步 on the plan step: the server creates the draft and its id goes into the address. */
export async function choosePlan(page: Page): Promise<{ draftId: number }> {
  const created = page.waitForResponse((r) => isApiCall(r.request(), 'POST', /^\/order\/drafts$/));
  await page.getByRole('button', { name: t('insure.next') }).click();
  expect((await created).status(), 'draft created').toBe(200);
  await expect(page).toHaveURL(/draftId=\d+/);
  return { draftId: Number(/draftId=(\d+)/.exec(page.url())![1]) };
}

/** Name, ID number and mobile in the open person form. */
export async function fillPerson(page: Page, person: Partial<Person>): Promise<void> {
  if (person.name !== undefined) await page.getByLabel(t('person.name')).fill(person.name);
  if (person.idNumber !== undefined) await page.getByLabel(t('person.id')).fill(person.idNumber);
  if (person.mobile !== undefined) await page.getByLabel(t('person.mobile')).fill(person.mobile);
}

/** Step 填写投保人, then 下一步 to 被保人. */
export async function fillApplicant(page: Page, applicant: Person): Promise<void> {
  await expect(currentStep(page)).toHaveText(t('insure.step.applicant'));
  // One line, like the shorter titles beside it (it used to break as 填写投保 / 人); with large text
  // the bar is one line of its own (no step titles side by side). Polish titles may break at their
  // soft hyphens: e2e/polish.spec.ts checks that no word breaks elsewhere.
  if (LANGUAGE === 'zh-cn') {
    const titleHeights = await page
      .locator('.adm-step-title')
      .evaluateAll((titles) => titles.map((title) => title.getBoundingClientRect().height));
    if (titleHeights.length) expect(Math.max(...titleHeights)).toBe(Math.min(...titleHeights));
  }
  await fillPerson(page, applicant);
  await page.getByRole('button', { name: t('insure.next') }).click();
  await expect(currentStep(page)).toHaveText(t('insure.step.insured'));
}

/** Step 被保人 with 本人 (preselected): the applicant's own details, then 下一步. */
export async function insureSelf(page: Page, applicant: Person): Promise<void> {
  await expect(currentStep(page)).toHaveText(t('insure.step.insured'));
  await expect(page.getByText(applicant.name, { exact: true })).toBeVisible();
  // Tapping the selected 本人 again keeps it selected (it used to clear it, and 下一步 then failed).
  const self = page.locator('.adm-selector-item').filter({ hasText: t('person.relation.self') });
  await expect(self).toHaveClass(/adm-selector-item-active/);
  await self.click();
  await expect(self).toHaveClass(/adm-selector-item-active/);
  await expect(page.getByText(applicant.name, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: t('insure.next') }).click();
}

/** Step 健康告知: 以上均无 when the product asks questions, else 下一步. */
export async function passHealth(page: Page): Promise<void> {
  await expect(currentStep(page)).toHaveText(t('insure.step.health'));
  const allNo = page.getByRole('button', { name: t('insure.healthAllNo') });
  const next = page.getByRole('button', { name: t('insure.next') });
  await expect(allNo.or(next)).toBeVisible();
  await ((await allNo.isVisible()) ? allNo : next).click();
  await expect(currentStep(page)).toHaveText(t('insure.step.confirm'));
}

/**
 * Step 确认支付: opens and reads every document, ticks both confirmations and submits. Answers the
 * new order's id from the pay page's address.
 */
export async function confirmAndSubmit(page: Page, { plan }: { plan?: string } = {}): Promise<{ orderId: number }> {
  await expect(currentStep(page)).toHaveText(t('insure.step.confirm'));
  const documents = page.locator('.adm-list-item').filter({ hasText: tPattern('details.documents.quoted') });
  await expect(documents.first()).toBeVisible();
  const count = await documents.count();
  expect(count, 'documents to read').toBeGreaterThan(0);
  const clause = plan ? await clauseTitle(page) : undefined;
  for (let i = 0; i < count; i += 1) {
    const item = documents.nth(i);
    await item.click();
    await expect(page.locator('article h2')).toBeVisible();
    // The clause opens with the cover of the plan being bought: what the buyer consents to.
    if (plan && (await page.locator('article h2').textContent()) === clause) {
      await expect(page.getByRole('region', { name: t('insure.docPlan', { plan }) })).toBeVisible();
    }
    await page.locator('.adm-popup-close-icon').click();
    await expect(page.locator('article h2')).toHaveCount(0);
    await expect(item).toContainText(t('insure.readDone'));
  }
  const submit = page.getByRole('button', { name: t('insure.submit') });
  await expect(submit).toBeDisabled();
  await page.getByText(tPattern('insure.readConfirm')).click();
  await page.getByText(t('insure.consent')).click();
  await expect(submit).toBeEnabled();
  const submitted = page.waitForResponse((r) => isApiCall(r.request(), 'POST', /^\/order\/drafts\/\d+\/submit$/));
  await submit.click();
  expect((await submitted).status(), 'order submitted').toBe(200);
  await expect(page).toHaveURL(/pay\/index\?orderId=\d+/);
  return { orderId: Number(/orderId=(\d+)/.exec(page.url())![1]) };
}

/** The title of the product's clause in the run's language, as its document sheet heads it. */
async function clauseTitle(page: Page): Promise<string> {
  const productId = new URL(page.url().replace('#', '')).searchParams.get('productId');
  const answer = await page.request.get(`/prod-api/app-api/v1/product/${productId}/documents/clause`, {
    headers: { 'Accept-Language': ACCEPT_LANGUAGE[LANGUAGE] },
  });
  return ((await answer.json()) as { data: { title: string } }).data.title;
}

/** 立即支付 → the simulator's cashier → 确认支付 → back on the pay page: 支付成功 and the policy number. */
export async function payInCashier(page: Page): Promise<string> {
  await page.getByRole('button', { name: t('pay.confirm') }).click();
  await expect(page).toHaveURL(/\/wx-sim\//);
  // The cashier is WeChat's page (the simulator's), in Chinese whatever the H5's language.
  await page.getByRole('button', { name: '确认支付' }).click();
  // The result's title (in Polish the payment time's label reads the same).
  await expect(page.locator('.adm-result-title')).toHaveText(t('pay.success'), { timeout: limit(20_000) });
  const policyNo = page.getByTestId('policy-no');
  await expect(policyNo).toHaveText(/^P\d{16}$/);
  await expect(page.getByRole('button', { name: t('pay.viewPolicy') })).toBeVisible();
  await expect(page.getByRole('button', { name: t('pay.home') })).toBeVisible();
  return (await policyNo.textContent())!;
}
