import ExcelJS from 'exceljs';
import { apiGet, expect, hashUrl, residentId, signInBrowser, test, withWrongCheckDigit } from './fixtures.ts';
import { choosePlan, confirmAndSubmit, currentStep, passHealth, payInCashier, startBuying } from './buy-steps.ts';
import { catalogueProduct, LANGUAGE, t } from './texts.ts';

/** The ID number column as the server names it in a refused row (its team-excel-texts.ts). */
const ID_COLUMN = { 'zh-cn': '证件号码', pl: 'Numer dokumentu' }[LANGUAGE];

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Staff {
  name: string;
  idNumber: string;
  mobile: string;
  occupationClass: number;
}

/** An Excel list as the template has it (姓名, 证件类型, 证件号码, 手机号, 职业类别), ID numbers as text. */
async function staffList(rows: Staff[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('被保人名单');
  sheet.addRow(['姓名', '证件类型', '证件号码', '手机号', '职业类别']);
  for (const r of rows) sheet.addRow([r.name, '居民身份证', r.idNumber, r.mobile, r.occupationClass]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** ¥1,234.50 from 123450 fen, as the app shows money. */
function yuan(fen: number): string {
  return `¥${Math.floor(fen / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(fen % 100).padStart(2, '0')}`;
}

const STAFF: Staff[] = [
  { name: '赵一鸣', idNumber: residentId('19850412', 11), mobile: '13700000001', occupationClass: 1 },
  { name: '钱二丽', idNumber: residentId('19880923', 22), mobile: '13700000002', occupationClass: 2 },
  { name: '孙三强', idNumber: residentId('19910101', 33), mobile: '13700000003', occupationClass: 3 },
  { name: '李四芳', idNumber: residentId('19950630', 44), mobile: '13700000004', occupationClass: 1 },
];

test(
  'a company member buys employer liability for four staff by importing an Excel list, pays and gets the policy',
  { tag: ['@writes', '@demo-data', '@wechat-sim'] },
  async ({ page, context, baseURL, request, keyScreen }) => {
    const company = await signInBrowser(context, baseURL!, 'demo.company');
    const product = await catalogueProduct(request, '雇主责任险');
    await page.goto(hashUrl(`/productDetails/index?id=${product.id}`));
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
    await startBuying(page);
    const { draftId } = await choosePlan(page);
    const teamOf = (n: number) => t('team.countOf', { n, min: 3, max: 500 });

    // The employer as policyholder.
    await expect(page.getByLabel(t('team.company'))).toBeVisible();
    await page.getByLabel(t('team.company')).fill('上海示例科技有限公司');
    await page.getByLabel(t('team.creditCode')).fill('91310000MA1FL0XX09');
    await page.getByLabel(t('team.contact')).fill('周经理');
    await page.getByLabel(t('team.contactMobile')).fill('13800001111');
    const count = page.getByTestId('team-count');
    await expect(count).toHaveText(teamOf(0));
    const fileInput = page.getByLabel(t('team.importFile'));

    // A list with a wrong ID check digit is refused as a whole, with the row and what is wrong.
    const bad = [{ ...STAFF[0], idNumber: withWrongCheckDigit(STAFF[0].idNumber) }];
    await fileInput.setInputFiles({ name: '名单-有误.xlsx', mimeType: XLSX, buffer: await staffList(bad) });
    const report = page.getByRole('region', { name: t('team.importFailed') });
    await expect(report).toBeVisible();
    await expect(report).toContainText('名单-有误.xlsx');
    await expect(report.getByRole('row').filter({ hasText: t('team.importRowN', { n: 2 }) })).toContainText(ID_COLUMN);
    await keyScreen('refused Excel list');
    await expect(count).toHaveText(teamOf(0));
    expect((await apiGet<{ count: number }>(request, `order/drafts/${draftId}/team`, company.access_token)).count).toBe(
      0,
    );
    await expect(page.getByRole('button', { name: t('insure.next') })).toBeDisabled();

    // The corrected list of four goes in; the report is gone.
    await fileInput.setInputFiles({ name: '名单.xlsx', mimeType: XLSX, buffer: await staffList(STAFF) });
    await expect(count).toHaveText(teamOf(4));
    await expect(report).toHaveCount(0);
    // Each person is listed with the ID number masked (antd-mobile's List drops its aria-label, so the
    // rows are found by their text).
    for (const s of STAFF) {
      await expect(page.getByText(s.name)).toContainText(`${s.idNumber.slice(0, 4)}**********${s.idNumber.slice(-4)}`);
    }

    // The total shown is the server's total for the list.
    const team = await apiGet<{ count: number; premiumFen: number | null }>(
      request,
      `order/drafts/${draftId}/team`,
      company.access_token,
    );
    expect(team.count).toBe(4);
    expect(team.premiumFen).toBeGreaterThan(0);
    await expect(page.getByText(t('team.total'), { exact: true }).locator('..')).toContainText(yuan(team.premiumFen!));
    await keyScreen('team of four imported');

    // Health notice (none for this product), confirm and submit, then pay.
    await page.getByRole('button', { name: t('insure.next') }).click();
    await passHealth(page);
    await expect(page.getByText(t('team.countOnly', { n: 4 }), { exact: true })).toBeVisible();
    const { orderId } = await confirmAndSubmit(page);
    await expect(currentStep(page)).toHaveCount(0);
    await expect(page.getByText(yuan(team.premiumFen!)).first()).toBeVisible();
    const policyNo = await payInCashier(page);

    // On the server: paid, that policy, the employer as holder and the four insured at the list's price.
    const order = await apiGet<{
      status: string;
      policyNo: string | null;
      premiumFen: number;
      insuredCount: number;
      team: boolean;
      holder: { company: string } | null;
      insured: { name: string }[];
    }>(request, `order/${orderId}`, company.access_token);
    expect(order).toMatchObject({
      status: 'paid',
      policyNo,
      premiumFen: team.premiumFen,
      insuredCount: 4,
      team: true,
      holder: { company: '上海示例科技有限公司' },
    });
    expect(order.insured.map((p) => p.name).sort()).toEqual(STAFF.map((s) => s.name).sort());
  },
);
