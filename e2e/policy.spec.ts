import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { apiGet, expect, hashUrl, residentId, routeOf, signInBrowser, test, uniqueName } from './fixtures.ts';
import { buyPaidMedical, MEDICAL_PRODUCT as PRODUCT, yuanText } from './buy-by-api.ts';

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

test.describe('policy query', () => {
  test('a member finds the policy they bought by its number, downloads the e-policy PDF and surrenders it within the cooling-off period', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const { access_token: token } = await signInBrowser(context, baseURL!, 'demo.member');
    const bought = await buyPolicy(
      context.request,
      token,
      400 + testInfo.workerIndex * 2 + (testInfo.project.name === 'pixel-7' ? 1 : 0),
    );

    // 保障中 has nothing under that number yet: the cover starts in three days.
    await page.goto(hashUrl('/policy/index?status=active'));
    await expect(page.getByRole('tab', { name: '保障中', selected: true })).toBeVisible();
    const search = page.getByPlaceholder('保单号或被保人姓名');
    await search.fill(bought.policyNo);
    await expect(page.getByText(`没有找到与“${bought.policyNo}”相关的保单`)).toBeVisible();

    // 待生效 has it, the search kept; the tab is in the address.
    await page.getByRole('tab', { name: '待生效' }).click();
    await expect(page).toHaveURL(/status=pending/);
    const card = page.getByTestId('policy-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(PRODUCT);
    await expect(card).toContainText(bought.policyNo);
    await expect(card).toContainText(bought.applicant);
    await expect(card).toContainText(yuanText(bought.premiumFen));
    await expect(card).toContainText('待生效');

    // The detail: number, coverages, the applicant with the ID number masked, the cooling-off period.
    await card.click();
    await expect.poll(() => routeOf(page)).toBe(`/policy/index?id=${bought.policyId}`);
    await expect(page.getByTestId('policy-no')).toHaveText(bought.policyNo);
    await expect(page.getByText('一般医疗保险金')).toBeVisible();
    await expect(
      page.getByText(`${bought.idNumber.slice(0, 4)}**********${bought.idNumber.slice(-4)}`).first(),
    ).toBeVisible();
    await expect(page.getByText(bought.idNumber)).toHaveCount(0);
    await expect(page.getByText(/^15 天，至 \d{4}-\d{2}-\d{2} 24:00 止$/)).toBeVisible();

    // 下载电子保单: a real PDF under the server's name, with the policy number and product inside.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载电子保单' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${PRODUCT}-电子保单-${bought.policyNo}.pdf`);
    const file = await download.path();
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { stdout: text } = await promisify(execFile)('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
    });
    expect(text).toContain(bought.policyNo);
    expect(text).toContain(PRODUCT);

    // 退保 inside the cooling-off period: the dialog names the full refund; the policy ends.
    await page.getByRole('button', { name: '退保', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('surrender-refund')).toHaveText(yuanText(bought.premiumFen));
    await dialog.getByRole('button', { name: '确认退保' }).click();
    await expect(dialog.getByText('请选择或填写退保原因')).toBeVisible();
    await dialog.getByText('重复投保').click();
    await dialog.getByRole('button', { name: '确认退保' }).click();
    await expect(page.getByText('退保成功，保费将原路退回')).toBeVisible();
    await expect(page.getByText('退保信息')).toBeVisible();
    await expect(page.getByRole('button', { name: '退保', exact: true })).toHaveCount(0);
    const detail = await apiGet<{ status: string; surrender: { reason: string; refundFen: number } | null }>(
      context.request,
      `order/policyInfo/${bought.policyId}`,
      token,
    );
    expect(detail).toMatchObject({
      status: 'surrendered',
      surrender: { reason: '重复投保', refundFen: bought.premiumFen },
    });

    // … and it is listed under 已退保.
    await page.goto(hashUrl('/policy/index?status=surrendered'));
    await expect(page.getByRole('tab', { name: '已退保', selected: true })).toBeVisible();
    await page.getByPlaceholder('保单号或被保人姓名').fill(bought.policyNo);
    await expect(page.getByTestId('policy-card')).toHaveCount(1);
    await expect(page.getByTestId('policy-card')).toContainText('已退保');
  });

  test.describe('inside WeChat', () => {
    test.use({ wechat: true });

    test('the e-policy opens inside the page, with the way to open it in the browser', async ({
      page,
      context,
      baseURL,
    }, testInfo) => {
      const { access_token: token } = await signInBrowser(context, baseURL!, 'demo.member');
      const bought = await buyPolicy(
        context.request,
        token,
        500 + testInfo.workerIndex * 2 + (testInfo.project.name === 'pixel-7' ? 1 : 0),
      );
      let downloads = 0;
      page.on('download', () => {
        downloads += 1;
      });

      await page.goto(hashUrl(`/policy/index?id=${bought.policyId}`));
      await expect(page.getByTestId('policy-no')).toHaveText(bought.policyNo);
      const served = page.waitForResponse((r) => r.url().includes(`/order/downloadPolicy/${bought.policyId}`));
      await page.getByRole('button', { name: '下载电子保单' }).click();
      const response = await served;
      expect(response.headers()['content-type']).toContain('application/pdf');

      const viewer = page.getByRole('dialog', { name: `${PRODUCT}-电子保单-${bought.policyNo}.pdf` });
      await expect(viewer).toBeVisible();
      await expect(viewer.locator('iframe')).toHaveAttribute('src', /^blob:/);
      await expect(viewer.getByText('微信内无法直接下载文件')).toBeVisible();
      await viewer.getByRole('button', { name: '在浏览器中打开' }).click();
      await expect(page.getByRole('note')).toContainText('在浏览器打开');
      expect(downloads, 'nothing is downloaded inside WeChat').toBe(0);
    });
  });
});
