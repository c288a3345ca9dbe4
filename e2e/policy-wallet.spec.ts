import {
  apiSend,
  envelopeData,
  expect,
  hashUrl,
  limit,
  phoneSlot,
  residentId,
  setSessionCookies,
  signInBySmsApi,
  test,
} from './fixtures.ts';
import { readerHeaders, t } from './texts.ts';

/*
 * 保单托管 (docs/decisions/policy-wallet.md): a member whose child has no medical cover here adds
 * the child's medical policy from another insurer with its PDF, opens the PDF in the page and removes
 * it; the check-up counts the policy (no gap, marked as held
 * elsewhere); a second added policy ending soon brings a reminder to 站内信 with the sweep; delete-all
 * empties the wallet and the gap is back. The member is new for each phone, so runs never meet.
 */

test(
  'a member adds a policy held elsewhere, the check-up counts it, a reminder arrives, and delete-all removes it',
  { tag: ['@writes', '@dev-routes', '@demo-data'] },
  async ({ page, context, request, baseURL, keyScreen }, testInfo) => {
    const phone = phoneSlot(testInfo) + 1;
    const mobile = `135${phone}${String(Date.now()).slice(-7)}`;
    const pair = await signInBySmsApi(request, mobile);
    const token = pair.access_token;
    const me = { name: '吴托管', idNumber: residentId('19880312', 300 + phone * 2 + 1), mobile };
    const kid = { name: '吴小托', idNumber: residentId('20180605', 400 + phone * 2) };
    await apiSend(request, 'POST', 'persons', token, { kind: 'applicant', ...me, idType: 'id_card', consent: true });
    const saved = await apiSend<{ person: { id: number } }>(request, 'POST', 'persons', token, {
      kind: 'insured',
      ...kid,
      idType: 'id_card',
      relation: 'child',
      consent: true,
    });
    await setSessionCookies(context, baseURL!, `${pair.token_type} ${token}`, pair.refresh_token);

    // The check-up: the child lacks medical cover (the first page of the run loads the app's files).
    await page.goto(hashUrl('/help/checkup'));
    await expect(page.getByTestId('gap-medical')).toContainText(kid.name, { timeout: limit(30_000) });

    // 保单托管 from the check-up: add the child's medical policy held with another insurer.
    await page.getByRole('button', { name: t('checkup.walletOpen') }).click();
    await expect(page).toHaveURL(/#\/help\/wallet$/);
    await page.getByRole('button', { name: t('wallet.add') }).click();
    await page.getByLabel(t('wallet.insurer')).fill('平安健康');
    await page.getByLabel(t('wallet.product')).fill('e生保');
    await page.getByLabel(t('wallet.policyNo')).fill(`PA-${phone}-001`);
    await page.locator('.adm-checkbox').filter({ hasText: kid.name }).click();
    await page.getByLabel(t('wallet.cover')).fill('一般医疗');
    await page.getByLabel(t('wallet.sumInsured')).fill('3000000');
    await page.getByLabel(t('wallet.premium')).fill('360');
    await page.getByLabel(t('wallet.documents')).setInputFiles({
      name: 'policy.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    });
    await page.getByRole('button', { name: t('common.save') }).click();
    await expect(page.getByTestId('added-policy')).toHaveText(['e生保']);
    await expect(page.getByText(kid.idNumber)).toHaveCount(0);
    await keyScreen('policy wallet with an added policy');

    // Its document opens in the page (WeChat saves no downloads) and can be removed on its own.
    const pdfName = t('wallet.filePdf', { n: 1 });
    await expect(page.getByTestId('added-policy-file')).toHaveCount(1);
    await page.getByRole('button', { name: t('wallet.fileOpen', { name: pdfName }) }).click();
    const viewer = page.getByRole('dialog', { name: `e生保 · ${pdfName}` });
    await expect(viewer).toBeVisible();
    await viewer.getByRole('button', { name: t('policy.viewer.close') }).click();
    await expect(viewer).toHaveCount(0);
    await page.getByRole('button', { name: t('wallet.fileRemove', { name: pdfName }) }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('common.remove') })
      .click();
    await expect(page.getByTestId('added-policy-file')).toHaveCount(0);

    // The check-up counts it: no medical gap for the child, the cover marked as held elsewhere.
    await page.goto(hashUrl('/help/checkup'));
    const child = page
      .locator('section')
      .filter({ has: page.getByTestId('checkup-person').filter({ hasText: kid.name }) });
    await expect(child.getByTestId('cover-added')).toContainText(t('checkup.sourceAdded'));
    await expect(page.getByTestId('gap-medical')).not.toContainText(kid.name);

    // A second added policy ends in 10 days: the sweep sends its renewal reminder to 站内信.
    const soon = new Date(Date.now() + 8 * 3_600_000 + 9 * 86_400_000).toISOString().slice(0, 10);
    const start = new Date(Date.now() + 8 * 3_600_000 - 300 * 86_400_000).toISOString().slice(0, 10);
    await apiSend(request, 'POST', 'added-policies', token, {
      insurer: '众安保险',
      productName: '尊享意外',
      category: 'accident',
      insuredPersonIds: [saved.person.id],
      covers: [{ name: '意外身故', sumInsuredFen: 50_000_000 }],
      startDate: start,
      endDate: soon,
      premiumFen: 9_900,
      paymentFrequency: 'single',
      policyNo: `ZA-${phone}-002`,
    });
    let title = '';
    await expect
      .poll(
        async () => {
          await request.post('/prod-api/dev/sweep', { headers: { Authorization: `Bearer ${token}` } });
          const answer = await request.get('/prod-api/app-api/v1/messages?page=1&pageSize=50', {
            headers: { Authorization: `Bearer ${token}`, ...readerHeaders() },
          });
          const { list } = await envelopeData<{ list: { template: string | null; title: string }[] }>(
            answer,
            'messages',
          );
          title = list.find((m) => m.template === 'added_renewal_due')?.title ?? '';
          return title !== '';
        },
        { timeout: limit(30_000) },
      )
      .toBe(true);
    await page.goto(hashUrl('/member/message'));
    await expect(page.locator('.adm-list-item').filter({ hasText: title })).toContainText(`ZA-${phone}-002`);

    // Delete-all: the wallet is empty and the child's medical gap is back.
    await page.goto(hashUrl('/help/wallet'));
    await page.getByRole('button', { name: t('wallet.removeAll') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('common.remove') })
      .click();
    await expect(page.getByText(t('wallet.empty'))).toBeVisible();
    await page.goto(hashUrl('/help/checkup'));
    await expect(page.getByTestId('gap-medical')).toContainText(kid.name);
  },
);
