import {
  apiGet,
  apiSend,
  expect,
  hashUrl,
  productIdByName,
  residentId,
  signInBrowser,
  test,
  uniqueName,
} from './fixtures.ts';
import { choosePlan, currentStep, fillApplicant, fillPerson, startBuying } from './buy-steps.ts';

test('a member saves a half-filled medical application, finds it after a reload and in 草稿箱, resumes it there and deletes another draft', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const { access_token: token } = await signInBrowser(context, baseURL!, 'demo.member');
  const productId = await productIdByName(request, '百万医疗险');
  // Unique names: the other phone runs the same story as the same member at the same time.
  const applicant = { name: uniqueName('陈'), idNumber: residentId('19870520', 61), mobile: '13600001234' };
  const child = { name: uniqueName('陈'), idNumber: residentId('20150601', 52) };

  // Another, older draft of the same member, to be deleted later.
  const other = await apiSend<{ id: number }>(request, 'POST', 'order/drafts', token, { productId, step: 'applicant' });
  const otherName = uniqueName('林');
  await apiSend(request, 'PUT', `order/drafts/${other.id}`, token, { applicant: { name: otherName } });

  // Buying up to the insured step: the child is the insured person.
  await page.goto(hashUrl(`/productDetails/index?id=${productId}`));
  await expect(page.getByRole('heading', { name: '百万医疗险' })).toBeVisible();
  await startBuying(page);
  const { draftId } = await choosePlan(page);
  await fillApplicant(page, applicant);
  await page.getByText('子女', { exact: true }).click();
  await fillPerson(page, child);
  await page.getByRole('button', { name: '保存草稿' }).click();
  await expect(page.getByText('草稿已保存')).toBeVisible();

  // A reload comes back to the same step with the child's details.
  await page.reload();
  await expect(currentStep(page)).toHaveText('被保人');
  await expect(page.getByLabel('姓名')).toHaveValue(child.name);
  await expect(page.getByLabel('身份证号')).toHaveValue(child.idNumber);
  await expect(page).toHaveURL(new RegExp(`draftId=${draftId}\\b`));

  // 草稿箱 lists it with the product and the applicant; 继续 resumes it at the saved step.
  await page.goto(hashUrl('/help/draft'));
  const mine = page.getByRole('row').filter({ hasText: applicant.name });
  await expect(mine).toContainText('百万医疗险');
  const older = page.getByRole('row').filter({ hasText: otherName });
  await expect(older).toContainText('百万医疗险');
  await mine.getByRole('button', { name: '继续' }).click();
  await expect(page).toHaveURL(new RegExp(`insureDetails/index\\?productId=${productId}&draftId=${draftId}$`));
  await expect(currentStep(page)).toHaveText('被保人');
  await expect(page.getByLabel('姓名')).toHaveValue(child.name);
  // One step back: the applicant as filled in.
  await page.getByRole('button', { name: '上一步' }).click();
  await expect(currentStep(page)).toHaveText('填写投保人');
  await expect(page.getByLabel('姓名')).toHaveValue(applicant.name);
  await expect(page.getByLabel('身份证号')).toHaveValue(applicant.idNumber);
  await expect(page.getByLabel('手机号')).toHaveValue(applicant.mobile);

  // Deleting the other draft asks first, then it is gone from the list and from the server.
  await page.goto(hashUrl('/help/draft'));
  await older.getByRole('button', { name: '删除' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(otherName);
  await dialog.getByRole('button', { name: '删除' }).click();
  await expect(older).toHaveCount(0);
  await expect(mine).toBeVisible();
  const drafts = await apiGet<{ list: { id: number }[] }>(request, 'order/drafts?page=1&pageSize=50', token);
  expect(drafts.list.map((d) => d.id)).toContain(draftId);
  expect(drafts.list.map((d) => d.id)).not.toContain(other.id);
});
