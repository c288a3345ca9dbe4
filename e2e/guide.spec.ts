import { CLAIM_MATERIAL_KEYS, CLAIM_TYPE_KEYS } from '../src/app/i18n/enum-names.ts';
import { expect, hashUrl, recordApi, routeOf, sessionCookies, test } from './fixtures.ts';
import { LANGUAGE, pageTitle, t } from './texts.ts';

/** What a visitor types into the search, in their own language: a word of one question, and one of none. */
const SEARCH = {
  'zh-cn': { found: '犹豫期', nothing: '火星旅行' },
  pl: { found: 'odstąpienie', nothing: 'podróż na Marsa' },
}[LANGUAGE];

/*
 * The guides are open to visitors (docs/decisions/views.md): a signed-out visitor reads the claims guide (steps,
 * documents per claim type, contact) and searches the service guide and opens an answer, without
 * being asked to sign in and without a single call that needs a session. Read-only: they run
 * against any server, production included.
 */
test.describe('guides for visitors', () => {
  test('a signed-out visitor reads the claims guide: steps, documents per claim type and contact', async ({
    page,
    context,
    keyScreen,
  }) => {
    const api = recordApi(page);
    await page.goto(hashUrl('/claim/index'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageTitle('claim'));
    await expect.poll(() => routeOf(page)).toBe('/claim/index');
    await expect(page.getByRole('dialog', { name: t('login.title') })).toHaveCount(0);
    // Signing in is offered, not forced.
    await expect(page.getByText(t('claim.visitor.text'))).toBeVisible();
    await keyScreen('claims guide');

    // 理赔流程: four numbered steps with what happens at each, and the legal time limits.
    const steps = page.locator('.adm-step');
    await expect(steps).toHaveCount(4);
    await expect(steps.locator('.adm-step-title')).toHaveText([
      `1. ${t('claim.step.report')}`,
      `2. ${t('claim.step.submit')}`,
      `3. ${t('claim.step.review')}`,
      `4. ${t('claim.step.pay')}`,
    ]);
    await expect(steps.nth(3)).toContainText(t('claim.step.payText'));
    await expect(page.getByText(t('claim.guide.law'))).toBeVisible();

    // 理赔材料 by claim type: each type, a button that says it is pressed, lists what it needs.
    const docs = page.locator('section').filter({ has: page.getByRole('group', { name: t('claim.docs.types') }) });
    const material = (key: keyof typeof CLAIM_MATERIAL_KEYS) =>
      docs.getByRole('listitem').filter({ hasText: t(CLAIM_MATERIAL_KEYS[key]) });
    const type = (key: keyof typeof CLAIM_TYPE_KEYS) =>
      docs.getByRole('button', { name: t(CLAIM_TYPE_KEYS[key]), exact: true });
    await expect(material('accidentProof')).toBeVisible();
    await expect(material('invoice')).toBeVisible();
    await expect(type('accident_medical')).toHaveAttribute('aria-pressed', 'true');
    await type('hospital').click();
    await expect(type('hospital')).toHaveAttribute('aria-pressed', 'true');
    await expect(material('discharge')).toBeVisible();
    await expect(material('diagnosis')).toBeVisible();
    await type('travel_delay').click();
    await expect(material('delayProof')).toBeVisible();
    await expect(material('ticket')).toBeVisible();
    await type('death_disability').click();
    await expect(material('disabilityProof')).toBeVisible();

    // Contact: the service hotline with its hours (a tap dials it).
    const hotline = page.locator('.adm-list-item').filter({ hasText: t('common.hotline') });
    await expect(hotline).toBeVisible();
    await expect(hotline).toContainText(t('common.hotlineHours'));
    await expect(hotline).toContainText(/\d{3,4}-?\d{3,4}-?\d{3,4}/);

    expect((await sessionCookies(context)).tokenUser).toBeUndefined();
    const calls = await api.all();
    expect(
      calls.filter((c) => c.status === 401 || c.authorization),
      'no call needs or sends a session',
    ).toEqual([]);
  });

  test('a signed-out visitor searches the service guide and opens an answer', async ({ page, context, keyScreen }) => {
    await page.goto(hashUrl('/know/index'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageTitle('knowIndex'));
    await expect(page.getByRole('dialog', { name: t('login.title') })).toHaveCount(0);
    const sections = ['purchase', 'payment', 'policy', 'claims', 'invoice'] as const;
    for (const section of sections) {
      await expect(
        page
          .getByRole('group', { name: t('know.sections') })
          .getByRole('button', { name: t(`know.section.${section}`) }),
      ).toBeVisible();
    }

    // Searching narrows the questions to the matching ones and shows their answers.
    const search = page.getByPlaceholder(t('know.searchPlaceholder'));
    await search.fill(SEARCH.found);
    // Each question is a disclosure (`details`), named by its summary.
    const found = page.locator('summary');
    await expect(found.filter({ hasText: t('know.policy.q3') })).toBeVisible();
    await expect(found.filter({ hasText: t('know.purchase.q1') })).toHaveCount(0);
    await expect(page.getByText(t('know.policy.a3'))).toBeVisible();
    await keyScreen('service guide, searched');

    // Nothing found: said so, with a way back to every question.
    await search.fill(SEARCH.nothing);
    await expect(page.getByText(t('know.noMatch', { query: SEARCH.nothing }))).toBeVisible();
    await page.getByRole('button', { name: t('know.showAll') }).click();
    await expect(search).toHaveValue('');

    // By section, the visitor opens one question to read its answer.
    await page
      .getByRole('group', { name: t('know.sections') })
      .getByRole('button', { name: t('know.section.claims'), exact: true })
      .click();
    await expect(found.filter({ hasText: t('know.purchase.q1') })).toHaveCount(0);
    const answer = page.getByText(t('know.claims.a1'));
    await expect(answer).toBeHidden();
    await found.filter({ hasText: t('know.claims.q1') }).click();
    await expect(answer).toBeVisible();

    expect((await sessionCookies(context)).tokenUser).toBeUndefined();
    await expect.poll(() => routeOf(page)).toBe('/know/index');
  });
});
