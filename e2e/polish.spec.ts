import type { Page } from '@playwright/test';
import {
  apiGet,
  apiSend,
  expect,
  hashUrl,
  phoneSlot,
  productIdByName,
  residentId,
  signInBrowser,
  signInByApi,
  test,
  uniqueName,
  type DemoUser,
} from './fixtures.ts';
import { beijingDayPlus, buyPaidMedical, MEDICAL_PRODUCT, medicalInForce } from './buy-by-api.ts';
import { currentStep } from './buy-steps.ts';
import { chineseIn, chineseLeft } from './chinese-left.ts';
import { largeText, textProblems } from './text-fit.ts';
import { tIn, type TextKey } from './texts.ts';

/*
 * A Polish reader (docs/decisions/request-language.md): the catalogue, a claim, the messages, the
 * health notice, policies, invoices, the claim pre-check and the join QR show no Chinese but the
 * names people typed and the names kept in Chinese on purpose (e2e/chinese-left.ts); the places
 * where Polish words are longer (the buy step bar, the person centre counters, the order tabs, the
 * messages header) neither clip nor break words; dates and ID numbers keep one line. The policies
 * and the claim are made through the service calls the screens make.
 */

/** The Polish text the reader sees. */
const pl = (key: TextKey, params?: Record<string, string | number>) => tIn('pl', key, params);

/**
 * Once the page's enter animation (a 0.2 s, 12 px slide, shell.css `app-view-enter`) is over: a
 * position on the screen read during it is up to 12 px to the right of where the page settles.
 */
async function entered(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((a) => (a as CSSAnimation).animationName === 'app-view-enter' && a.playState === 'running').length,
      ),
    )
    .toBe(0);
}

/** Elements among `selector` whose text is cut (ellipsis or hidden overflow) or wider than their box. */
async function clipped(page: Page, selector: string): Promise<string[]> {
  return page
    .locator(selector)
    .evaluateAll((elements) =>
      elements
        .filter((e) => e.scrollWidth > e.clientWidth + 1)
        .map((e) => `${(e as HTMLElement).innerText} (${e.scrollWidth} > ${e.clientWidth})`),
    );
}

/** Words broken over two lines inside `selector`: a line box that starts inside a word. */
async function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((e) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        // The previous character drawn (a soft hyphen not used takes no room) and its line.
        let last: { char: string; top: number } | null = null;
        for (let i = 0; i < text.length; i += 1) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          // A character at the start of a line may also report a empty box at the end of the previous one.
          const rect = [...range.getClientRects()].filter((r) => r.width > 0).at(-1);
          if (!rect) {
            // A space at a line's end or an unused soft hyphen takes no room, yet separates words.
            if (last) last = { char: text[i], top: last.top };
            continue;
          }
          // A new line starting inside a Latin word or number (not at a space, a hyphen or a used soft hyphen).
          const wordGoesOn =
            last &&
            /[\p{Script=Latin}\d]/u.test(last.char) &&
            /[\p{Script=Latin}\d]/u.test(text[i]) &&
            text[i - 1] !== '\u00AD';
          if (last && wordGoesOn && rect.top > last.top + 2) broken.push(text);
          last = { char: text[i], top: rect.top };
        }
      }
      return broken;
    }),
  );
}

/**
 * Dates (2027-11-27), masked ID numbers (1101**********1234) and masked mobiles on the page drawn
 * over two lines: a value must stay whole, whatever the language and the text size.
 */
