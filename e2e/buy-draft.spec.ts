import { apiGet, apiSend, expect, hashUrl, residentId, signInBrowser, test, uniqueName } from './fixtures.ts';
import { choosePlan, currentStep, fillApplicant, fillPerson, startBuying } from './buy-steps.ts';
import { catalogueProduct, t } from './texts.ts';

test(
  'a member saves a half-filled medical application, finds it after a reload and in 草稿箱, resumes it there and deletes another draft',
  { tag: ['@writes', '@demo-data'] },
  async ({ page, context, baseURL, request, keyScreen }) => {
    const { access_token: token } = await signInBrowser(context, baseURL!, 'demo.member');
    const product = await catalogueProduct(request, '百万医疗险');
    const productId = product.id;
    // Unique names: the other phone runs the same story as the same member at the same time.
    const applicant = { name: uniqueName('陈'), idNumber: residentId('19870520', 61), mobile: '13600001234' };
    const child = { name: uniqueName('陈'), idNumber: residentId('20150601', 52) };

    // Another, older draft of the same member, to be deleted later.
    const other = await apiSend<{ id: number }>(request, 'POST', 'order/drafts', token, {
      productId,
      step: 'applicant',
    });
    const otherName = uniqueName('林');
    await apiSend(request, 'PUT', `order/drafts/${other.id}`, token, { applicant: { name: otherName } });

    // Buying up to the insured step: the child is the insured person.
    await page.goto(hashUrl(`/productDetails/index?id=${productId}`));
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
    await startBuying(page);
    const { draftId } = await choosePlan(page);
    await fillApplicant(page, applicant);
    await page.getByText(t('person.relation.child'), { exact: true }).click();
    await fillPerson(page, child);
    await page.getByRole('button', { name: t('insure.saveDraft') }).click();
    await expect(page.getByText(t('insure.saved'))).toBeVisible();

    // A reload comes back to the same step with the child's details.
    await page.reload();
    await expect(currentStep(page)).toHaveText(t('insure.step.insured'));
    await expect(page.getByLabel(t('person.name'))).toHaveValue(child.name);
    await expect(page.getByLabel(t('person.id'))).toHaveValue(child.idNumber);
    await expect(page).toHaveURL(new RegExp(`draftId=${draftId}\\b`));

    // 草稿箱 lists it with the product and the applicant; 继续 resumes it at the saved step.
    await page.goto(hashUrl('/help/draft'));
    const mine = page.getByRole('row').filter({ hasText: applicant.name });
    await expect(mine).toContainText(product.name);
    const older = page.getByRole('row').filter({ hasText: otherName });
    await expect(older).toContainText(product.name);
    await keyScreen('drafts');
    await mine.getByRole('button', { name: t('draft.resume') }).click();
    // The step it stopped at is part of the address (purchase steps are history entries).
    await expect(page).toHaveURL(
      new RegExp(`insureDetails/index\\?productId=${productId}&draftId=${draftId}&step=insured$`),
    );
    await expect(currentStep(page)).toHaveText(t('insure.step.insured'));
    await expect(page.getByLabel(t('person.name'))).toHaveValue(child.name);
    // One step back: the applicant as filled in.
    await page.getByRole('button', { name: t('insure.prev') }).click();
    await expect(currentStep(page)).toHaveText(t('insure.step.applicant'));
    await expect(page.getByLabel(t('person.name'))).toHaveValue(applicant.name);
    await expect(page.getByLabel(t('person.id'))).toHaveValue(applicant.idNumber);
    await expect(page.getByLabel(t('person.mobile'))).toHaveValue(applicant.mobile);

    // Deleting the other draft asks first, then it is gone from the list and from the server.
    await page.goto(hashUrl('/help/draft'));
    await older.getByRole('button', { name: t('draft.remove') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(otherName);
    await dialog.getByRole('button', { name: t('draft.remove') }).click();
    await expect(older).toHaveCount(0);
    await expect(mine).toBeVisible();
    const drafts = await apiGet<{ list: { id: number }[] }>(request, 'order/drafts?page=1&pageSize=50', token);
    expect(drafts.list.map((d) => d.id)).toContain(draftId);
    expect(drafts.list.map((d) => d.id)).not.toContain(other.id);
  },
);
