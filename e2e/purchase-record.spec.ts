import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Download, Page } from '@playwright/test';
import { expect, hashUrl, phoneSlot, residentId, routeOf, signInBrowser, test, uniqueName } from './fixtures.ts';
import { tIn } from './texts.ts';
import { buyPaidMedical, MEDICAL_PRODUCT as PRODUCT } from './buy-by-api.ts';

/*
 * 投保过程记录 (docs/decisions/purchase-record.md): a member opens a policy they bought and downloads
 * the record of the purchase; it arrives as a PDF with the trail inside, ID numbers masked, in the
 * language the H5 is set to (each test pins its language: the record's own words are the server's).
 * The policy is bought through the service calls the buying screens make.
 */

async function pdfTextOf(download: Download): Promise<string> {
  const file = await download.path();
  expect((await readFile(file)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
  });
  return stdout;
}

async function downloadRecord(page: Page, button: string): Promise<Download> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  return downloading;
}

test.describe('purchase record', { tag: ['@writes', '@demo-data', '@wechat-sim'] }, () => {
  test.describe('in Chinese', () => {
    test.use({ language: 'zh-cn' });

    test('a member opens a policy and downloads its purchase record as a PDF', async ({
      page,
      context,
      baseURL,
      keyScreen,
    }, testInfo) => {
      const { access_token: token } = await signInBrowser(context, baseURL!, 'demo.member');
      const applicant = uniqueName('贺');
      const idNumber = residentId('19870412', 940 + testInfo.workerIndex * 2 + phoneSlot(testInfo));
      const bought = await buyPaidMedical(
        context.request,
        token,
        { name: applicant, idNumber, mobile: '13912345674' },
        { startInDays: 2, pageVersion: 'e2e-record' },
      );

      // From 保单查询: the policy found by its number, then its page.
      await page.goto(hashUrl('/policy/index?status=pending'));
      await page.getByPlaceholder(tIn('zh-cn', 'policy.searchPlaceholder')).fill(bought.policyNo);
      // The search waits for typing to pause: one card once it has run.
      const card = page.getByTestId('policy-card');
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(bought.policyNo);
      await card.click();
      await expect.poll(() => routeOf(page)).toBe(`/policy/index?id=${bought.policyId}`);
      await expect(page.getByTestId('policy-no')).toHaveText(bought.policyNo);

      await keyScreen('policy with its purchase record');
      const download = await downloadRecord(page, tIn('zh-cn', 'policy.downloadRecord'));
      expect(download.suggestedFilename()).toBe(`${PRODUCT}-投保过程记录-${bought.policyNo}.pdf`);
      const text = await pdfTextOf(download);
      expect(text).toContain('投保过程记录');
      expect(text).toContain(bought.policyNo);
      expect(text).toContain('e2e-record');
      expect(text).toContain('确认已阅读');
      expect(text).toContain('支付成功，微信支付交易单号');
      expect(text).toContain(`${idNumber.slice(0, 4)}**********${idNumber.slice(-4)}`);
      expect(text).not.toContain(idNumber);
      expect(text).not.toContain('13912345674');
    });
  });

  test.describe('in Polish', () => {
    test.use({ language: 'pl' });

    test('in Polish, the record is in Polish', async ({ page, context, baseURL }, testInfo) => {
      const { access_token: token } = await signInBrowser(context, baseURL!, 'demo.member');
      const idNumber = residentId('19870413', 960 + testInfo.workerIndex * 2 + phoneSlot(testInfo));
      const bought = await buyPaidMedical(
        context.request,
        token,
        { name: uniqueName('贺'), idNumber, mobile: '13912345675' },
        { startInDays: 2, pageVersion: 'e2e-record-pl' },
      );

      await page.goto(hashUrl(`/policy/index?id=${bought.policyId}`));
      await expect(page.getByTestId('policy-no')).toHaveText(bought.policyNo);
      const download = await downloadRecord(page, tIn('pl', 'policy.downloadRecord'));
      expect(download.suggestedFilename()).toContain(`zapis-zakupu-${bought.policyNo}.pdf`);
      const text = await pdfTextOf(download);
      expect(text).toContain('Zapis procesu zakupu ubezpieczenia');
      expect(text).toContain('Płatność przyjęta');
      expect(text).toContain(`${idNumber.slice(0, 4)}**********${idNumber.slice(-4)}`);
      expect(text).not.toContain(idNumber);
      expect(text).not.toContain('投保过程记录');
    });
  });
});