async function brokenValues(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const VALUE = /\d{4}-\d{2}-\d{2}|\d{4}\*{10}[\dX]{4}|\d{3}\*{4}\d{4}/g;
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(VALUE)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

// About Polish readers: Polish whatever the run's language.
test.use({ language: 'pl' });

test(
  'a Polish reader sees the catalogue, a claim and the messages in Polish, and no label is clipped',
  { tag: ['@writes', '@demo-data', '@dev-routes', '@wechat-sim'] },
  async ({ page, context, baseURL, keyScreen }, testInfo) => {
    // One member per phone, so two phones' claims and messages never mix.
    const member: DemoUser = phoneSlot(testInfo) ? 'demo.company' : 'demo.member';
    const { access_token: token } = await signInBrowser(context, baseURL!, member);

    const insured = uniqueName('赵');
    const seq = 700 + testInfo.workerIndex * 2 + phoneSlot(testInfo);
    const bought = await medicalInForce(
      context.request,
      token,
      { name: insured, idNumber: residentId('19880612', seq), mobile: '13912345673' },
      'e2e-polish',
    );
    const policy = await apiGet<{ insured: { id: number }[] }>(
      context.request,
      `order/policyInfo/${bought.policyId}`,
      token,
    );
    const bank = '招商银行北京分行';
    const claim = await apiSend<{ id: number; claimNo: string }>(context.request, 'POST', 'claims', token, {
      policyId: bought.policyId,
      insuredId: policy.insured[0].id,
      type: 'hospital',
      incidentDate: new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10),
      description: 'Nagły ból brzucha w nocy, przyjęcie na SOR i operacja wyrostka.',
      amountFen: 128_050,
      payeeName: insured,
      payeeBank: bank,
      payeeAccount: '6225880123456789',
    });
    const staff = await signInByApi(context.request, 'demo.channel');
    await apiSend(context.request, 'POST', `claims/${claim.id}/transition`, staff.access_token, { to: 'reviewing' });

    // The product list and a product's detail.
    await page.goto(hashUrl('/product/index'));
    await expect(page.getByText('Ubezpieczenie medyczne „Milion”').first()).toBeVisible();
    await expect(page.getByText('Kompleksowe ubezpieczenie NNW').first()).toBeVisible();
    expect(await chineseLeft(page)).toBe('');
    await page.getByText('Ubezpieczenie medyczne „Milion”').first().click();
    await expect(page.getByText('Koszty leczenia – zakres ogólny').first()).toBeVisible();
    // Regions are places: named in Polish too.
    await expect(page.getByText(/Chiny kontynentalne/).first()).toBeVisible();
    expect(await chineseLeft(page)).toBe('');

    // The buy step bar: five steps, none cut or broken.
    await page.goto(
      hashUrl(`/insureDetails/index?productId=${await productIdByName(context.request, MEDICAL_PRODUCT)}`),
    );
    const steps = page.locator('.adm-steps .adm-step-title');
    await expect(steps).toHaveCount(5);
    await expect(steps.last()).toBeVisible();
    await entered(page);
    expect(await clipped(page, '.adm-steps .adm-step-title')).toEqual([]);
    const lastStep = await steps.last().boundingBox();
    expect(lastStep!.x + lastStep!.width, 'the last step ends on the screen').toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    expect(await brokenWords(page, '.adm-steps .adm-step-title')).toEqual([]);
    await keyScreen('buy steps in Polish');

    // The claim: status, type, product and timeline in Polish; only the insured's name and the bank are Chinese.
    await page.goto(hashUrl(`/claim/index?claimId=${claim.id}`));
    await expect(page.getByText(claim.claimNo).first()).toBeVisible();
    await expect(page.getByText('Ubezpieczenie medyczne „Milion”').first()).toBeVisible();
    await expect(page.getByText('Pobyt w szpitalu').first()).toBeVisible();
    await expect(page.getByText('W weryfikacji').first()).toBeVisible();
    expect(await chineseLeft(page, [insured, bank])).toBe('');
    expect(await brokenWords(page, '[class*="fieldValue"]')).toEqual([]);

    // The messages: titles and bodies rendered in Polish; the header's tabs and action do not collide.
    await page.goto(hashUrl('/member/message'));
    await expect(page.getByText('Szkoda w weryfikacji').first()).toBeVisible();
    await expect(page.getByText('Zgłoszenie szkody przyjęte').first()).toBeVisible();
    await expect(page.getByText(/Polisa obowiązuje|Płatność przyjęta/).first()).toBeVisible();
    // Other stories' messages to the same member may name other people or quote a staff note: this
    // story's own messages (its claim and order numbers) carry only the insured's name; every title is Polish.
    const mine = page.locator('.adm-list-item').filter({ hasText: new RegExp(`${claim.claimNo}|${bought.orderNo}`) });
    expect(await mine.count()).toBeGreaterThanOrEqual(3);
    expect(chineseIn((await mine.allInnerTexts()).join('\n'), [insured])).toBe('');
    const titles = (await page.locator('.adm-list-item-content-main > span').allInnerTexts()).join('');
    expect(chineseIn(titles)).toBe('');
    expect(await clipped(page, '.adm-tabs-tab, [data-testid="read-all"]')).toEqual([]);
    const tabs = await page.locator('.adm-tabs').boundingBox();
    const readAll = await page.getByRole('button', { name: 'Oznacz wszystkie' }).boundingBox();
    const apart = tabs!.x + tabs!.width <= readAll!.x + 1 || tabs!.y + tabs!.height <= readAll!.y + 1;
    expect(apart, '"Oznacz wszystkie" beside or below the tabs, not over them').toBe(true);
    await keyScreen('messages in Polish');

    // The person centre's counters and the order tabs.
    await page.goto(hashUrl('/help/person'));
    const counters = page.locator('[class*="statLabel"]');
    await expect(counters).toHaveCount(4);
    await expect(counters.last()).toHaveText(/Nieprze\u00ADczytane/);
    expect(await clipped(page, '[class*="statLabel"]')).toEqual([]);
    expect(await brokenWords(page, '[class*="statLabel"], [class*="gridLabel"]')).toEqual([]);
    await keyScreen('person centre in Polish');
    await page.goto(hashUrl('/help/order'));
    // The last tab (scrolled to): its orders, or its empty state and hint when this member has none.
    await page.locator('.adm-tabs-tab').getByText('Rozwiązane', { exact: true }).click();
    await expect(
      page.getByText('Brak zamówień: Rozwiązane').or(page.locator('tbody tr').filter({ hasText: /¥/ }).first()),
    ).toBeVisible();
    expect(await clipped(page, '.adm-tabs-tab')).toEqual([]);
    expect(await brokenWords(page, '.adm-tabs-tab, [class*="empty"]')).toEqual([]);
    await keyScreen('orders in Polish');
  },
);

