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
import { MEDICAL_PRODUCT, medicalInForce } from './buy-by-api.ts';

/*
 * A Polish reader (docs/decisions/request-language.md): the catalogue, a claim and the messages
 * list show no Chinese but names of people and places; the places where Polish words are longer
 * (the buy step bar, the person centre counters, the order tabs, the messages header) neither clip
 * nor break words. The policy and the claim are made through the service calls the screens make.
 */

const HAN = /\p{Script=Han}/gu;

/** Han characters of the visible page, once the names given are taken out. */
async function chineseLeft(page: Page, names: string[] = []): Promise<string> {
  let text = await page.locator('body').innerText();
  for (const name of names) text = text.split(name).join('');
  return (text.match(HAN) ?? []).join('');
}

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
    const mineText = (await mine.allInnerTexts()).join('\n').split(insured).join('');
    expect(mineText.match(HAN) ?? []).toEqual([]);
    const titles = (await page.locator('.adm-list-item-content-main > span').allInnerTexts()).join('');
    expect(titles.match(HAN) ?? []).toEqual([]);
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
