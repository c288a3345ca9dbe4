import type { APIRequestContext, Page } from '@playwright/test';
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
import { medicalInForce } from './buy-by-api.ts';
import { CLAIM_STATUS_KEYS, CLAIM_TYPE_KEYS } from '../src/app/i18n/enum-names.ts';
import { ANTD, calendarDayPattern, readerHeaders, t } from './texts.ts';
import { formatYuan } from '../src/shared/money.ts';

/*
 * 理赔: a member with a paid policy reports a claim with two photos, staff (the channel demo
 * account) move it to 审核中 through the service, and the member sees the new status in the
 * timeline and the unread message in 站内信, which they read; asked for more, they add a photo;
 * once closed, they rate it. The policy is bought through the
 * service calls the buying screens make; cover never starts before tomorrow, so the development-only
 * backdate call moves it 10 days into the past, in force today (what a policy bought 10 days ago is).
 */

async function paidPolicyInForce(
  request: APIRequestContext,
  token: string,
  seq: number,
): Promise<{ policyId: number; policyNo: string; insured: string }> {
  const insured = uniqueName('赵');
  const bought = await medicalInForce(
    request,
    token,
    { name: insured, idNumber: residentId('19880612', seq), mobile: '13912345672', email: 'claim@example.com' },
    'e2e-claim',
  );
  return { policyId: bought.policyId, policyNo: bought.policyNo, insured };
}

interface Message {
  id: number;
  template: string | null;
  title: string;
  body: string;
  read: boolean;
}

/** The member's messages as the service renders them for a reader of the run's language. */
async function messagesRead(request: APIRequestContext, token: string): Promise<Message[]> {
  const answer = await request.get('/prod-api/app-api/v1/messages?page=1&pageSize=50', {
    headers: { Authorization: `Bearer ${token}`, ...readerHeaders() },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { list: Message[] } }).data.list;
}

/** Two small pictures drawn by the browser's canvas: a PNG and a JPEG, as a phone's photos would be. */
async function photos(page: Page): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  const made = await page.evaluate(() =>
    ['image/png', 'image/jpeg'].map((type, i) => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const g = canvas.getContext('2d')!;
      g.fillStyle = i ? '#3662ec' : '#f5a623';
      g.fillRect(0, 0, 64, 48);
      g.fillStyle = '#fff';
      g.fillText(i ? '发票' : '病历', 8, 28);
      return { type, data: canvas.toDataURL(type, 0.9).split(',')[1] };
    }),
  );
  return made.map((m, i) => ({
    name: i ? 'invoice.jpg' : 'record.png',
    mimeType: m.type,
    buffer: Buffer.from(m.data, 'base64'),
  }));
}

