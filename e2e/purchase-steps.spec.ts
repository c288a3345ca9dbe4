import { expect, hashUrl, phoneSlot, residentId, signInBrowser, test, uniqueName } from './fixtures.ts';
import { choosePlan, currentStep, fillApplicant, insureSelf, passHealth, startBuying } from './buy-steps.ts';
import { catalogueProduct, t, tPattern } from './texts.ts';

test(
  "a phone's Back goes to the previous purchase step (an open document first); Forward and reload keep what was entered",
  { tag: ['@writes', '@demo-data'] },
  async ({ page, context, baseURL, request, keyScreen }, testInfo) => {
    await signInBrowser(context, baseURL!, 'demo.member');
    const product = await catalogueProduct(request, '百万医疗险');
    const applicant = {
      name: uniqueName('许'),
      idNumber: residentId('19880312', 310 + 2 * phoneSlot(testInfo)),
      mobile: '13600005678',
    };
    await page.goto(hashUrl(`/productDetails/index?id=${product.id}`));
    // A document opened on the product page closes on Back; the page stays.
    await page
      .getByRole('button', { name: tPattern('details.documents.quoted') })
      .first()
      .click();
    await expect(page.locator('article h2')).toBeVisible();
    await page.goBack();
    await expect(page.locator('article h2')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
    await startBuying(page);
    const { draftId } = await choosePlan(page);
    await fillApplicant(page, applicant);
    await insureSelf(page, applicant);
    await expect(currentStep(page)).toHaveText(t('insure.step.health'));

    // Back: one step at a time, with what was entered.
    await page.goBack();
    await expect(currentStep(page)).toHaveText(t('insure.step.insured'));
    await expect(page.getByText(applicant.name, { exact: true })).toBeVisible();
    await page.goBack();
    await expect(currentStep(page)).toHaveText(t('insure.step.applicant'));
    await expect(page.getByLabel(t('person.name'))).toHaveValue(applicant.name);
    await expect(page.getByLabel(t('person.id'))).toHaveValue(applicant.idNumber);
    await page.goBack();
    await expect(currentStep(page)).toHaveText(t('insure.step.plan'));
    await expect(page).toHaveURL(new RegExp(`draftId=${draftId}\\b`));
    await keyScreen('back at the first step');

    // Forward and reload come back to the steps, with the data saved on the server.
    await page.goForward();
    await expect(currentStep(page)).toHaveText(t('insure.step.applicant'));
    await page.goForward();
    await expect(currentStep(page)).toHaveText(t('insure.step.insured'));
    await page.reload();
    await expect(currentStep(page)).toHaveText(t('insure.step.insured'));
    await expect(page.getByText(applicant.name, { exact: true })).toBeVisible();
    await page.goBack();
    await expect(currentStep(page)).toHaveText(t('insure.step.applicant'));
    await expect(page.getByLabel(t('person.name'))).toHaveValue(applicant.name);

    // Moving on still checks the step: an emptied name stops 下一步 on this step.
    await page.getByLabel(t('person.name')).fill('');
    await page.getByRole('button', { name: t('insure.next') }).click();
    await expect(currentStep(page)).toHaveText(t('insure.step.applicant'));
    // An address asking for a later step than the checked ones shows the furthest checked one.
    await page.goto(hashUrl(`/insureDetails/index?productId=${product.id}&draftId=${draftId}&step=confirm`));
    await page.reload();
    await expect(currentStep(page)).toHaveText(t('insure.step.health'));
    await expect(page).toHaveURL(/step=health\b/);

    // On the last step an open document closes first; the next Back goes to the step before.
    await passHealth(page);
    const documents = page.locator('.adm-list-item').filter({ hasText: tPattern('details.documents.quoted') });
    await documents.first().click();
    await expect(page.locator('article h2')).toBeVisible();
    await page.goBack();
    await expect(page.locator('article h2')).toHaveCount(0);
    await expect(currentStep(page)).toHaveText(t('insure.step.confirm'));
    await page.goBack();
    await expect(currentStep(page)).toHaveText(t('insure.step.health'));
  },
);
