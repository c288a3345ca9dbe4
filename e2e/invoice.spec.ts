import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import {
  apiGet,
  apiSend,
  envelopeData,
  expect,
  hashUrl,
  phoneSlot,
  residentId,
  signInBrowser,
  test,
  uniqueName,
} from './fixtures.ts';
import { buyPaidMedical, MEDICAL_PRODUCT, yuanText } from './buy-by-api.ts';
import { renderText } from '../src/server/lib/texts/render.ts';
import { catalogueProduct, envelopeMessage, escapeRegExp, LANGUAGE, t } from './texts.ts';

/*
 * 发票管理 after a purchase. The paid order is bought through the service calls the buying screens
 * make (draft → documents and health notice → submit → pay as the simulator's cashier does), as in
 * the policy story; the invoice is then requested, downloaded and found in the development mail
 * outbox through the H5. The e-invoice, its file name and its mail are in the reader's language.
 */

/** A 统一社会信用代码 with a correct check character, and one with a wrong one. */
const TAX_NO = '91350100M000100Y43';
const WRONG_TAX_NO = '91350100M000100Y44';

async function paidOrder(
  request: APIRequestContext,
  token: string,
  seq: number,
): Promise<{ id: number; orderNo: string; premiumFen: number }> {
  const bought = await buyPaidMedical(
    request,
    token,
    { name: uniqueName('钱'), idNumber: residentId('19880610', seq), mobile: '13912345672' },
    { startInDays: 3, pageVersion: 'e2e-invoice' },
  );
  return { id: bought.orderId, orderNo: bought.orderNo, premiumFen: bought.premiumFen };
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; base64: string }[];
}