/** A draft of the medical product for the applicant themselves, saved at the health step. */
async function draftAtHealth(
  page: Page,
  token: string,
  applicant: { name: string; idNumber: string; mobile: string },
): Promise<{ productId: number; draftId: number }> {
  const request = page.context().request;
  const productId = await productIdByName(request, MEDICAL_PRODUCT);
  const product = await apiGet<{ plans: { code: string }[]; terms: { days: number }[] }>(
    request,
    `product/${productId}`,
    token,
  );
  const draft = await apiSend<{ id: number }>(request, 'POST', 'order/drafts', token, { productId, step: 'health' });
  await apiSend(request, 'PUT', `order/drafts/${draft.id}`, token, {
    planCode: product.plans[0].code,
    termDays: product.terms[0].days,
    startDate: beijingDayPlus(1),
    applicant: { ...applicant, idType: 'id_card' },
    insured: { relation: 'self' },
    step: 'health',
  });
  return { productId, draftId: draft.id };
}

test(
  'a Polish reader reads the health notice, the duty to disclose and the refusal in Polish; the step bar is whole',
  { tag: ['@writes', '@demo-data'] },
  async ({ page, context, baseURL, keyScreen }, testInfo) => {
    const { access_token: token } = await signInBrowser(context, baseURL!, 'demo.member');
    const applicant = {
      name: uniqueName('吴'),
      idNumber: residentId('19870704', 720 + testInfo.workerIndex * 2 + phoneSlot(testInfo)),
      mobile: '13912345676',
    };
    const { productId, draftId } = await draftAtHealth(page, token, applicant);

    await page.goto(hashUrl(`/insureDetails/index?productId=${productId}&draftId=${draftId}`));
    await expect(currentStep(page)).toHaveText(pl('insure.step.health'));
    await expect(page.getByRole('button', { name: pl('insure.healthAllNo') })).toBeVisible();
    // The notice names the law the duty to disclose comes from, in Polish.
    await expect(page.getByText(/art\. 16/).first()).toBeVisible();
    expect(await chineseLeft(page, [applicant.name]), 'the health notice in Polish').toBe('');
    await entered(page);
    expect(await clipped(page, '.adm-steps .adm-step-title')).toEqual([]);
    const lastStep = await page.locator('.adm-steps .adm-step-title').last().boundingBox();
    expect(lastStep!.x + lastStep!.width, 'the last step ends on the screen').toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    await keyScreen('health notice in Polish');

    // One "yes": online purchase stops, and the reader is told why in Polish.
    await page.getByRole('button', { name: pl('insure.healthSomeYes') }).click();
    const questions = page.locator('ol > li');
    const count = await questions.count();
    expect(count).toBeGreaterThan(0);
    await questions.first().getByText(pl('insure.healthYes'), { exact: true }).click();
    for (let i = 1; i < count; i += 1) await questions.nth(i).getByText(pl('insure.healthNo'), { exact: true }).click();
    await page.getByRole('button', { name: pl('insure.healthSubmit') }).click();
    await expect(page.locator('.adm-result-title')).toHaveText(pl('insure.healthBlocked'));
    await expect(page.locator('.adm-result-description')).not.toBeEmpty();
    expect(await chineseLeft(page, [applicant.name]), 'the refusal in Polish').toBe('');
  },
);

