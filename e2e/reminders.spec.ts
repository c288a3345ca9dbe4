import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiGet,
  apiSend,
  envelopeData,
  expect,
  hashUrl,
  limit,
  phoneSlot,
  productIdByName,
  residentId,
  signInBrowser,
  test,
  uniqueName,
} from './fixtures.ts';
import { backdatePolicy, beijingDayPlus, buyPaidMedical, yuanText } from './buy-by-api.ts';
import { confirmAndSubmit, currentStep, payInCashier } from './buy-steps.ts';
import { catalogueProduct, envelopeMessage, readerHeaders, t, tPattern } from './texts.ts';

/*
 * Reminders that act (docs/decisions/reminders-that-act.md). A policy is bought through the service
 * calls and moved into the past with the development backdate call, to the day its reminder is
 * due; the development sweep call runs the sweep job (which sends it) instead of waiting for its
 * interval. The member finds the reminder in 站内信 and acts on it from there.
 */

const ACCIDENT = '综合意外险';

/**
 * Runs the sweep until the member has a message of that kind (template) about that policy (another
 * run may be at it); answers its title as the service renders it for a reader of the run's language.
 */
async function sweepUntilMessage(
  request: APIRequestContext,
  token: string,
  template: 'cooling_off_ending' | 'renewal_due',
  policyNo: string,
): Promise<string> {
  let title = '';
  await expect
    .poll(
      async () => {
        await envelopeData(
          await request.post('/prod-api/dev/sweep', { headers: { Authorization: `Bearer ${token}` } }),
          'sweep',
        );
        const answer = await request.get('/prod-api/app-api/v1/messages?page=1&pageSize=50', {
          headers: { Authorization: `Bearer ${token}`, ...readerHeaders() },
        });
        const { list } = (await envelopeData<{ list: { template: string | null; title: string; body: string }[] }>(
          answer,
          'messages',
        )) ?? { list: [] };
        title = list.find((m) => m.template === template && m.body.includes(policyNo))?.title ?? '';
        return title !== '';
      },
      { timeout: limit(30_000) },
    )
    .toBe(true);
  return title;
}

