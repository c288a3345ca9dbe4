import { apiGet, apiSend, expect, hashUrl, residentId, signInBrowser, test, uniqueName } from './fixtures.ts';
import {
  choosePlan,
  confirmAndSubmit,
  fillApplicant,
  insureSelf,
  passHealth,
  payInCashier,
  startBuying,
} from './buy-steps.ts';
import { catalogueProduct, t } from './texts.ts';

interface SavedPerson {
  id: number;
  kind: string;
  name: string;
  idType: string;
  idNumber: string;
  mobile: string | null;
  email: string | null;
  relation: string | null;
}

/** A seq no other run of the same day uses often: the other phone runs the same story at the same time. */
const seq = () => Math.floor(Math.random() * 900) + 50;

test(
  'a member adds a saved insured person, then edits their mobile and email',
  { tag: ['@writes', '@demo-data'] },
  async ({ page, context, baseURL, request, keyScreen }) => {
    const { access_token: token } = await signInBrowser(context, baseURL!, 'demo.member');
    const spouse = {
      name: uniqueName('周'),
      idNumber: residentId('19880712', seq()),
      mobile: '13700001111',
      email: 'zhou@example.com',
    };

    await page.goto(hashUrl('/help/collect'));
    await page
      .getByRole('button', { name: t('collect.add') })
      .first()
      .click();
    await expect(page).toHaveURL(/help\/collect\/addPerson/);
    await page.getByText(t('person.relation.spouse'), { exact: true }).click();
    await page.getByPlaceholder(t('person.name.placeholder')).fill(spouse.name);
    await page.getByPlaceholder(t('person.id.placeholder')).fill(spouse.idNumber);
    await page.getByPlaceholder(t('person.mobile.placeholder')).fill(spouse.mobile);
    await page.getByPlaceholder(t('savedPersons.emailPlaceholder')).fill(spouse.email);
    // Without the consent nothing is saved.
    await page.getByRole('button', { name: t('common.save') }).click();
    await expect(page.getByText(t('persons.consentRequired'))).toBeVisible();
    await page.getByText(t('persons.consent')).click();
    await keyScreen('saved insured person, filled in');
    await page.getByRole('button', { name: t('common.save') }).click();

    // Back on 常用被保人: the list shows them masked, with the email.
    await expect(page).toHaveURL(/help\/collect$/);
    const row = page.locator('.adm-list-item').filter({ hasText: spouse.name });
    await expect(row).toContainText(t('person.relation.spouse'));
    await expect(row).toContainText('137****1111');
    await expect(row).toContainText(spouse.email);
    await expect(row).not.toContainText(spouse.idNumber);

    // 编辑: the form comes back filled with the whole record, read for the owner.
    await row.getByRole('button', { name: t('savedPersons.edit') }).click();
    await expect(page).toHaveURL(/addPerson\?id=\d+/);
    const id = Number(/id=(\d+)/.exec(page.url())![1]);
    await expect(page.getByText(t('savedPersons.editTitle'))).toBeVisible();
    await expect(page.getByPlaceholder(t('person.id.placeholder'))).toHaveValue(spouse.idNumber);
    await expect(page.getByPlaceholder(t('person.mobile.placeholder'))).toHaveValue(spouse.mobile);
    await page.getByPlaceholder(t('person.mobile.placeholder')).fill('13700002222');
    await page.getByPlaceholder(t('savedPersons.emailPlaceholder')).fill('zhou.new@example.com');
    await page.getByText(t('persons.consent')).click();
    await page.getByRole('button', { name: t('common.save') }).click();
    await expect(page).toHaveURL(/help\/collect$/);
    const edited = page.locator('.adm-list-item').filter({ hasText: spouse.name });
    await expect(edited).toContainText('137****2222');
    await expect(edited).toContainText('zhou.new@example.com');
    await expect(page.locator('.adm-list-item').filter({ hasText: spouse.name })).toHaveCount(1);

    // The server keeps the same record with the new details.
    const saved = await apiGet<SavedPerson>(request, `persons/${id}`, token);
    expect(saved).toMatchObject({
      kind: 'insured',
      name: spouse.name,
      idType: 'id_card',
      idNumber: spouse.idNumber,
      mobile: '13700002222',
      email: 'zhou.new@example.com',
      relation: 'spouse',
    });
    await apiSend(request, 'DELETE', `persons/${id}`, token);
  },
);

test(
  'after paying, a member saves the applicant of the purchase and finds them in 常用投保人',
  { tag: ['@writes', '@demo-data', '@wechat-sim'] },
  async ({ page, context, baseURL, request, keyScreen }) => {
    const { access_token: token } = await signInBrowser(context, baseURL!, 'demo.member');
    const product = await catalogueProduct(request, '综合意外险');
    const applicant = { name: uniqueName('吴'), idNumber: residentId('19850203', seq()), mobile: '13600003333' };

    await page.goto(hashUrl(`/productDetails/index?id=${product.id}`));
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
    await startBuying(page);
    await choosePlan(page);
    await fillApplicant(page, applicant);
    await insureSelf(page, applicant);
    await passHealth(page);
    await confirmAndSubmit(page);
    await payInCashier(page);

    // The paid result offers to keep the applicant and the insured person (本人), with the consent.
    const offer = page.getByRole('region', { name: t('savedPersons.offerTitle') });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText(t('savedPersons.offerApplicant', { name: applicant.name }));
    await expect(offer).toContainText(t('savedPersons.offerInsured', { name: applicant.name }));
    await expect(offer).not.toContainText(applicant.idNumber);
    await keyScreen('offer to save the people of the purchase');
    await offer.getByRole('button', { name: t('savedPersons.offerSave') }).click();
    await expect(offer.getByText(t('persons.consentRequired'))).toBeVisible();
    await offer.getByText(t('persons.consent')).click();
    await offer.getByRole('button', { name: t('savedPersons.offerSave') }).click();
    await expect(page.getByText(t('savedPersons.offerDone'))).toBeVisible();
    await expect(offer).toHaveCount(0);

    await page.goto(hashUrl('/help/HelpApplicant'));
    const row = page.locator('.adm-list-item').filter({ hasText: applicant.name });
    await expect(row).toContainText('136****3333');

    // Saved once each (by ID number), whole for the owner.
    const applicants = await apiGet<{ list: SavedPerson[] }>(request, 'persons?kind=applicant', token);
    const insured = await apiGet<{ list: SavedPerson[] }>(request, 'persons?kind=insured', token);
    const mine = applicants.list.filter((p) => p.name === applicant.name);
    const mineInsured = insured.list.filter((p) => p.name === applicant.name);
    expect(mine).toHaveLength(1);
    expect(mineInsured).toHaveLength(1);
    expect(mineInsured[0].relation).toBe('self');
    expect((await apiGet<SavedPerson>(request, `persons/${mine[0].id}`, token)).idNumber).toBe(applicant.idNumber);
    for (const p of [...mine, ...mineInsured]) await apiSend(request, 'DELETE', `persons/${p.id}`, token);
  },
);
