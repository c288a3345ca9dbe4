import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiGet,
  apiSend,
  envelopeData,
  expect,
  hashUrl,
  limit,
  productIdByName,
  residentId,
  signInBrowser,
  test,
  uniqueName,
} from './fixtures.ts';
import { backdatePolicy, beijingDayPlus, buyPaidMedical, yuanText } from './buy-by-api.ts';
import { confirmAndSubmit, currentStep, payInCashier } from './buy-steps.ts';

/*
 * Reminders that act (docs/decisions.md#reminders-that-act). A policy is bought through the service
 * calls and moved into the past with the development backdate call, to the day its reminder is
 * due; the development sweep call runs the sweep job (which sends it) instead of waiting for its
 * interval. The member finds the reminder in 站内信 and acts on it from there.
 */

const ACCIDENT = '综合意外险';

/** Runs the sweep until the member has a message of that title about that policy (another run may be at it). */
async function sweepUntilMessage(
  request: APIRequestContext,
  token: string,
  title: string,
  policyNo: string,
): Promise<void> {
  await expect
    .poll(
      async () => {
        await envelopeData(
          await request.post('/prod-api/dev/sweep', { headers: { Authorization: `Bearer ${token}` } }),
          'sweep',
        );
        const { list } = await apiGet<{ list: { title: string; body: string }[] }>(
          request,
          'messages?page=1&pageSize=50',
          token,
        );
        return list.some((m) => m.title === title && m.body.includes(policyNo));
      },
      { timeout: limit(30_000) },
    )
    .toBe(true);
}

/** 站内信 → the reminder about the policy → 去查看: the page it links to. */
async function openReminder(page: Page, title: string, policyNo: string): Promise<void> {
  await page.goto(hashUrl('/member/message'));
  const item = page.locator('.adm-list-item').filter({ hasText: policyNo }).filter({ hasText: title });
  await expect(item).toHaveAttribute('aria-label', `未读 ${title}`);
  await item.click();
  await expect(page.getByRole('article', { name: title })).toContainText(policyNo);
  await page.getByRole('button', { name: '去查看' }).click();
}

/** A paid 综合意外险 (no health notice, renewable) for the applicant themselves, starting in 3 days. */
async function buyPaidAccident(
  request: APIRequestContext,
  token: string,
  applicant: { name: string; idNumber: string; mobile: string },
) {
  const productId = await productIdByName(request, ACCIDENT);
  const product = await apiGet<{ versionId: number; plans: { code: string }[]; terms: { days: number }[] }>(
    request,
    `product/${productId}`,
    token,
  );
  const draft = await apiSend<{ id: number }>(request, 'POST', 'order/drafts', token, { productId });
  await apiSend(request, 'PUT', `order/drafts/${draft.id}`, token, {
    planCode: product.plans[1].code,
    termDays: product.terms[0].days,
    startDate: beijingDayPlus(3),
    applicant: { ...applicant, idType: 'id_card', email: 'renew@example.com' },
    insured: { relation: 'self' },
  });
  const trail = (body: unknown) => apiSend(request, 'POST', `order/drafts/${draft.id}/trail`, token, body);
  await trail({ type: 'page', step: 'confirm', pageVersion: 'e2e-reminders' });
  for (const document of ['clause', 'notice', 'exclusions'])
    await trail({ type: 'open', document, versionId: product.versionId });
  await trail({ type: 'confirm', documents: ['clause', 'notice', 'exclusions'], versionId: product.versionId });
  await trail({ type: 'consent', granted: true });
  const order = await apiSend<{ id: number }>(request, 'POST', `order/drafts/${draft.id}/submit`, token, {});
  const pay = await apiSend<{ payParams: { package: string } }>(request, 'POST', `order/${order.id}/pay`, token, {});
  expect(
    (
      await request.post('/wx-sim/pay/test/pay', {
        data: { prepayId: pay.payParams.package.replace(/^prepay_id=/, '') },
      })
    ).status(),
  ).toBe(200);
  const done = await apiGet<{ policyId: number; policyNo: string; endDate: string }>(
    request,
    `order/${order.id}`,
    token,
  );
  return { productId, policyId: done.policyId, policyNo: done.policyNo };
}