/** 站内信 → the reminder about the policy → 去查看: the page it links to. */
async function openReminder(page: Page, title: string, policyNo: string): Promise<void> {
  await page.goto(hashUrl('/member/message'));
  const item = page.locator('.adm-list-item').filter({ hasText: policyNo }).filter({ hasText: title });
  await expect(item).toHaveAttribute('aria-label', `${t('message.unread')} ${title}`);
  await item.click();
  await expect(page.getByRole('article', { name: title })).toContainText(policyNo);
  await page.getByRole('button', { name: t('message.open') }).click();
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

test.describe('reminders that act', { tag: ['@writes', '@demo-data', '@dev-routes', '@wechat-sim'] }, () => {
  test('three days before the cooling-off period ends the member is reminded, keeps one policy and surrenders another from the reminder', async ({
    page,
    context,
    baseURL,
    keyScreen,
  }, testInfo) => {
    const { access_token: token } = await signInBrowser(context, baseURL!, 'demo.member');
    const seq = 600 + testInfo.workerIndex * 4 + phoneSlot(testInfo) * 2;
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
    const keptTitle = await sweepUntilMessage(context.request, token, 'cooling_off_ending', kept.policyNo);
    const leftTitle = await sweepUntilMessage(context.request, token, 'cooling_off_ending', left.policyNo);
    const until = `${beijingDayPlus(2)} 24:00`;

    // 保留: one tap, recorded; the page says surrender stays possible.
    await openReminder(page, keptTitle, kept.policyNo);
    await expect(page).toHaveURL(new RegExp(`policy/index\\?id=${kept.policyId}&ask=cooling-off$`));
    const card = page.getByRole('region', { name: t('policy.remind.coolingOffTitle') });
    await expect(card).toContainText(tPattern('policy.remind.coolingOffText', { time: until }));
    await expect(card).toContainText(yuanText(kept.premiumFen));
    await keyScreen('cooling-off reminder');
    await card.getByRole('button', { name: t('policy.remind.keep') }).click();
    await expect(page.getByText(t('policy.remind.keptToast'), { exact: true })).toBeVisible();
    await expect(card.getByTestId('kept')).toContainText(tPattern('policy.remind.kept'));
    await expect(card.getByRole('button', { name: t('policy.remind.keep') })).toHaveCount(0);
    const detail = await apiGet<{ coolingOffKeptAt: string | null; status: string }>(
      context.request,
      `order/policyInfo/${kept.policyId}`,
      token,
    );
    expect(detail.coolingOffKeptAt).not.toBeNull();
    expect(detail.status).toBe('active');

    // 退保 from the other reminder: the surrender dialog with its confirmation, then the policy has ended.
    await openReminder(page, leftTitle, left.policyNo);
    await expect(page).toHaveURL(new RegExp(`policy/index\\?id=${left.policyId}&ask=cooling-off$`));
    await page
      .getByRole('region', { name: t('policy.remind.coolingOffTitle') })
      .getByRole('button', { name: t('policy.surrender'), exact: true })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('surrender-refund')).toHaveText(yuanText(left.premiumFen));
    await dialog.getByText(t('policy.surrender.reason.duplicate')).click();
    const surrendered = page.waitForResponse((r) => r.url().endsWith(`/policyInfo/${left.policyId}/surrender`));
    await dialog.getByRole('button', { name: t('policy.surrender.confirm') }).click();
    await expect(page.getByText(await envelopeMessage(await surrendered))).toBeVisible();
    await expect(page.getByText(t('policy.surrendered'))).toBeVisible();
    await expect(page.getByRole('region', { name: t('policy.remind.coolingOffTitle') })).toHaveCount(0);
  });

  test('thirty days before a renewable policy ends the reminder opens the renewal pre-filled, which reaches the payment', async ({
    page,
    context,
    baseURL,
    keyScreen,
  }, testInfo) => {
    const { access_token: token } = await signInBrowser(context, baseURL!, 'demo.member');
    const seq = 700 + testInfo.workerIndex * 2 + phoneSlot(testInfo);
    const applicant = { name: uniqueName('曹'), idNumber: residentId('19850709', seq), mobile: '13912345673' };
    const bought = await buyPaidAccident(context.request, token, applicant);
    const product = await catalogueProduct(context.request, ACCIDENT);
    const plan = product.text('标准版');
    // One year from 3 days ahead: moved 338 days back, the policy ends in 29 days (30 left, counting today).
    await backdatePolicy(context.request, token, bought.policyId, 338);
    const title = await sweepUntilMessage(context.request, token, 'renewal_due', bought.policyNo);

    await openReminder(page, title, bought.policyNo);
    // The renewal draft is made on the server and opened the way 草稿箱 resumes a draft.
    await expect(page).toHaveURL(
      new RegExp(`insureDetails/index\\?productId=${bought.productId}&draftId=\\d+&step=confirm$`),
      {
        timeout: limit(15_000),
      },
    );
    await expect(currentStep(page)).toHaveText(t('insure.step.confirm'));
    // Pre-filled from the policy: same product and plan, the same person, cover from the day after it ends.
    const summary = page.locator('section').filter({ has: page.getByRole('heading', { name: t('insure.summary') }) });
    await expect(summary).toContainText(product.name);
    await expect(summary).toContainText(plan);
    await expect(summary).toContainText(tPattern('insure.periodRange', { from: beijingDayPlus(30) }));
    await expect(summary).toContainText(applicant.name);
    await keyScreen('renewal, pre-filled');

    // One confirmation and the payment.
    await confirmAndSubmit(page, { plan });
    await payInCashier(page);
  });
});
