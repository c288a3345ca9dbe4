import { CLAIM_MATERIAL_KEYS, CLAIM_TYPE_KEYS, PRECHECK_VERDICT_KEYS } from '../src/app/i18n/enum-names.ts';
import {
  apiGet,
  apiSend,
  expect,
  hashUrl,
  phoneSlot,
  residentId,
  sentBodies,
  signInBrowser,
  signInByApi,
  test,
  uniqueName,
  watchSentBodies,
  type DemoUser,
} from './fixtures.ts';
import { beijingDayPlus, MEDICAL_PRODUCT, medicalInForce } from './buy-by-api.ts';
import { calendarDay, catalogueProduct, escapeRegExp, LANGUAGE, t, tIn, tPattern, type Language } from './texts.ts';

/*
 * 理赔预审 and the decision clock: a member whose 百万医疗险 started 10 days ago (inside its 30-day
 * waiting period) pre-checks a hospital stay — not covered, waiting period — then the same costs
 * as 意外医疗 after social insurance: covered, ¥15,000 less the ¥10,000 deductible at 100 % =
 * ¥5,000, with the materials to prepare; 继续报案 opens the report form pre-filled and the claim is
 * reported. Once staff accept the materials (审核中) the member sees the decision due in 30 days, and
 * the claims desk shows the deadline on the claim's row. The pre-check is read once more in the
 * other language.
 * The policy is bought through the service calls the buying screens make and backdated 10 days
 * (development-only call).
 */

