import type { APIRequestContext } from '@playwright/test';
import { submitMedical } from './buy-by-api.ts';
import {
  envelopeData,
  expect,
  hashUrl,
  limit,
  phoneSlot,
  residentId,
  signInBrowser,
  signInByApi,
  signInBySmsApi,
  test,
} from './fixtures.ts';
import { envelopeMessage, LANGUAGE, pageTitle, t, tPattern } from './texts.ts';

/** A partner recommended by demo.partner (development-only call: the product has no call granting roles). */
async function recommendedPartner(
  request: APIRequestContext,
  recommenderToken: string,
  mobile: string,
  nickname: string,
): Promise<number> {
  const response = await request.post('/prod-api/dev/partners', {
    headers: { Authorization: `Bearer ${recommenderToken}` },
    data: { mobile, nickname },
  });
  return (await envelopeData<{ id: number }>(response, 'a recommended partner')).id;
}

test.describe('合作伙伴 for channel staff', { tag: ['@writes', '@demo-data', '@dev-routes'] }, () => {
  test('channel staff find partners, edit one, remove a relation, and are told why another cannot be removed', async ({
    page,
    context,
    request,
    baseURL,
    keyScreen,
  }, testInfo) => {
    const tag = `${phoneSlot(testInfo) ? 'P' : 'I'}${String(Date.now()).slice(-5)}`;
    const digits = `${phoneSlot(testInfo) + 1}${String(Date.now()).slice(-6)}`;
    const recommender = await signInByApi(request, 'demo.partner');
    const free = `伙伴甲${tag}`;
    const busy = `伙伴乙${tag}`;
    await recommendedPartner(request, recommender.access_token, `135${digits}1`, free);
    await recommendedPartner(request, recommender.access_token, `135${digits}2`, busy);
    // 伙伴乙 has an unpaid order through the relation.
    const busyToken = (await signInBySmsApi(request, `135${digits}2`)).access_token;
    await submitMedical(
      request,
      busyToken,
      { name: '王伙伴', idNumber: residentId('19850304', 17), mobile: `135${digits}2` },
      { startInDays: 2, pageVersion: 'e2e' },
    );

    await signInBrowser(context, baseURL!, 'demo.channel');
    await page.goto(hashUrl('/help/partner'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageTitle('partner'));
    // The demo partner's nickname, as the demo data has it.
    const recommendedBy = t('partner.recommender', { name: '演示合作伙伴' });

    // Search by name.
    const search = page.getByPlaceholder(t('partner.search'));
    await search.fill(busy);
    await search.press('Enter');
    const busyCard = page.getByRole('article', { name: busy });
    await expect(busyCard).toBeVisible();
    await expect(page.getByText(t('partner.total', { n: 1 }))).toBeVisible();
    await expect(busyCard).toContainText(recommendedBy);
    await keyScreen('partner found');

    // The server refuses: an unpaid order depends on the relation, and the screen says so (in
    // Chinese the server's own words, in Polish the H5's).
    await busyCard.getByRole('button', { name: t('partner.remove') }).click();
    const refused = page.waitForResponse((r) => r.url().includes('/partner/canre/'));
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('partner.confirm') })
      .click();
    const refusal = page.getByRole('dialog').filter({ hasText: t('partner.refused') });
    const why = await envelopeMessage(await refused);
    await expect(refusal).toContainText(LANGUAGE === 'zh-cn' ? why : t('partner.refusedOrders'));
    await refusal.getByRole('button', { name: t('partner.ok') }).click();
    await expect(busyCard).toContainText(recommendedBy);

    // Edit the other one's remark, then remove its relation.
    await search.fill(free);
    await search.press('Enter');
    const freeCard = page.getByRole('article', { name: free });
    await expect(freeCard).toBeVisible();
    await freeCard.getByRole('button', { name: t('partner.edit') }).click();
    await page.getByLabel(t('partner.remark')).fill(`季度复核 ${tag}`);
    await page.getByRole('button', { name: t('partner.save') }).click();
    await expect(freeCard).toContainText(`${t('partner.remark')}：季度复核 ${tag}`);
    await freeCard.getByRole('button', { name: t('partner.remove') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('partner.confirm') })
      .click();
    await expect(page.getByText(t('partner.removed'))).toBeVisible({ timeout: limit(10_000) });
    await expect(freeCard).not.toContainText(tPattern('partner.recommender'));
    await expect(freeCard.getByRole('button', { name: t('partner.remove') })).toHaveCount(0);
  });
});
