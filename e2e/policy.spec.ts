import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import {
  apiGet,
  expect,
  hashUrl,
  phoneSlot,
  residentId,
  routeOf,
  signInBrowser,
  test,
  uniqueName,
} from './fixtures.ts';
import { buyPaidMedical, MEDICAL_PRODUCT, yuanText } from './buy-by-api.ts';
import { catalogueProduct, envelopeMessage, escapeRegExp, t, tWhole } from './texts.ts';

/*
 * 保单查询 after a purchase. The policy is bought through the service calls the buying screens make
 * (draft → documents and health notice → submit → pay, paid as the simulator's cashier does), so
 * the story starts where the buy stories end. 百万医疗险 has a 15-day cooling-off period. Every
 * product starts on the next day at the earliest, so a policy bought today is 待生效, not 保障中:
 * the story looks for it there.
 */

interface Bought {
  policyId: number;
  policyNo: string;
  premiumFen: number;
  applicant: string;
  idNumber: string;
}

async function buyPolicy(request: APIRequestContext, token: string, seq: number): Promise<Bought> {
  const applicant = uniqueName('孟');
  const idNumber = residentId('19900315', seq);
  const bought = await buyPaidMedical(
    request,
    token,
    { name: applicant, idNumber, mobile: '13912345671', email: 'policy@example.com' },
    { startInDays: 3, pageVersion: 'e2e-policy' },
  );
  return { policyId: bought.policyId, policyNo: bought.policyNo, premiumFen: bought.premiumFen, applicant, idNumber };
}