test.describe(
  'claim pre-check and decision clock',
  { tag: ['@writes', '@demo-data', '@dev-routes', '@wechat-sim'] },
  () => {
    test('a member pre-checks a claim, continues into the report pre-filled, sees the decision clock; the desk shows it; the pre-check in the other language', async ({
      page,
      context,
      baseURL,
      request,
      keyScreen,
    }, testInfo) => {
      const member: DemoUser = phoneSlot(testInfo) ? 'demo.company' : 'demo.member';
      const { access_token: token } = await signInBrowser(context, baseURL!, member);
      const insured = uniqueName('孙');
      const seq = 900 + testInfo.workerIndex * 2 + phoneSlot(testInfo);
      const bought = await medicalInForce(
        context.request,
        token,
        { name: insured, idNumber: residentId('19900315', seq), mobile: '13912345674', email: 'precheck@example.com' },
        'e2e-precheck',
      );
      const product = await catalogueProduct(request, MEDICAL_PRODUCT);
      // An option by its whole text (Rozliczone is part of Nierozliczone).
      const option = (text: string) =>
        page.locator('.adm-selector-item').filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) });
      const accidentMedical = t(CLAIM_TYPE_KEYS.accident_medical);

      // From the claim page: 理赔预审 → the pre-check, on this policy.
      await watchSentBodies(page);
      await page.goto(hashUrl('/claim/index'));
      const entry = page.locator('section').filter({ hasText: t('claim.precheck.intro') });
      await entry.getByRole('button', { name: t('claim.precheck.open') }).click();
      await expect(page).toHaveURL(/precheck=1/);
      // The policy's option: its product and insured, then its number, dates and status.
      const policyOption = page.locator('.adm-selector-item').filter({ hasText: bought.policyNo });
      await policyOption.click();
      await expect(policyOption).toHaveClass(/adm-selector-item-active/);
      await expect(page.getByRole('option', { name: new RegExp(`^${insured}\\s`) })).toHaveClass(
        /adm-selector-item-active/,
      );
      // A medical policy starts on 住院医疗.
      await expect(option(t(CLAIM_TYPE_KEYS.hospital))).toHaveClass(/adm-selector-item-active/);
      await page.getByLabel(t('claim.precheck.amount')).fill('15000');
      await option(t('claim.precheck.social.yes')).click();
      await expect(option(t('claim.precheck.social.yes'))).toHaveClass(/adm-selector-item-active/);

      const ask = () =>
        page.waitForResponse(
          (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/claims/precheck'),
        );
      let asked = ask();
      await page.getByRole('button', { name: t('claim.precheck.submit'), exact: true }).click();
      expect((await asked).status()).toBe(200);
      await expect(page.getByTestId('precheck-verdict')).toHaveText(t(PRECHECK_VERDICT_KEYS.not_covered));
      await expect(page.getByTestId('precheck-reason')).toContainText(
        tPattern('claim.precheck.reason.waiting_period', { days: 30 }),
      );
      await expect(page.getByTestId('precheck-materials')).toContainText(t(CLAIM_MATERIAL_KEYS.discharge));

      // The same costs after an accident: no waiting period; the 10,000 元 deductible, 100 % after social insurance.
      await option(accidentMedical).click();
      asked = ask();
      await page.getByRole('button', { name: t('claim.precheck.submit'), exact: true }).click();
      expect((await asked).status()).toBe(200);
      const body = JSON.parse((await sentBodies(page, 'POST', /\/claims\/precheck$/)).at(-1)!.body) as Record<
        string,
        unknown
      >;
      expect(body).toMatchObject({
        policyId: bought.policyId,
        type: 'accident_medical',
        amountFen: 1_500_000,
        socialInsurance: 'yes',
      });
      await expect(page.getByTestId('precheck-verdict')).toHaveText(t(PRECHECK_VERDICT_KEYS.covered));
      await expect(page.getByTestId('precheck-reason')).toContainText(product.text('一般医疗保险金'));
      await expect(page.getByTestId('precheck-estimate')).toHaveText('¥5,000.00');
      await expect(page.getByTestId('precheck-answer')).toContainText(
        tPattern('claim.precheck.rule', { deductible: '¥10,000.00', withSocial: 100, without: 60 }),
      );
      await expect(page.getByTestId('precheck-materials').locator('li')).toHaveCount(6);
      await expect(page.getByTestId('precheck-materials')).toContainText(t(CLAIM_MATERIAL_KEYS.accidentProof));
      await keyScreen('pre-check answer');

      // 继续报案: the report form with the pre-check's answers.
      await page.getByRole('button', { name: t('claim.precheck.continue') }).click();
      await expect(page).toHaveURL(new RegExp(`policyId=${bought.policyId}&.*type=accident_medical`));
      await expect(option(accidentMedical)).toHaveClass(/adm-selector-item-active/);
      await expect(page.getByLabel(t('claim.form.amount'))).toHaveValue('15000');
      await expect(page.getByRole('button', { name: t('claim.form.date') })).toHaveText(calendarDay(beijingDayPlus(0)));
      await page.getByLabel(t('claim.form.description')).fill('骑车时被电动车撞倒，右臂骨折，门诊手术治疗。');
      await page.getByLabel(t('claim.form.payeeBank')).fill('建设银行杭州分行');
      await page.getByLabel(t('claim.form.payeeAccount')).fill('6217 0012 3456 7890');
      const reported = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/prod-api/app-api/v1/claims',
      );
      await page.getByRole('button', { name: t('claim.form.submit') }).click();
      expect((await reported).status()).toBe(200);
      await expect(page).toHaveURL(/claimId=\d+/);
      const claimId = Number(/claimId=(\d+)/.exec(page.url())![1]);
      const clock = page.getByTestId('claim-clock');
      await expect(clock).toContainText(t('claim.clock.waiting'));

      // Staff accept the materials: the decision is due in 30 days.
      const staff = await signInByApi(request, 'demo.channel');
      await apiSend(request, 'POST', `claims/${claimId}/transition`, staff.access_token, {
        to: 'reviewing',
        note: '材料齐全',
      });
      await page.reload();
      await expect(page.getByTestId('claim-status')).toHaveText(t('claim.status.reviewing'));
      const row = (key: Parameters<typeof t>[0], day: string) => new RegExp(`${escapeRegExp(t(key))}\\s*${day}`);
      await expect(clock).toContainText(row('claim.clock.materialsComplete', beijingDayPlus(0)));
      await expect(clock).toContainText(row('claim.clock.decisionDue', beijingDayPlus(30)));
      await expect(clock.getByTestId('claim-clock-badge')).toHaveText(t('claim.clock.daysLeft', { n: 30 }));
      await keyScreen('decision clock');
      const claimNo = (await apiGet<{ claimNo: string }>(request, `claims/${claimId}`, token)).claimNo;

      // The pre-check in the other language: the same answer, in the reader's language.
      const other: Language = LANGUAGE === 'pl' ? 'zh-cn' : 'pl';
      await page.evaluate((language) => localStorage.setItem('language', language), other);
      await page.goto(hashUrl(`/claim/index?precheck=1&policyId=${bought.policyId}`));
      await page.reload(); // the language is read when the app starts
      await option(tIn(other, CLAIM_TYPE_KEYS.accident_medical)).click();
      await page.getByLabel(tIn(other, 'claim.precheck.amount')).fill('15000');
      await option(tIn(other, 'claim.precheck.social.no')).click();
      // Chosen before asking: without it the answer is the range of both (the 60 % and the 100 % payout).
      await expect(option(tIn(other, 'claim.precheck.social.no'))).toHaveClass(/adm-selector-item-active/);
      asked = ask();
      await page.getByRole('button', { name: tIn(other, 'claim.precheck.submit'), exact: true }).click();
      expect((await asked).status()).toBe(200);
      await expect(page.getByTestId('precheck-verdict')).toHaveText(tIn(other, PRECHECK_VERDICT_KEYS.covered));
      await expect(page.getByTestId('precheck-estimate')).toHaveText('¥3,000.00');
      await expect(page.getByTestId('precheck-materials')).toContainText(tIn(other, CLAIM_MATERIAL_KEYS.accidentProof));
      await expect(page.getByRole('button', { name: tIn(other, 'claim.precheck.continue') })).toBeVisible();
      await keyScreen('pre-check in the other language');
      await page.evaluate((language) => localStorage.setItem('language', language), LANGUAGE);

      // The claims desk: the claim's row names its deadline.
      await signInBrowser(context, baseURL!, 'demo.channel');
      await page.goto(hashUrl('/claim/index'));
      await page.reload(); // the session and the language are read when the app starts
      const desk = page.getByTestId('claim-desk');
      const searched = page.waitForResponse(
        (r) =>
          new URL(r.url()).pathname.endsWith('/claims/desk') &&
          new URL(r.url()).searchParams.get('keyword') === claimNo,
      );
      await desk.getByPlaceholder(t('claim.desk.search')).fill(claimNo);
      expect((await searched).status()).toBe(200);
      const deskRow = desk.getByTestId('claim-desk-row').filter({ hasText: claimNo });
      await expect(deskRow.getByTestId('claim-desk-clock')).toContainText(
        t('claim.clock.due', { kind: t('claim.clock.kind.decision'), date: beijingDayPlus(30) }),
      );
      await expect(deskRow.getByTestId('claim-clock-badge')).toHaveText(t('claim.clock.daysLeft', { n: 30 }));
      await expect(deskRow.getByTestId('claim-clock-badge')).toHaveAttribute('data-urgency', 'ok');
    });
  },
);
