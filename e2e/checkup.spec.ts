import { MEDICAL_PRODUCT, medicalInForce } from './buy-by-api.ts';
import { currentStep } from './buy-steps.ts';
import {
  apiSend,
  expect,
  hashUrl,
  phoneSlot,
  residentId,
  setSessionCookies,
  signInBySmsApi,
  test,
} from './fixtures.ts';
import { catalogueProduct, LANGUAGE, t, tIn } from './texts.ts';

/*
 * 保障体检 (docs/decisions/family-cover-check-up.md): a member with saved persons opens the check-up,
 * sees a gap and lands in the purchase prepared for the uncovered person. The member is new for
 * each phone, so the other phone's run (and other stories of demo.member) never change what it sees.
 * At the end the check-up is read once more in the other language.
 */

test(
  'a member with saved persons opens the check-up, sees a gap, taps it and lands in the purchase prepared for them',
  { tag: ['@writes', '@dev-routes', '@wechat-sim', '@demo-data'] },
  async ({ page, context, request, baseURL, keyScreen }, testInfo) => {
    const phone = phoneSlot(testInfo) + 1;
    const product = await catalogueProduct(request, MEDICAL_PRODUCT);
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
    await medicalInForce(request, token, me, 'e2e-checkup');
    await setSessionCookies(context, baseURL!, `${pair.token_type} ${token}`, pair.refresh_token);

    // From 个人中心's shortcuts…
    await page.goto(hashUrl('/help/person'));
    await page
      .getByRole('region', { name: t('person.shortcuts') })
      .getByRole('button', { name: t('help.menu.checkup') })
      .click();
    await expect(page).toHaveURL(/#\/help\/checkup$/);
    await expect(page.getByTestId('checkup-person')).toHaveText([me.name, kid.name]);
    // …and from 常用被保人.
    await page.goto(hashUrl('/help/collect'));
    await page.getByText(t('collect.checkup')).click();
    await expect(page).toHaveURL(/#\/help\/checkup$/);

    // The member is covered for medical by their policy; the child has no medical cover: a gap.
    const mine = page
      .locator('section')
      .filter({ has: page.getByTestId('checkup-person').filter({ hasText: me.name }) });
    const medical = mine.locator('.adm-list-item').filter({ hasText: t('checkup.category.medical') });
    await expect(medical).toContainText(product.name);
    await expect(medical).toContainText(t('checkup.covered'));
    await expect(mine).not.toContainText(me.idNumber);
    const gap = page.getByTestId('gap-medical');
    await expect(gap).toContainText(t('checkup.gapWho', { names: kid.name }));
    await expect(gap).toContainText(t('checkup.suggestFor', { name: kid.name, product: product.name }));
    await keyScreen('check-up with a gap');

    // One tap: the purchase opens with the draft the server prepared, the member as applicant, the child insured.
    const quoted = page.waitForResponse((r) => r.url().endsWith('/checkup/quote'));
    await gap.getByRole('button', { name: t('checkup.quote') }).click();
    expect((await quoted).status()).toBe(200);
    await expect(page).toHaveURL(/insureDetails\/index\?productId=\d+&draftId=\d+/);
    await expect(currentStep(page)).toHaveText(t('insure.step.plan'));
    await page.getByRole('button', { name: t('insure.next') }).click();
    await expect(currentStep(page)).toHaveText(t('insure.step.applicant'));
    await expect(page.getByLabel(t('person.name'))).toHaveValue(me.name);
    await expect(page.getByLabel(t('person.id'))).toHaveValue(me.idNumber);
    await page.getByRole('button', { name: t('insure.next') }).click();
    await expect(currentStep(page)).toHaveText(t('insure.step.insured'));
    await expect(page.locator('.adm-selector-item').filter({ hasText: t('person.relation.child') })).toHaveClass(
      /adm-selector-item-active/,
    );
    await expect(page.getByLabel(t('person.name'))).toHaveValue(kid.name);
    await expect(page.getByLabel(t('person.id'))).toHaveValue(kid.idNumber);

    // In the other language, the same check-up.
    const other = LANGUAGE === 'pl' ? 'zh-cn' : 'pl';
    await page.evaluate((language) => localStorage.setItem('language', language), other);
    await page.goto(hashUrl('/help/checkup'));
    await page.reload(); // the language is read when the app starts
    await expect(page.getByText(tIn(other, 'checkup.gaps'))).toBeVisible();
    await expect(page.getByTestId('gap-travel')).toContainText(tIn(other, 'checkup.category.travel'));
    await expect(page.getByTestId('checkup-person')).toHaveText([me.name, kid.name]);
  },
);
