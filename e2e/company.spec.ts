import {
  apiGet,
  apiSend,
  browserAccessToken,
  expect,
  hashUrl,
  limit,
  residentId,
  signInBrowser,
  test,
  uniqueName,
} from './fixtures.ts';
import { choosePlan, confirmAndSubmit, passHealth, payInCashier, startBuying } from './buy-steps.ts';
import { consentAsNewWeChatUser } from './sign-in-steps.ts';
import { catalogueProduct, t } from './texts.ts';

/** A resident ID no other run uses: a random adult birth date and sequence. */
function freshId(): string {
  const year = 1975 + Math.floor(Math.random() * 20);
  const month = String(1 + Math.floor(Math.random() * 12)).padStart(2, '0');
  const day = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
  return residentId(`${year}${month}${day}`, Math.floor(Math.random() * 1000));
}

test(
  'a company member adds a department member by QR scan and uses them in a team purchase',
  { tag: ['@writes', '@demo-data', '@wechat-sim'] },
  async ({ page, context, newPhone, baseURL, request, keyScreen }, testInfo) => {
    const company = await signInBrowser(context, baseURL!, 'demo.company');

    // The company adds a department (unique per run) and shows its join QR code.
    const departmentName = `部门${testInfo.project.name.replace(/\W/g, '')}${Date.now() % 100000}`;
    await page.goto(hashUrl('/help/department'));
    await page.getByRole('textbox', { name: t('company.departmentName') }).fill(departmentName);
    await page.getByRole('button', { name: t('company.addDepartment') }).click();
    await expect(page.getByRole('heading', { name: t('company.membersOf', { name: departmentName }) })).toBeVisible();
    await page.getByRole('button', { name: t('company.qrCreate') }).click();
    const qr = page.getByTestId('join-qr');
    await expect(qr.getByRole('img', { name: t('company.qrAlt') })).toBeVisible();
    await expect(page.getByTestId('scan-state')).toHaveText(t('company.qrWaiting'));
    await keyScreen('join QR code');
    const joinUrl = await qr.getAttribute('data-join-url');
    expect(joinUrl).toMatch(/\/#\/help\/person\?join=[\w-]+$/);

    // A new member scans it inside WeChat: WeChat's consent page (the simulator) signs them in.
    const { context: wx, page: phone } = await newPhone({ wechat: true });
    await phone.goto(joinUrl!);
    await expect(phone).toHaveURL(/\/wx-sim\/connect\/oauth2\/authorize\?/);
    // WeChat's consent page (the simulator's), in Chinese whatever the H5's language.
    await phone.getByLabel('模拟的微信用户（昵称）').fill(`staff-${testInfo.project.name}-${Date.now()}`);
    await phone.getByRole('button', { name: '允许' }).click();
    // A new WeChat user: the sign-in dialog asks for consent and finishes the sign-in (sign-in-steps.ts).
    await consentAsNewWeChatUser(phone);
    const staffName = uniqueName('周');
    const staffId = freshId();
    await expect(phone.getByRole('heading', { name: t('company.joinTitle') })).toBeVisible();
    // Before the ID number: which company and department ask for it (names as the company chose them).
    const companies = await apiGet<{ list: { name: string }[] }>(request, 'company/companies', company.access_token);
    await expect(phone.getByTestId('join-asker')).toHaveText(
      t('company.joinAsks', { company: companies.list[0].name, department: departmentName }),
    );
    await phone.getByPlaceholder(t('company.name')).fill(staffName);
    await phone.getByPlaceholder(t('company.idNumber')).fill(staffId);
    await keyScreen('joining by the QR code', phone);
    await phone.getByRole('button', { name: t('company.joinSubmit') }).click();
    await expect(phone.getByRole('status')).toContainText(t('company.joined', { name: departmentName }));
    const staffToken = await browserAccessToken(wx);
    const staff = await apiGet<{ id: number }>(request, 'members/me', staffToken);
    await wx.close();

    // The company page learns of the scan (isScan) and lists the new member, ID masked.
    await expect(page.getByTestId('scan-state')).toHaveText(t('company.qrScanned', { name: staffName }), {
      timeout: limit(15_000),
    });
    const row = page.locator('.adm-list-item').filter({ hasText: staffName });
    await expect(row).toContainText(t('company.byScan'));
    await expect(row).toContainText(`${staffId.slice(0, 4)}**********${staffId.slice(-4)}`);
    const listed = await apiGet<{ list: { name: string; memberId: number | null }[] }>(
      request,
      `company/members?keyword=${encodeURIComponent(staffName)}`,
      company.access_token,
    );
    expect(listed.list).toEqual([expect.objectContaining({ name: staffName, memberId: staff.id })]);

    // Two more colleagues added by hand, so the team reaches its minimum of three.
    const departments = await apiGet<{ list: { id: number; name: string }[] }>(
      request,
      'company/departments',
      company.access_token,
    );
    const departmentId = departments.list.find((d) => d.name === departmentName)!.id;
    const others = [uniqueName('吴'), uniqueName('郑')];
    for (const name of others) {
      await apiSend(request, 'POST', 'company/members', company.access_token, {
        departmentId,
        name,
        idNumber: freshId(),
      });
    }

    // The company buys employer liability, picking the three company members as insured.
    const { id: productId } = await catalogueProduct(request, '雇主责任险');
    await page.goto(hashUrl(`/productDetails/index?id=${productId}`));
    await startBuying(page);
    const { draftId } = await choosePlan(page);
    await page.getByLabel(t('team.company')).fill('上海示例科技有限公司');
    await page.getByLabel(t('team.creditCode')).fill('91310000MA1FL0XX09');
    await page.getByLabel(t('team.contact')).fill('周经理');
    await page.getByLabel(t('team.contactMobile')).fill('13800001111');
    await page.getByRole('button', { name: t('company.pickForTeam') }).click();
    for (const name of [staffName, ...others]) await page.getByText(name, { exact: true }).click();
    await page.getByRole('button', { name: t('company.addChosen', { n: 3 }) }).click();
    await expect(page.getByTestId('team-count')).toHaveText(t('team.countOf', { n: 3, min: 3, max: 500 }));
    await keyScreen('team of three from the company');
    // The team row (not the picker's row, which names the department) shows the ID masked.
    await expect(
      page.locator('.adm-list-item').filter({ hasText: staffName }).filter({ hasNotText: departmentName }),
    ).toContainText(`${staffId.slice(0, 4)}**********${staffId.slice(-4)}`);

    await page.getByRole('button', { name: t('insure.next') }).click();
    await passHealth(page);
    const { orderId } = await confirmAndSubmit(page);
    const policyNo = await payInCashier(page);
    const order = await apiGet<{ status: string; policyNo: string | null; insured: { name: string }[] }>(
      request,
      `order/${orderId}`,
      company.access_token,
    );
    expect(order).toMatchObject({ status: 'paid', policyNo });
    expect(order.insured.map((p) => p.name).sort()).toEqual([staffName, ...others].sort());
    expect(draftId).toBeGreaterThan(0);
  },
);