test.describe('claims', { tag: ['@writes', '@demo-data', '@dev-routes', '@wechat-sim'] }, () => {
  test('a member reports a claim with two photos, staff move it to 审核中, the member sees it in the timeline, reads the message, supplements documents and rates the closed claim', async ({
    page,
    context,
    baseURL,
    request,
    keyScreen,
    language,
  }, testInfo) => {
    // One member per phone, so the two phones' claims and messages never mix.
    const member: DemoUser = phoneSlot(testInfo) ? 'demo.company' : 'demo.member';
    const { access_token: token } = await signInBrowser(context, baseURL!, member);
    const policy = await paidPolicyInForce(
      context.request,
      token,
      500 + testInfo.workerIndex * 2 + phoneSlot(testInfo),
    );
    const status = (s: keyof typeof CLAIM_STATUS_KEYS) => t(CLAIM_STATUS_KEYS[s]);

    // 我要报案 from the policy (the address the policy screens link to).
    await watchSentBodies(page);
    await page.goto(hashUrl(`/claim/index?policyId=${policy.policyId}`));
    await expect(page.getByText(policy.policyNo, { exact: false })).toBeVisible();
    await expect(
      page
        .getByRole('option', { name: new RegExp(policy.insured) })
        .or(page.getByText(policy.insured))
        .first(),
    ).toBeVisible();
    // A 百万医疗险 claim starts on a medical type (住院医疗), not 意外医疗; tapping the selected type
    // or 出险人 again keeps them selected.
    const hospital = page.locator('.adm-selector-item').filter({ hasText: t(CLAIM_TYPE_KEYS.hospital) });
    await expect(hospital).toHaveClass(/adm-selector-item-active/);
    await hospital.click();
    await expect(hospital).toHaveClass(/adm-selector-item-active/);
    const insuredPerson = page.locator('.adm-selector-item').filter({ hasText: policy.insured });
    await expect(insuredPerson).toHaveClass(/adm-selector-item-active/);
    await insuredPerson.click();
    await expect(insuredPerson).toHaveClass(/adm-selector-item-active/);
    // 出险日期: antd-mobile's date picker, the day shown in the reader's form (2026-11-23 or 23.11.2026, not the phone's 11/23/2026).
    const incidentDate = page.getByRole('button', { name: t('claim.form.date') });
    await expect(incidentDate).toHaveText(calendarDayPattern());
    await incidentDate.click();
    await expect(page.locator('.adm-picker')).toBeVisible();
    await page.locator('.adm-picker-header-button').filter({ hasText: ANTD[language].confirm }).click();
    await expect(page.locator('.adm-picker')).toBeHidden();
    await expect(incidentDate).toHaveText(calendarDayPattern());
    await page.getByLabel(t('claim.form.description')).fill('夜间突发腹痛，急诊入院，诊断为急性阑尾炎并手术治疗。');
    await page.getByLabel(t('claim.form.amount')).fill('1,280.5');
    await page.getByLabel(t('claim.form.payeeBank')).fill('招商银行北京分行');
    const account = page.getByLabel(t('claim.form.payeeAccount'));
    await account.fill('6225 8801 2345 6789');
    await account.blur();
    // Once typed, the account shows its last 4 digits only.
    await expect(account).toHaveValue('**** 6789');

    // The hint holds the hospital cover's limit, not the sum of every cover.
    const detail = await apiGet<{ claimLimitsFen: Record<string, number> }>(
      request,
      `order/policyInfo/${policy.policyId}`,
      token,
    );
    await expect(
      page.getByText(t('claim.form.amountMax', { amount: formatYuan(detail.claimLimitsFen.hospital) })),
    ).toBeVisible();

    // Two photos of 费用发票, compressed in the browser before anything is sent.
    await page
      .locator('.adm-selector-item')
      .filter({ hasText: t('claim.file.invoice') })
      .click();
    await page.locator('.adm-image-uploader input[type=file]').setInputFiles(await photos(page));
    await expect(page.locator('.adm-image-uploader-cell img')).toHaveCount(2);
    // Sending waits until both are ready.
    await expect(page.locator('.adm-image-uploader-cell-mask')).toHaveCount(0);
    await expect(page.getByRole('button', { name: t('claim.form.submit') })).toBeEnabled();
    await keyScreen('claim report form');

    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/prod-api/app-api/v1/claims',
    );
    const uploaded = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/claims\/\d+\/files$/.test(new URL(r.url()).pathname),
    );
    await page.getByRole('button', { name: t('claim.form.submit') }).click();
    expect((await created).status(), 'claim reported').toBe(200);
    const upload = await uploaded;
    expect(upload.status(), 'photos uploaded').toBe(200);
    const stored = (await upload.json()) as { data: { files: { mime: string }[]; count: number } };
    expect(stored.data.files.map((f) => f.mime).sort()).toEqual(['image/jpeg', 'image/png']);
    expect(stored.data.count).toBe(2);
    // The report went out in fen, with the account's digits only; the claim came first, then the files.
    const [report] = await sentBodies(page, 'POST', /\/claims$/);
    expect(JSON.parse(report.body)).toMatchObject({
      policyId: policy.policyId,
      type: 'hospital',
      amountFen: 128_050,
      payeeAccount: '6225880123456789',
      payeeName: policy.insured,
    });

    await expect(page).toHaveURL(/claimId=\d+/);
    const claimId = Number(/claimId=(\d+)/.exec(page.url())![1]);
    await expect(page.getByTestId('claim-status')).toHaveText(status('reported'));
    await expect(page.getByText(t('claim.detail.files', { n: 2, max: 20 }))).toBeVisible();
    await expect(page.getByText('¥1,280.50')).toBeVisible();
    await expect(page.getByText('**** 6789')).toBeVisible();
    await expect(page.getByRole('button', { name: t('nav.back') })).toBeVisible();
    const reported = await apiGet<{ claimNo: string; files: { kind: string }[] }>(request, `claims/${claimId}`, token);
    // Filed as the kind chosen, not 其他材料.
    expect(reported.files.map((f) => f.kind)).toEqual(['invoice', 'invoice']);
    const { claimNo } = reported;

    // Staff (channel) move the claim on through the service.
    const staff = await signInByApi(request, 'demo.channel');
    await apiSend(request, 'POST', `claims/${claimId}/transition`, staff.access_token, {
      to: 'reviewing',
      note: '材料齐全，开始审核',
    });

    // The member reloads: 审核中 now, in the timeline with the staff's note.
    await page.reload();
    await expect(page.getByTestId('claim-status')).toHaveText(status('reviewing'));
    const timeline = page.getByTestId('claim-timeline');
    await expect(timeline.locator('.adm-step-status-process')).toContainText(status('reviewing'));
    await expect(timeline).toContainText('材料齐全，开始审核');
    await expect(timeline.locator('.adm-step-status-finish').first()).toContainText(status('reported'));
    await keyScreen('claim timeline');

    // The list of my claims shows it too.
    await page.goto(hashUrl('/claim/index'));
    await expect(page.locator('.adm-list-item').filter({ hasText: claimNo })).toContainText(status('reviewing'));

    // 站内信: the unread message about it (as the service renders it for this reader); tapping it reads it.
    const about = (list: Message[]) => list.find((m) => m.template === 'claim.reviewing' && m.body.includes(claimNo));
    const message = about(await messagesRead(request, token))!;
    expect(message, 'the message that the claim is reviewed').toBeDefined();
    await page.goto(hashUrl('/member/message'));
    const item = page.locator('.adm-list-item').filter({ hasText: claimNo }).filter({ hasText: message.title });
    await expect(item).toHaveAttribute('aria-label', `${t('message.unread')} ${message.title}`);
    await page.getByRole('tab', { name: new RegExp(t('message.unread')) }).click();
    await expect(item).toBeVisible();
    const read = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && /\/messages\/\d+\/read$/.test(new URL(r.url()).pathname),
    );
    await item.click();
    expect((await read).status()).toBe(200);
    const article = page.getByRole('article', { name: message.title });
    await expect(article).toContainText(claimNo);
    // The staff note is a sentence of its own, closed with a full stop (。 or .).
    expect(message.body).toMatch(/材料齐全，开始审核[。.]/);
    await expect(article).toContainText(message.body);
    await keyScreen('message about the claim');
    // 去查看 leads to the claim itself.
    await page.getByRole('button', { name: t('message.open') }).click();
    await expect(page).toHaveURL(new RegExp(`claim/index\\?claimId=${claimId}$`));
    await expect(page.getByTestId('claim-status')).toHaveText(status('reviewing'));
    await page.goto(hashUrl('/member/message'));
    await expect(item).toHaveAttribute('aria-label', `${t('message.read')} ${message.title}`);
    expect(about(await messagesRead(request, token))).toMatchObject({ read: true });

    // Staff ask for more: the member adds a photo and sends the claim back to 审核中.
    await apiSend(request, 'POST', `claims/${claimId}/transition`, staff.access_token, {
      to: 'supplement',
      note: '请补充医院出具的诊断证明',
    });
    await page.goto(hashUrl(`/claim/index?claimId=${claimId}`));
    await expect(page.getByTestId('claim-status')).toHaveText(status('supplement'));
    await expect(page.getByTestId('claim-timeline').locator('.adm-step-status-process')).toContainText(
      '请补充医院出具的诊断证明',
    );
    await page.locator('.adm-image-uploader input[type=file]').setInputFiles((await photos(page)).slice(0, 1));
    await expect(page.locator('.adm-image-uploader-cell img')).toHaveCount(1);
    await expect(page.locator('.adm-image-uploader-cell-mask')).toHaveCount(0);
    const supplemented = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/claims\/\d+\/supplement$/.test(new URL(r.url()).pathname),
    );
    await page.getByRole('button', { name: t('claim.detail.supplement') }).click();
    expect((await supplemented).status()).toBe(200);
    await expect(page.getByTestId('claim-status')).toHaveText(status('reviewing'));
    await expect(page.getByText(t('claim.detail.files', { n: 3, max: 20 }))).toBeVisible();

    // Once staff close the claim, the member rates it with the stars, once.
    await apiSend(request, 'POST', `claims/${claimId}/transition`, staff.access_token, { to: 'closed' });
    await page.reload();
    await expect(page.getByTestId('claim-status')).toHaveText(status('closed'));
    const rating = page.locator('section').filter({ hasText: t('claim.rate.claimTitle') });
    await rating.getByRole('radio', { name: '4' }).tap();
    await rating.getByPlaceholder(t('claim.rate.commentPlaceholder')).fill('审核很快');
    const rated = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/prod-api/app-api/v1/feedback',
    );
    await rating.getByRole('button', { name: t('claim.rate.send') }).click();
    expect((await rated).status()).toBe(200);
    await expect(page.getByTestId('claim-rated')).toContainText('审核很快');
    expect((await apiGet<{ list: { rating: number }[] }>(request, `feedback?claimId=${claimId}`, token)).list).toEqual([
      expect.objectContaining({ rating: 4 }),
    ]);
  });
});