test(
  'a Polish reader sees a policy before and after its start and the invoices in Polish; dates and ID numbers keep one line',
  { tag: ['@writes', '@demo-data', '@dev-routes', '@wechat-sim'] },
  async ({ page, context, baseURL, keyScreen }, testInfo) => {
    const member: DemoUser = phoneSlot(testInfo) ? 'demo.company' : 'demo.member';
    const { access_token: token } = await signInBrowser(context, baseURL!, member);
    const seq = 740 + testInfo.workerIndex * 4 + phoneSlot(testInfo) * 2;
    const pendingName = uniqueName('郑');
    const pending = await buyPaidMedical(
      context.request,
      token,
      { name: pendingName, idNumber: residentId('19850318', seq), mobile: '13912345677' },
      { startInDays: 3, pageVersion: 'e2e-polish-policy' },
    );
    const activeName = uniqueName('冯');
    const active = await medicalInForce(
      context.request,
      token,
      { name: activeName, idNumber: residentId('19850318', seq + 1), mobile: '13912345678' },
      'e2e-polish-policy',
    );

    // Not yet in force: why no claim can be reported yet, the term and the insurer, in Polish.
    await page.goto(hashUrl(`/policy/index?id=${pending.policyId}`));
    await expect(page.getByTestId('policy-no')).toHaveText(pending.policyNo);
    await expect(page.getByText(pl('policy.status.pending')).first()).toBeVisible();
    expect(await chineseLeft(page, [pendingName]), 'a policy before its start in Polish').toBe('');
    expect(await brokenValues(page)).toEqual([]);
    await keyScreen('policy before its start in Polish');

    // In force.
    await page.goto(hashUrl(`/policy/index?id=${active.policyId}`));
    await expect(page.getByTestId('policy-no')).toHaveText(active.policyNo);
    await entered(page);
    await expect(page.getByText(pl('policy.status.active')).first()).toBeVisible();
    expect(await chineseLeft(page, [activeName]), 'a policy in force in Polish').toBe('');
    expect(await brokenValues(page)).toEqual([]);

    // An invoice for the first: the orders still to invoice and the history name the products in Polish.
    await page.goto(hashUrl('/help/invoice'));
    await expect(page.getByText(pending.orderNo).or(page.getByText(active.orderNo)).first()).toBeVisible();
    await entered(page);
    // The applicants' and insured persons' names are theirs.
    expect(await chineseLeft(page, [pendingName, activeName]), 'the orders to invoice in Polish').toBe('');
    const title = 'Jan Kowalski';
    await apiSend(context.request, 'POST', 'invoice', token, {
      orderIds: [pending.orderId],
      titleType: 'personal',
      title,
      email: `polish-${testInfo.project.name}-${Date.now()}@example.com`,
    });
    await page.goto(hashUrl('/help/invoice/history'));
    await expect(page.getByText(new RegExp(pending.orderNo)).first()).toBeVisible();
    await entered(page);
    // Titles other stories gave this member's invoices are what they typed.
    const invoices = await apiGet<{ list: { title: string }[] }>(context.request, 'invoice', token);
    expect(
      await chineseLeft(page, [pendingName, activeName, ...invoices.list.map((i) => i.title)]),
      'the invoice history in Polish',
    ).toBe('');
    expect(await brokenValues(page)).toEqual([]);
    await keyScreen('invoices in Polish');
  },
);