test.describe('reminders that act', () => {
  test('three days before the cooling-off period ends the member is reminded, keeps one policy and surrenders another from the reminder', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const { access_token: token } = await signInBrowser(context, baseURL!, 'demo.member');
    const seq = 600 + testInfo.workerIndex * 4 + (testInfo.project.name === 'pixel-7' ? 2 : 0);
    const buy = (n: number) =>
      buyPaidMedical(
        context.request,
        token,
        {
          name: uniqueName('韩'),
          idNumber: residentId('19880412', seq + n),
          mobile: '13912345672',
          email: 'remind@example.com',
        },
        { startInDays: 3, pageVersion: 'e2e-reminders' },
      );
    const kept = await buy(0);
    const left = await buy(1);
    // 百万医疗险: 15 days of cooling-off from the issue day; 13 days later three days are left.
    for (const p of [kept, left]) await backdatePolicy(context.request, token, p.policyId, 13);
    await sweepUntilMessage(context.request, token, '犹豫期即将结束', kept.policyNo);
    await sweepUntilMessage(context.request, token, '犹豫期即将结束', left.policyNo);
    const until = `${beijingDayPlus(2)} 24:00`;

    // 保留: one tap, recorded; the page says surrender stays possible.
    await openReminder(page, '犹豫期即将结束', kept.policyNo);
    await expect(page).toHaveURL(new RegExp(`policy/index\\?id=${kept.policyId}&ask=cooling-off$`));
    const card = page.getByRole('region', { name: '犹豫期即将结束' });
    await expect(card).toContainText(`犹豫期至 ${until} 止`);
    await expect(card).toContainText(yuanText(kept.premiumFen));
    await card.getByRole('button', { name: '保留保单' }).click();
    await expect(page.getByText('已保留保单', { exact: true })).toBeVisible();
    await expect(card.getByTestId('kept')).toContainText('不会再收到犹豫期提醒');
    await expect(card.getByRole('button', { name: '保留保单' })).toHaveCount(0);
    const detail = await apiGet<{ coolingOffKeptAt: string | null; status: string }>(
      context.request,
      `order/policyInfo/${kept.policyId}`,
      token,
    );
    expect(detail.coolingOffKeptAt).not.toBeNull();
    expect(detail.status).toBe('active');

    // 退保 from the other reminder: the surrender dialog with its confirmation, then the policy has ended.
    await openReminder(page, '犹豫期即将结束', left.policyNo);
    await expect(page).toHaveURL(new RegExp(`policy/index\\?id=${left.policyId}&ask=cooling-off$`));
    await page
      .getByRole('region', { name: '犹豫期即将结束' })
      .getByRole('button', { name: '退保', exact: true })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('surrender-refund')).toHaveText(yuanText(left.premiumFen));
    await dialog.getByText('重复投保').click();
    await dialog.getByRole('button', { name: '确认退保' }).click();
    await expect(page.getByText('退保成功，保费将原路退回')).toBeVisible();
    await expect(page.getByText('退保信息')).toBeVisible();
    await expect(page.getByRole('region', { name: '犹豫期即将结束' })).toHaveCount(0);
  });

  test('thirty days before a renewable policy ends the reminder opens the renewal pre-filled, which reaches the payment', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const { access_token: token } = await signInBrowser(context, baseURL!, 'demo.member');
    const seq = 700 + testInfo.workerIndex * 2 + (testInfo.project.name === 'pixel-7' ? 1 : 0);
    const applicant = { name: uniqueName('曹'), idNumber: residentId('19850709', seq), mobile: '13912345673' };
    const bought = await buyPaidAccident(context.request, token, applicant);
    // One year from 3 days ahead: moved 338 days back, the policy ends in 29 days (30 left, counting today).
    await backdatePolicy(context.request, token, bought.policyId, 338);
    await sweepUntilMessage(context.request, token, '保单即将到期，可一键续保', bought.policyNo);

    await openReminder(page, '保单即将到期，可一键续保', bought.policyNo);
    // The renewal draft is made on the server and opened the way 草稿箱 resumes a draft.
    await expect(page).toHaveURL(new RegExp(`insureDetails/index\\?productId=${bought.productId}&draftId=\\d+$`), {
      timeout: limit(15_000),
    });
    await expect(currentStep(page)).toHaveText('确认支付');
    // Pre-filled from the policy: same product and plan, the same person, cover from the day after it ends.
    const summary = page.locator('section').filter({ has: page.getByRole('heading', { name: '投保信息' }) });
    await expect(summary).toContainText(ACCIDENT);
    await expect(summary).toContainText('标准版');
    await expect(summary).toContainText(`${beijingDayPlus(30)} 至`);
    await expect(summary).toContainText(applicant.name);

    // One confirmation and the payment.
    await confirmAndSubmit(page, { plan: '标准版' });
    await payInCashier(page);
  });
});
