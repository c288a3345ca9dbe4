import type { APIRequestContext } from '@playwright/test';
import { submitMedical } from './buy-by-api.ts';
import {
  envelopeData,
  expect,
  hashUrl,
  limit,
  residentId,
  signInBrowser,
  signInByApi,
  signInBySmsApi,
  test,
} from './fixtures.ts';

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

test.describe('合作伙伴 for channel staff', () => {
  test('channel staff find partners, edit one, remove a relation, and are told why another cannot be removed', async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    const tag = `${testInfo.project.name === 'iphone-13' ? 'I' : 'P'}${String(Date.now()).slice(-5)}`;
    const digits = `${testInfo.project.name === 'iphone-13' ? 1 : 2}${String(Date.now()).slice(-6)}`;
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
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('合作伙伴');

    // Search by name.
    const search = page.getByPlaceholder('搜索姓名、用户名或手机号');
    await search.fill(busy);
    await search.press('Enter');
    const busyCard = page.getByRole('article', { name: busy });
    await expect(busyCard).toBeVisible();
    await expect(page.getByText('共 1 位')).toBeVisible();
    await expect(busyCard).toContainText('推荐人：演示合作伙伴');

    // The server refuses: an unpaid order depends on the relation, and the screen says so.
    await busyCard.getByRole('button', { name: '解除关系' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定解除' }).click();
    const refusal = page.getByRole('dialog').filter({ hasText: '暂不能解除' });
    await expect(refusal).toContainText('该合作关系下还有 1 笔未支付的订单');
    await refusal.getByRole('button', { name: '知道了' }).click();
    await expect(busyCard).toContainText('推荐人：演示合作伙伴');

    // Edit the other one's remark, then remove its relation.
    await search.fill(free);
    await search.press('Enter');
    const freeCard = page.getByRole('article', { name: free });
    await expect(freeCard).toBeVisible();
    await freeCard.getByRole('button', { name: '编辑' }).click();
    await page.getByLabel('备注').fill(`季度复核 ${tag}`);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(freeCard).toContainText(`备注：季度复核 ${tag}`);
    await freeCard.getByRole('button', { name: '解除关系' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定解除' }).click();
    await expect(page.getByText('已解除合作关系')).toBeVisible({ timeout: limit(10_000) });
    await expect(freeCard).not.toContainText('推荐人');
    await expect(freeCard.getByRole('button', { name: '解除关系' })).toHaveCount(0);
  });
});