test(
  'a Polish reader gets the claim pre-check, the join QR and the language choice in Polish',
  { tag: ['@writes', '@demo-data', '@dev-routes', '@wechat-sim'] },
  async ({ page, context, newPhone, baseURL, keyScreen }, testInfo) => {
    const member: DemoUser = phoneSlot(testInfo) ? 'demo.company' : 'demo.member';
    const { access_token: token } = await signInBrowser(context, baseURL!, member);
    const insured = uniqueName('褚');
    const bought = await medicalInForce(
      context.request,
      token,
      {
        name: insured,
        idNumber: residentId('19860922', 760 + testInfo.workerIndex * 2 + phoneSlot(testInfo)),
        mobile: '13912345679',
      },
      'e2e-polish-precheck',
    );

    // The pre-check: the member's policies, the questions and the answer, in Polish.
    await page.goto(hashUrl(`/claim/index?precheck=1&policyId=${bought.policyId}`));
    await page.getByLabel(pl('claim.precheck.amount')).fill('1500');
    await page.getByRole('button', { name: pl('claim.precheck.submit'), exact: true }).click();
    await expect(page.getByTestId('precheck-reason')).not.toBeEmpty();
    await expect(page.getByTestId('precheck-materials').locator('li').first()).toBeVisible();
    await entered(page);
    expect(await clipped(page, '.adm-selector-item')).toEqual([]);
    // Other stories' policies of this member name other people.
    const policies = await apiGet<{ list: { insured?: { name: string }[]; applicantName?: string }[] }>(
      context.request,
      'order/policyInfo?page=1&pageSize=50',
      token,
    );
    const people = policies.list.flatMap((p) => [...(p.insured ?? []).map((i) => i.name), p.applicantName ?? '']);
    expect(await chineseLeft(page, [insured, ...people]), 'the pre-check in Polish').toBe('');
    expect(await brokenValues(page)).toEqual([]);
    await keyScreen('pre-check in Polish');

    // The join QR of a department the company names itself, on the company's phone.
    const { context: companyPhone, page: staff } = await newPhone();
    const company = await signInBrowser(companyPhone, baseURL!, 'demo.company');
    const department = `Dział ${testInfo.project.name} ${Date.now() % 100000}`;
    await apiSend(companyPhone.request, 'POST', 'company/departments', company.access_token, { name: department });
    await staff.goto(hashUrl('/help/department'));
    await staff.getByRole('button', { name: pl('company.qrCreate') }).click();
    const qr = staff.getByTestId('join-qr');
    await expect(qr.getByRole('img', { name: pl('company.qrAlt') })).toBeVisible();
    const section = staff.locator('section').filter({ has: qr });
    // Departments and companies are named by the people who made them.
    await expect
      .poll(
        async () => {
          const departments = await apiGet<{ list: { name: string }[] }>(
            companyPhone.request,
            'company/departments',
            company.access_token,
          );
          const companies = await apiGet<{ list: { name: string }[] }>(
            companyPhone.request,
            'company/companies',
            company.access_token,
          );
          const names = [...departments.list, ...companies.list].map((d) => d.name);
          return chineseLeft(staff, names, section);
        },
        { message: 'the join QR in Polish' },
      )
      .toBe('');
    await keyScreen('join QR in Polish', staff);

    // The settings name the reader's language in its own words (the language sheet lists 简体中文, a kept name).
    await page.goto(hashUrl('/member/setting'));
    await expect(page.locator('[lang="pl"]').getByText('Polski', { exact: true })).toBeVisible();
    expect(await chineseLeft(page), 'the settings in Polish').toBe('');
  },
);

test(
  'at 200 % text a Polish reader sees the whole step bar, and dates and ID numbers keep one line',
  { tag: ['@writes', '@demo-data', '@dev-routes', '@wechat-sim'] },
  async ({ page, context, baseURL }, testInfo) => {
    await largeText(page, 200);
    const { access_token: token } = await signInBrowser(context, baseURL!, 'demo.member');
    const applicant = {
      name: uniqueName('卫'),
      idNumber: residentId('19840505', 780 + testInfo.workerIndex * 2 + phoneSlot(testInfo)),
      mobile: '13912345670',
    };
    const { productId, draftId } = await draftAtHealth(page, token, applicant);
    await page.goto(hashUrl(`/insureDetails/index?productId=${productId}&draftId=${draftId}`));
    await expect(currentStep(page)).toHaveText(pl('insure.step.health'));
    const bar = page.locator('[class*="steps"]').first();
    expect((await textProblems(page)).filter((p) => p.kind !== 'overlap').map((p) => `${p.kind}: ${p.text}`)).toEqual(
      [],
    );
    await expect(bar).toBeVisible();

    const bought = await buyPaidMedical(context.request, token, applicant, {
      startInDays: 1,
      pageVersion: 'e2e-polish-large',
    });
    await page.goto(hashUrl(`/policy/index?id=${bought.policyId}`));
    await expect(page.getByTestId('policy-no')).toHaveText(bought.policyNo);
    expect(await brokenValues(page)).toEqual([]);
  },
);