test.describe('policy query', { tag: ['@writes', '@demo-data', '@wechat-sim'] }, () => {
  test('a member finds the policy they bought by its number, downloads the e-policy PDF and surrenders it within the cooling-off period', async ({
    page,
    context,
    baseURL,
    keyScreen,
  }, testInfo) => {
    const { access_token: token } = await signInBrowser(context, baseURL!, 'demo.member');
    const bought = await buyPolicy(context.request, token, 400 + testInfo.workerIndex * 2 + phoneSlot(testInfo));
    const product = await catalogueProduct(context.request, MEDICAL_PRODUCT);

    // 保障中 has nothing under that number yet: the cover starts in three days.
    await page.goto(hashUrl('/policy/index?status=active'));
    await expect(page.getByRole('tab', { name: t('policy.status.active'), selected: true })).toBeVisible();
    const search = page.getByPlaceholder(t('policy.searchPlaceholder'));
    await search.fill(bought.policyNo);
    await expect(page.getByText(t('policy.noMatch', { keyword: bought.policyNo }))).toBeVisible();

    // 待生效 has it, the search kept; the tab is in the address.
    await page.getByRole('tab', { name: t('policy.status.pending') }).click();
    await expect(page).toHaveURL(/status=pending/);
    const card = page.getByTestId('policy-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(product.name);
    await expect(card).toContainText(bought.policyNo);
    await expect(card).toContainText(bought.applicant);
    await expect(card).toContainText(yuanText(bought.premiumFen));
    await expect(card).toContainText(t('policy.status.pending'));
    await keyScreen('policy found under 待生效');

    // The detail: number, coverages, the applicant with the ID number masked, the cooling-off period.
    await card.click();
    await expect.poll(() => routeOf(page)).toBe(`/policy/index?id=${bought.policyId}`);
    await expect(page.getByTestId('policy-no')).toHaveText(bought.policyNo);
    await expect(page.getByText(product.text('一般医疗保险金'))).toBeVisible();
    await expect(
      page.getByText(`${bought.idNumber.slice(0, 4)}**********${bought.idNumber.slice(-4)}`).first(),
    ).toBeVisible();
    await expect(page.getByText(bought.idNumber)).toHaveCount(0);
    await expect(
      page.getByText(tWhole('policy.coolingOffUntil', { days: 15, time: /\d{4}-\d{2}-\d{2} 24:00/ })),
    ).toBeVisible();
    await keyScreen('policy detail');

    // 下载电子保单: a real PDF under the server's name, with the policy number and product inside.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: t('policy.downloadPolicy') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^${escapeRegExp(product.name)}.*${bought.policyNo}\\.pdf$`),
    );
    const file = await download.path();
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { stdout: text } = await promisify(execFile)('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
    });
    expect(text).toContain(bought.policyNo);
    expect(text).toContain(product.name);

    // 退保 inside the cooling-off period: the dialog names the full refund; the policy ends.
    await page.getByRole('button', { name: t('policy.surrender'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('surrender-refund')).toHaveText(yuanText(bought.premiumFen));
    await dialog.getByRole('button', { name: t('policy.surrender.confirm') }).click();
    await expect(dialog.getByText(t('policy.surrender.reasonRequired'))).toBeVisible();
    await dialog.getByText(t('policy.surrender.reason.duplicate')).click();
    await keyScreen('surrender dialog');
    const surrendered = page.waitForResponse((r) => r.url().endsWith(`/policyInfo/${bought.policyId}/surrender`));
    await dialog.getByRole('button', { name: t('policy.surrender.confirm') }).click();
    // The server's answer, as the toast shows it.
    await expect(page.getByText(await envelopeMessage(await surrendered))).toBeVisible();
    await expect(page.getByText(t('policy.surrendered'))).toBeVisible();
    await expect(page.getByRole('button', { name: t('policy.surrender'), exact: true })).toHaveCount(0);
    const detail = await apiGet<{ status: string; surrender: { reason: string; refundFen: number } | null }>(
      context.request,
      `order/policyInfo/${bought.policyId}`,
      token,
    );
    expect(detail).toMatchObject({
      status: 'surrendered',
      // The reason as the member chose it, in their language.
      surrender: { reason: t('policy.surrender.reason.duplicate'), refundFen: bought.premiumFen },
    });

    // … and it is listed under 已退保.
    await page.goto(hashUrl('/policy/index?status=surrendered'));
    await expect(page.getByRole('tab', { name: t('policy.status.surrendered'), selected: true })).toBeVisible();
    await page.getByPlaceholder(t('policy.searchPlaceholder')).fill(bought.policyNo);
    await expect(page.getByTestId('policy-card')).toHaveCount(1);
    await expect(page.getByTestId('policy-card')).toContainText(t('policy.status.surrendered'));
  });

  test.describe('inside WeChat', { tag: ['@in-wechat'] }, () => {
    test.use({ wechat: true });

    test('the e-policy opens inside the page, with the way to open it in the browser', async ({
      page,
      context,
      baseURL,
      keyScreen,
    }, testInfo) => {
      const { access_token: token } = await signInBrowser(context, baseURL!, 'demo.member');
      const bought = await buyPolicy(context.request, token, 500 + testInfo.workerIndex * 2 + phoneSlot(testInfo));
      const product = await catalogueProduct(context.request, MEDICAL_PRODUCT);
      let downloads = 0;
      page.on('download', () => {
        downloads += 1;
      });

      await page.goto(hashUrl(`/policy/index?id=${bought.policyId}`));
      await expect(page.getByTestId('policy-no')).toHaveText(bought.policyNo);
      const served = page.waitForResponse((r) => r.url().includes(`/order/downloadPolicy/${bought.policyId}`));
      await page.getByRole('button', { name: t('policy.downloadPolicy') }).click();
      const response = await served;
      expect(response.headers()['content-type']).toContain('application/pdf');

      const viewer = page.getByRole('dialog', {
        name: new RegExp(`^${escapeRegExp(product.name)}.*${bought.policyNo}\\.pdf$`),
      });
      await expect(viewer).toBeVisible();
      await expect(viewer.locator('iframe')).toHaveAttribute('src', /^blob:/);
      await expect(viewer.getByText(t('policy.viewer.hint'))).toBeVisible();
      await keyScreen('e-policy inside WeChat');
      await viewer.getByRole('button', { name: t('policy.viewer.openInBrowser') }).click();
      await expect(page.getByRole('note')).toContainText(t('policy.viewer.guide'));
      expect(downloads, 'nothing is downloaded inside WeChat').toBe(0);
    });
  });
});
