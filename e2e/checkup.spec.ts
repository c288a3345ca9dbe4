import { backdatePolicy, buyPaidMedical, MEDICAL_PRODUCT } from './buy-by-api.ts';
import { currentStep } from './buy-steps.ts';
import { apiSend, expect, hashUrl, residentId, setSessionCookies, signInBySmsApi, test } from './fixtures.ts';

/*
 * 保障体检 (docs/decisions.md#family-cover-check-up): a member with saved persons opens the check-up,
 * sees a gap and lands in the purchase prepared for the uncovered person. The member is new for
 * each phone, so the other phone's run (and other stories of demo.member) never change what it sees.
 */

test('a member with saved persons opens the check-up, sees a gap, taps it and lands in the purchase prepared for them', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const phone = testInfo.project.name === 'iphone-13' ? 1 : 2;
  const mobile = `134${phone}${String(Date.now()).slice(-7)}`;
  const pair = await signInBySmsApi(request, mobile);
  const token = pair.access_token;
  const me = { name: '周体检', idNumber: residentId('19900506', 100 + phone * 2 + 1), mobile };
  const kid = { name: '周小宝', idNumber: residentId('20190810', 200 + phone * 2) };
  await apiSend(request, 'POST', 'persons', token, { kind: 'applicant', ...me, idType: 'id_card', consent: true });
  await apiSend(request, 'POST', 'persons', token, {
    kind: 'insured',
    ...kid,
    idType: 'id_card',
    relation: 'child',
    consent: true,
  });
  // The member's own 百万医疗险, in force today.
  const policy = await buyPaidMedical(request, token, me, { startInDays: 1, pageVersion: 'e2e-checkup' });
  await backdatePolicy(request, token, policy.policyId, 10);
  await setSessionCookies(context, baseURL!, `${pair.token_type} ${token}`, pair.refresh_token);

  // From 个人中心's shortcuts…
  await page.goto(hashUrl('/help/person'));
  await page.getByRole('region', { name: '常用功能' }).getByRole('button', { name: '保障体检' }).click();
  await expect(page).toHaveURL(/#\/help\/checkup$/);
  await expect(page.getByTestId('checkup-person')).toHaveText([me.name, kid.name]);
  // …and from 常用被保人.
  await page.goto(hashUrl('/help/collect'));
  await page.getByText('家庭保障体检').click();
  await expect(page).toHaveURL(/#\/help\/checkup$/);

  // The member is covered for medical by their policy; the child has no medical cover: a gap.
  const mine = page.locator('section').filter({ has: page.getByTestId('checkup-person').filter({ hasText: me.name }) });
  await expect(mine.locator('.adm-list-item').filter({ hasText: '医疗险' })).toContainText(MEDICAL_PRODUCT);
  await expect(mine.locator('.adm-list-item').filter({ hasText: '医疗险' })).toContainText('保障中');
  await expect(mine).not.toContainText(me.idNumber);
  const gap = page.getByTestId('gap-medical');
  await expect(gap).toContainText(`${kid.name} 暂无此类保障`);
  await expect(gap).toContainText(`推荐产品：${MEDICAL_PRODUCT}`);

  // One tap: the purchase opens with the draft the server prepared, the member as applicant, the child insured.
  const quoted = page.waitForResponse((r) => r.url().endsWith('/checkup/quote'));
  await gap.getByRole('button', { name: '一键投保' }).click();
  expect((await quoted).status()).toBe(200);
  await expect(page).toHaveURL(/insureDetails\/index\?productId=\d+&draftId=\d+/);
  await expect(currentStep(page)).toHaveText('选择方案');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(currentStep(page)).toHaveText('填写投保人');
  await expect(page.getByLabel('姓名')).toHaveValue(me.name);
  await expect(page.getByLabel('身份证号')).toHaveValue(me.idNumber);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(currentStep(page)).toHaveText('被保人');
  await expect(page.locator('.adm-selector-item').filter({ hasText: '子女' })).toHaveClass(/adm-selector-item-active/);
  await expect(page.getByLabel('姓名')).toHaveValue(kid.name);
  await expect(page.getByLabel('身份证号')).toHaveValue(kid.idNumber);

  // In Polish, the same check-up.
  await context.addInitScript(() => localStorage.setItem('language', 'pl'));
  await page.goto(hashUrl('/help/checkup'));
  await page.reload();
  await expect(page.getByText('Luki w ochronie')).toBeVisible();
  await expect(page.getByTestId('gap-travel')).toContainText('Turystyczne');
  await expect(page.getByTestId('checkup-person')).toHaveText([me.name, kid.name]);
});
