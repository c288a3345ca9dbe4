import { expect, hashUrl, recordApi, routeOf, sessionCookies, test } from './fixtures.ts';

/*
 * The guides are open to visitors (issue 5): a signed-out visitor reads the claims guide (steps,
 * documents per claim type, contact) and searches the service guide and opens an answer, without
 * being asked to sign in and without a single call that needs a session.
 */
test.describe('guides for visitors', () => {
  test('a signed-out visitor reads the claims guide: steps, documents per claim type and contact', async ({
    page,
    context,
  }) => {
    const api = recordApi(page);
    await page.goto(hashUrl('/claim/index'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('理赔');
    await expect.poll(() => routeOf(page)).toBe('/claim/index');
    await expect(page.getByRole('dialog', { name: '登录' })).toHaveCount(0);
    // Signing in is offered, not forced.
    await expect(page.getByText('登录后可在线报案，并随时查看理赔进度。')).toBeVisible();

    // 理赔流程: four numbered steps with what happens at each, and the legal time limits.
    const steps = page.locator('.adm-step');
    await expect(steps).toHaveCount(4);
    await expect(steps.locator('.adm-step-title')).toHaveText(['1. 报案', '2. 提交材料', '3. 审核', '4. 赔付']);
    await expect(steps.nth(3)).toContainText('赔款转入您指定的银行账户');
    await expect(page.getByText(/30 日内作出核定/)).toBeVisible();

    // 理赔材料 by claim type: each tab lists what that type needs.
    const docs = page.locator('.adm-capsule-tabs').filter({ hasText: '意外医疗' });
    await expect(docs.getByRole('listitem').filter({ hasText: '意外事故证明' })).toBeVisible();
    await expect(docs.getByRole('listitem').filter({ hasText: '医疗费用发票及费用明细清单' })).toBeVisible();
    await docs.getByText('住院医疗', { exact: true }).click();
    await expect(docs.getByRole('listitem').filter({ hasText: '住院病历、出院小结' })).toBeVisible();
    await expect(docs.getByRole('listitem').filter({ hasText: '医院出具的诊断证明书' })).toBeVisible();
    await docs.getByText('旅行延误', { exact: true }).click();
    await expect(docs.getByRole('listitem').filter({ hasText: '延误证明' })).toBeVisible();
    await expect(docs.getByRole('listitem').filter({ hasText: '登机牌或电子客票行程单' })).toBeVisible();
    await docs.getByText('身故/伤残', { exact: true }).click();
    await expect(docs.getByRole('listitem').filter({ hasText: '伤残鉴定报告' })).toBeVisible();

    // Contact: the service hotline with its hours (a tap dials it).
    const hotline = page.locator('.adm-list-item').filter({ hasText: '客服热线' });
    await expect(hotline).toBeVisible();
    await expect(hotline).toContainText('工作日 9:00–18:00');
    await expect(hotline).toContainText(/\d{3,4}-?\d{3,4}-?\d{3,4}/);

    expect((await sessionCookies(context)).tokenUser).toBeUndefined();
    const calls = await api.all();
    expect(
      calls.filter((c) => c.status === 401 || c.authorization),
      'no call needs or sends a session',
    ).toEqual([]);
  });

  test('a signed-out visitor searches the service guide and opens an answer', async ({ page, context }) => {
    await page.goto(hashUrl('/know/index'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('服务指南');
    await expect(page.getByRole('dialog', { name: '登录' })).toHaveCount(0);
    for (const section of ['投保', '支付', '保单', '理赔', '发票']) {
      await expect(page.locator('.adm-capsule-tabs-tab').filter({ hasText: section })).toBeVisible();
    }

    // Searching narrows the questions to the matching ones and shows their answers.
    const search = page.getByPlaceholder('搜索问题，如“退保”“发票”');
    await search.fill('犹豫期');
    const found = page.locator('.adm-collapse-panel-header');
    await expect(found.filter({ hasText: '什么是犹豫期？怎么退保？' })).toBeVisible();
    await expect(found.filter({ hasText: '如何在线投保？' })).toHaveCount(0);
    await expect(page.getByText(/在犹豫期内退保可全额退还已交保费/)).toBeVisible();

    // Nothing found: said so, with a way back to every question.
    await search.fill('火星旅行');
    await expect(page.getByText('没有找到与“火星旅行”相关的问题')).toBeVisible();
    await page.getByRole('button', { name: '查看全部问题' }).click();
    await expect(search).toHaveValue('');

    // By section, the visitor opens one question to read its answer.
    await page.locator('.adm-capsule-tabs-tab').filter({ hasText: '理赔' }).click();
    await expect(found.filter({ hasText: '如何在线投保？' })).toHaveCount(0);
    const answer = page.getByText(/48 小时内通知保险公司/);
    await expect(answer).toBeHidden();
    await found.filter({ hasText: '出险后怎么报案？' }).click();
    await expect(answer).toBeVisible();

    expect((await sessionCookies(context)).tokenUser).toBeUndefined();
    await expect.poll(() => routeOf(page)).toBe('/know/index');
  });
});
