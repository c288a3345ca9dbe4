import type { APIRequestContext } from '@playwright/test';
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
import { beijingDayPlus, medicalInForce } from './buy-by-api.ts';
import { CLAIM_STATUS_KEYS } from '../src/app/i18n/enum-names.ts';
import { t, tPattern } from './texts.ts';

/*
 * 理赔处理: a member reports a claim (through the service, as the report screen does); the channel
 * demo account opens the claim view, finds the claim in 理赔处理 by its number, opens it and moves it
 * to 审核中 through the screen; the member then sees 审核中, and never sees 理赔处理 themselves.
 * The policy is bought through the service calls the buying screens make and backdated 10 days
 * (development-only call), so it is in force today.
 */

async function paidPolicyInForce(
  request: APIRequestContext,
  token: string,
  seq: number,
): Promise<{ policyId: number; insuredId: number; insured: string }> {
  const insured = uniqueName('钱');
  const bought = await medicalInForce(
    request,
    token,
    { name: insured, idNumber: residentId('19850309', seq), mobile: '13912345673', email: 'desk@example.com' },
    'e2e-claim-desk',
  );
  const policy = await apiGet<{ insured: { id: number }[] }>(request, `order/policyInfo/${bought.policyId}`, token);
  return { policyId: bought.policyId, insuredId: policy.insured[0].id, insured };
}

test.describe('claims desk', { tag: ['@writes', '@demo-data', '@dev-routes', '@wechat-sim'] }, () => {
  test("channel staff find a member's reported claim in 理赔处理 and move it to 审核中; the member sees 审核中 and no desk", async ({
    page,
    context,
    baseURL,
    request,
    keyScreen,
  }, testInfo) => {
    // One member per phone, so the two phones' claims never mix.
    const member: DemoUser = phoneSlot(testInfo) ? 'demo.company' : 'demo.member';
    const memberToken = (await signInByApi(request, member)).access_token;
    const policy = await paidPolicyInForce(request, memberToken, 700 + testInfo.workerIndex * 2 + phoneSlot(testInfo));
    const reported = t(CLAIM_STATUS_KEYS.reported);
    const reviewing = t(CLAIM_STATUS_KEYS.reviewing);
    const moveTo = new RegExp(`^${tPattern('claim.desk.moveTo').source}`);
    const claim = await apiSend<{ id: number; claimNo: string; status: string }>(
      request,
      'POST',
      'claims',
      memberToken,
      {
        policyId: policy.policyId,
        insuredId: policy.insuredId,
        type: 'accident_medical',
        incidentDate: beijingDayPlus(-2),
        description: '下楼时摔倒导致右脚踝扭伤，门诊治疗。',
        amountFen: 86_000,
        payeeName: policy.insured,
        payeeBank: '工商银行上海分行',
        payeeAccount: '6222 0212 3456 7890',
      },
    );
    expect(claim.status).toBe('reported');

    // Staff: 理赔处理 lists open claims; the claim number finds this one.
    await signInBrowser(context, baseURL!, 'demo.channel');
    await watchSentBodies(page);
    await page.goto(hashUrl('/claim/index'));
    const desk = page.getByTestId('claim-desk');
    await expect(page.getByText(t('claim.desk.title'), { exact: true })).toBeVisible();
    await expect(desk.getByText(t('claim.desk.filter.open'), { exact: true })).toBeVisible();
    const searched = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname.endsWith('/claims/desk') &&
        new URL(r.url()).searchParams.get('keyword') === claim.claimNo,
    );
    await desk.getByPlaceholder(t('claim.desk.search')).fill(claim.claimNo);
    expect((await searched).status()).toBe(200);
    const row = desk.getByTestId('claim-desk-row').filter({ hasText: claim.claimNo });
    await expect(row).toHaveCount(1);
    await expect(desk.getByTestId('claim-desk-row')).toHaveCount(1);
    await expect(row).toContainText(reported);
    await expect(row).toContainText(policy.insured);
    await keyScreen('claims desk');
    await row.click();

    // The claim's staff view: masked account, and only 审核中 offered from 已报案.
    await expect(page).toHaveURL(new RegExp(`deskClaimId=${claim.id}$`));
    await expect(page.getByTestId('desk-claim-status')).toHaveText(reported);
    await expect(page.getByText('**** 7890')).toBeVisible();
    await expect(page.getByRole('button', { name: moveTo })).toHaveCount(1);
    await page.getByRole('button', { name: t('claim.desk.moveTo', { status: reviewing }) }).click();
    const note = page.getByPlaceholder(t('claim.desk.noteOptional'));
    await note.fill('材料已收到，开始审核');
    // Typing done (the phone's keyboard closes) before the button is tapped.
    await note.blur();
    const moved = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(`/claims/${claim.id}/transition`),
    );
    await page.getByRole('button', { name: t('claim.desk.confirm') }).click();
    const answer = await moved;
    expect(answer.status()).toBe(200);
    const [sent] = await sentBodies(page, 'POST', /\/transition$/);
    expect(JSON.parse(sent.body)).toEqual({ to: 'reviewing', note: '材料已收到，开始审核' });
    await expect(page.getByTestId('desk-claim-status')).toHaveText(reviewing);
    // From 审核中 the next steps are 补充材料, 已结案 and 拒赔.
    await expect(page.getByRole('button', { name: moveTo })).toHaveCount(3);
    await keyScreen('claim moved to 审核中');

    // Back on the desk, the claim shows 审核中.
    await page.getByRole('button', { name: t('claim.desk.back') }).click();
    await desk.getByPlaceholder(t('claim.desk.search')).fill(claim.claimNo);
    await expect(desk.getByTestId('claim-desk-row').filter({ hasText: claim.claimNo })).toContainText(reviewing);

    // The member: 审核中 with the staff's note, and no 理赔处理.
    await context.clearCookies();
    await signInBrowser(context, baseURL!, member);
    await page.goto(hashUrl(`/claim/index?claimId=${claim.id}`));
    await page.reload();
    await expect(page.getByTestId('claim-status')).toHaveText(reviewing);
    await expect(page.getByTestId('claim-timeline')).toContainText('材料已收到，开始审核');
    await page.goto(hashUrl('/claim/index'));
    await expect(page.locator('.adm-list-item').filter({ hasText: claim.claimNo })).toContainText(reviewing);
    await expect(page.getByTestId('claim-desk')).toHaveCount(0);
    await expect(page.getByText(t('claim.desk.title'), { exact: true })).toHaveCount(0);
    // And the service refuses them the desk.
    const refused = await request.get('/prod-api/app-api/v1/claims/desk', {
      headers: { Authorization: `Bearer ${memberToken}` },
    });
    expect(refused.status()).toBe(403);
  });
});