test.describe('e-invoice', { tag: ['@writes', '@demo-data', '@dev-routes', '@wechat-sim'] }, () => {
  test('a member requests an e-invoice with a company title for a paid order, finds it in the history, downloads the PDF and gets the mail', async ({
    page,
    context,
    baseURL,
    keyScreen,
  }, testInfo) => {
    const { access_token: token } = await signInBrowser(context, baseURL!, 'demo.member');
    const order = await paidOrder(context.request, token, 600 + testInfo.workerIndex * 2 + phoneSlot(testInfo));
    const product = await catalogueProduct(context.request, MEDICAL_PRODUCT);
    const email = `invoice-${testInfo.project.name}-${Date.now()}@example.com`;
    const title = '上海演示科技有限公司';

    // 发票管理 lists the paid order with its amount; tick it.
    await page.goto(hashUrl('/help/invoice'));
    const row = page.locator('.adm-list-item', { hasText: order.orderNo });
    await expect(row).toContainText(product.name);
    await expect(row).toContainText(yuanText(order.premiumFen));
    await row.getByText(product.name).click();
    await expect(
      page.getByText(t('invoice.selectedTotal', { n: 1, amount: yuanText(order.premiumFen) })),
    ).toBeVisible();

    // A company title: a wrong check character is caught before anything is sent.
    await page.getByText(t('invoice.titleCompany'), { exact: true }).click();
    await page.getByPlaceholder(t('invoice.titlePlaceholderCompany')).fill(title);
    await page.getByPlaceholder(t('invoice.taxNoPlaceholder')).fill(WRONG_TAX_NO);
    await page.getByPlaceholder(t('invoice.emailPlaceholder')).fill(email);
    await page.getByRole('button', { name: t('invoice.submit') }).click();
    await expect(page.getByText(t('invoice.taxNoCheck'))).toBeVisible();
    await page.getByPlaceholder(t('invoice.taxNoPlaceholder')).fill(TAX_NO);
    await keyScreen('invoice request');
    const issuing = page.waitForResponse(
      (r) => r.url().endsWith('/app-api/v1/invoice') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: t('invoice.submit') }).click();
    const answer = await issuing;
    expect(answer.status(), 'POST invoice').toBe(200);
    const { data: issued } = (await answer.json()) as {
      data: { list: { id: number; invoiceNo: string; amountFen: number }[]; mailed: boolean };
    };
    expect(issued.mailed).toBe(true);
    const [invoice] = issued.list;
    expect(invoice.amountFen).toBe(order.premiumFen);

    // 开票记录 shows it; the order is no longer offered.
    await expect(page).toHaveURL(/#\/help\/invoice\/history/);
    const item = page.locator('.adm-list-item', { hasText: invoice.invoiceNo });
    await expect(item).toContainText(title);
    await expect(item).toContainText(order.orderNo);
    await expect(item).toContainText(yuanText(order.premiumFen));
    await keyScreen('invoice history');
    const offered = await apiGet<{ list: { orderId: number }[] }>(context.request, 'invoice/orders', token);
    expect(offered.list.map((o) => o.orderId)).not.toContain(order.id);

    // 下载 PDF: a real PDF under the server's name with the invoice number and the title inside.
    const downloading = page.waitForEvent('download');
    await item.getByRole('button', { name: t('invoice.download') }).click();
    const download = await downloading;
    const fileName = `${renderText(LANGUAGE, 'invoicePdf.fileName', { invoiceNo: invoice.invoiceNo })}.pdf`;
    expect(download.suggestedFilename()).toBe(fileName);
    const file = await download.path();
    expect((await readFile(file)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { stdout: text } = await promisify(execFile)('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
      encoding: 'utf8',
    });
    expect(text).toContain(invoice.invoiceNo);
    expect(text).toContain(title);
    expect(text).toContain(TAX_NO);

    // The development outbox got the mail with the PDF attached.
    const mails = await envelopeData<OutboxMail[]>(
      await context.request.get('/prod-api/dev/mail-outbox', { params: { to: email } }),
      'mail outbox',
    );
    expect(mails).toHaveLength(1);
    // In the reader's language, from the server's catalogue.
    expect(mails[0].subject).toBe(renderText(LANGUAGE, 'invoiceMail.subjectOne', { invoiceNo: invoice.invoiceNo }));
    expect(mails[0].attachments).toEqual([
      expect.objectContaining({ filename: fileName, contentType: 'application/pdf' }),
    ]);
    expect(Buffer.from(mails[0].attachments[0].base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Resending at once is refused (once a minute); the server says so.
    await item.getByRole('button', { name: t('invoice.resend') }).click();
    const refused = page.waitForResponse((r) => /\/invoice\/\d+\/resend$/.test(new URL(r.url()).pathname));
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('invoice.resendConfirm') })
      .click();
    const refusal = await refused;
    expect(refusal.status()).toBe(429);
    await expect(page.getByText(await envelopeMessage(refusal))).toBeVisible();
  });

  test('surrendering an invoiced policy in the cooling-off period shows the invoice 已红冲 with its red-letter invoice in 开票记录', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const { access_token: token } = await signInBrowser(context, baseURL!, 'demo.member');
    const order = await paidOrder(context.request, token, 640 + testInfo.workerIndex * 2 + phoneSlot(testInfo));
    const email = `invoice-red-${testInfo.project.name}-${Date.now()}@example.com`;
    const issued = await apiSend<{ list: { id: number; invoiceNo: string }[] }>(
      context.request,
      'POST',
      'invoice',
      token,
      { orderIds: [order.id], titleType: 'personal', title: '钱先生', email },
    );
    const [blue] = issued.list;
    const { policyId } = await apiGet<{ policyId: number }>(context.request, `order/${order.id}`, token);
    await apiSend(context.request, 'POST', `order/policyInfo/${policyId}/surrender`, token, { reason: '重复投保' });

    await page.goto(hashUrl('/help/invoice/history'));
    const original = page.locator('.adm-list-item', { hasText: t('invoice.no', { no: blue.invoiceNo }) }).first();
    await expect(original).toContainText(t('invoice.reversed'));
    await expect(original).toContainText(yuanText(order.premiumFen));
    const red = page.locator('.adm-list-item', { hasText: t('invoice.originalNo', { no: blue.invoiceNo }) });
    await expect(red).toContainText(t('invoice.redTag'));
    await expect(red).toContainText(`-${yuanText(order.premiumFen)}`);

    // The red-letter PDF downloads under its own name and names the original.
    const downloading = page.waitForEvent('download');
    await red.getByRole('button', { name: t('invoice.download') }).click();
    const download = await downloading;
    const [before, after] = renderText(LANGUAGE, 'invoicePdf.redFileName', { invoiceNo: '#' }).split('#');
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^${escapeRegExp(before)}\\d{20}${escapeRegExp(after)}\\.pdf$`),
    );
    const { stdout: text } = await promisify(execFile)(
      'pdftotext',
      ['-layout', '-enc', 'UTF-8', await download.path(), '-'],
      { encoding: 'utf8' },
    );
    expect(text).toContain('红字');
    expect(text).toContain(blue.invoiceNo);

    // The mail with the red-letter PDF went out after the surrender.
    const mails = await envelopeData<OutboxMail[]>(
      await context.request.get('/prod-api/dev/mail-outbox', { params: { to: email } }),
      'mail outbox',
    );
    expect(mails.map((m) => m.subject)).toContainEqual(expect.stringContaining(`冲销发票 ${blue.invoiceNo}`));
  });
});
