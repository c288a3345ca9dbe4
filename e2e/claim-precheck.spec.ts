import {
  apiGet,
  apiSend,
  expect,
  hashUrl,
  residentId,
  sentBodies,
  signInBrowser,
  signInByApi,
  test,
  uniqueName,
  watchSentBodies,
  type DemoUser,
} from './fixtures.ts';
import { backdatePolicy, beijingDayPlus, buyPaidMedical } from './buy-by-api.ts';

/*
 * 理赔预审 and the decision clock: a member whose 百万医疗险 started 10 days ago (inside its 30-day
 * waiting period) pre-checks a hospital stay — not covered, waiting period — then the same costs
 * as 意外医疗 after social insurance: covered, ¥15,000 less the ¥10,000 deductible at 100 % =
 * ¥5,000, with the materials to prepare; 继续报案 opens the report form pre-filled and the claim is
 * reported. Once staff accept the materials (审核中) the member sees the decision due in 30 days, and
 * the claims desk shows the deadline on the claim's row. The pre-check is read once more in Polish.
 * The policy is bought through the service calls the buying screens make and backdated 10 days
 * (development-only call).
 */

test.describe('claim pre-check and decision clock', () => {
  test('a member pre-checks a claim, continues into the report pre-filled, sees the decision clock; the desk shows it; the pre-check in Polish', async ({
    page,
    context,
    baseURL,
    request,
  }, testInfo) => {
    const member: DemoUser = testInfo.project.name === 'pixel-7' ? 'demo.company' : 'demo.member';
    const { access_token: token } = await signInBrowser(context, baseURL!, member);
    const insured = uniqueName('孙');
    const seq = 900 + testInfo.workerIndex * 2 + (testInfo.project.name === 'pixel-7' ? 1 : 0);
    const bought = await buyPaidMedical(
      context.request,
      token,
      { name: insured, idNumber: residentId('19900315', seq), mobile: '13912345674', email: 'precheck@example.com' },
      { startInDays: 1, pageVersion: 'e2e-precheck' },
    );
    await backdatePolicy(context.request, token, bought.policyId, 10);

    // From the claim page: 理赔预审 → the pre-check, on this policy.
    await watchSentBodies(page);
    await page.goto(hashUrl('/claim/index'));
    const entry = page.locator('section').filter({ hasText: '报案前先查一查' });
    await entry.getByRole('button', { name: '先预审' }).click();
    await expect(page).toHaveURL(/precheck=1/);
    await page.locator('.adm-selector-item').filter({ hasText: bought.policyNo }).click();
    await expect(page.locator('.adm-selector-item').filter({ hasText: bought.policyNo })).toHaveClass(
      /adm-selector-item-active/,
    );
    await expect(page.getByRole('option', { name: new RegExp(`^${insured}\\s`) })).toHaveClass(
      /adm-selector-item-active/,
    );
    // A medical policy starts on 住院医疗.
    await expect(page.locator('.adm-selector-item').filter({ hasText: '住院医疗' })).toHaveClass(
      /adm-selector-item-active/,
    );
    await page.getByLabel('预计费用（元，选填）').fill('15000');
    await page.locator('.adm-selector-item').filter({ hasText: '已社保结算' }).click();

    const ask = () =>
      page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/claims/precheck'),
      );
    let asked = ask();
    await page.getByRole('button', { name: '开始预审' }).click();
    expect((await asked).status()).toBe(200);
    await expect(page.getByTestId('precheck-verdict')).toHaveText('不属于保障范围');
    await expect(page.getByTestId('precheck-reason')).toContainText('30 天等待期内');
    await expect(page.getByTestId('precheck-materials')).toContainText('住院病历、出院小结');

    // The same costs after an accident: no waiting period; the 10,000 元 deductible, 100 % after social insurance.
    await page.locator('.adm-selector-item').filter({ hasText: '意外医疗' }).click();
    asked = ask();
    await page.getByRole('button', { name: '开始预审' }).click();
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
    await expect(page.getByTestId('precheck-verdict')).toHaveText('属于保障范围');
    await expect(page.getByTestId('precheck-reason')).toContainText('一般医疗保险金');
    await expect(page.getByTestId('precheck-estimate')).toHaveText('¥5,000.00');
    await expect(page.getByTestId('precheck-answer')).toContainText(
      '免赔额 ¥10,000.00；经社保结算赔付 100%，未经社保结算 60%',
    );
    await expect(page.getByTestId('precheck-materials').locator('li')).toHaveCount(6);
    await expect(page.getByTestId('precheck-materials')).toContainText('意外事故证明');

    // 继续报案: the report form with the pre-check's answers.
    await page.getByRole('button', { name: '继续报案' }).click();
    await expect(page).toHaveURL(new RegExp(`policyId=${bought.policyId}&.*type=accident_medical`));
    await expect(page.locator('.adm-selector-item').filter({ hasText: '意外医疗' })).toHaveClass(
      /adm-selector-item-active/,
    );
    await expect(page.getByLabel('索赔金额（元）')).toHaveValue('15000');
    await expect(page.getByRole('button', { name: '出险日期' })).toHaveText(beijingDayPlus(0));
    await page.getByLabel('出险经过').fill('骑车时被电动车撞倒，右臂骨折，门诊手术治疗。');
    await page.getByLabel('开户银行').fill('建设银行杭州分行');
    await page.getByLabel('银行账号').fill('6217 0012 3456 7890');
    const reported = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/prod-api/app-api/v1/claims',
    );
    await page.getByRole('button', { name: '提交报案' }).click();
    expect((await reported).status()).toBe(200);
    await expect(page).toHaveURL(/claimId=\d+/);
    const claimId = Number(/claimId=(\d+)/.exec(page.url())![1]);
    const clock = page.getByTestId('claim-clock');
    await expect(clock).toContainText('材料齐全后开始计算核定时限');

    // Staff accept the materials: the decision is due in 30 days.
    const staff = await signInByApi(request, 'demo.channel');
    await apiSend(request, 'POST', `claims/${claimId}/transition`, staff.access_token, {
      to: 'reviewing',
      note: '材料齐全',
    });
    await page.reload();
    await expect(page.getByTestId('claim-status')).toHaveText('审核中');
    await expect(clock).toContainText(new RegExp(`材料齐全\\s*${beijingDayPlus(0)}`));
    await expect(clock).toContainText(new RegExp(`核定截止\\s*${beijingDayPlus(30)}`));
    await expect(clock.getByTestId('claim-clock-badge')).toHaveText('剩 30 天');
    const claimNo = (await apiGet<{ claimNo: string }>(request, `claims/${claimId}`, token)).claimNo;

    // The pre-check in Polish: the same answer, in the reader's language.
    await page.evaluate(() => localStorage.setItem('language', 'pl'));
    await page.goto(hashUrl(`/claim/index?precheck=1&policyId=${bought.policyId}`));
    await page.reload(); // the language is read when the app starts
    await page.locator('.adm-selector-item').filter({ hasText: 'Leczenie po wypadku' }).click();
    await page.getByLabel('Przewidywane koszty (CNY, opcjonalnie)').fill('15000');
    await page.locator('.adm-selector-item').filter({ hasText: 'Nierozliczone' }).click();
    asked = ask();
    await page.getByRole('button', { name: 'Sprawdź', exact: true }).click();
    expect((await asked).status()).toBe(200);
    await expect(page.getByTestId('precheck-verdict')).toHaveText('Objęte ochroną');
    await expect(page.getByTestId('precheck-estimate')).toHaveText('¥3,000.00');
    await expect(page.getByTestId('precheck-materials')).toContainText('Dokument potwierdzający wypadek');
    await expect(page.getByRole('button', { name: 'Zgłoś szkodę' })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('language', 'zh-cn'));

    // The claims desk: the claim's row names its deadline.
    await signInBrowser(context, baseURL!, 'demo.channel');
    await page.goto(hashUrl('/claim/index'));
    await page.reload(); // the session is read when the app starts
    const desk = page.getByTestId('claim-desk');
    const searched = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname.endsWith('/claims/desk') && new URL(r.url()).searchParams.get('keyword') === claimNo,
    );
    await desk.getByPlaceholder('案件号、保单号、报案人或被保人姓名').fill(claimNo);
    expect((await searched).status()).toBe(200);
    const row = desk.getByTestId('claim-desk-row').filter({ hasText: claimNo });
    await expect(row.getByTestId('claim-desk-clock')).toContainText(`核定截止 ${beijingDayPlus(30)}`);
    await expect(row.getByTestId('claim-clock-badge')).toHaveText('剩 30 天');
    await expect(row.getByTestId('claim-clock-badge')).toHaveAttribute('data-urgency', 'ok');
  });
});
