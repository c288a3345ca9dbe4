import { describe, expect, it } from 'vitest';
import type { ProductContent, ProductLocale } from '#shared/catalogue.ts';
import { LANGUAGES, type Language } from '#shared/constants.ts';
import { pdfText } from '../../../test/policies.ts';
import type { InsuredRow, OrderRow, PersonRow, PolicyRow, PolicyWithOrder } from '../repository.ts';
import { policyPdf, voucherPdf } from './documents.ts';
import { purchaseRecordPdf, type TrailEventRow, type VersionInfo } from './purchase-record.ts';

/**
 * The words of the e-policy, the voucher and the purchase record, as a reader sees them: the text
 * extracted from each PDF made from fixed rows, in each language, compared with the text kept beside
 * this test. A change of a document's words shows here as a changed file to review.
 */

const now = new Date('2026-03-10T04:00:00Z');
const issuedAt = new Date('2026-03-01T02:00:00Z');

const plan = {
  code: 'basic',
  name: '基础款',
  coverages: [
    { name: '意外身故、伤残', sumInsuredFen: 50_000_000, description: '因意外伤害身故或伤残，按保险金额给付' },
    { name: '意外医疗', sumInsuredFen: 2_000_000, description: '意外伤害产生的医疗费用，免赔额 100 元' },
  ],
};

const locale: ProductLocale = {
  name: 'Kompleksowe ubezpieczenie NNW',
  insurer: 'Demo Towarzystwo Ubezpieczeń',
  plans: {
    basic: {
      name: 'Podstawowy',
      coverages: [{ name: 'Śmierć i inwalidztwo NNW', description: 'Świadczenie według sumy ubezpieczenia' }],
    },
  },
  terms: { '365': '1 rok' },
  documents: { clause: { title: 'Warunki ogólne' }, health: { questions: { q1: 'Czy chorujesz przewlekle?' } } },
};

const person = (over: Partial<PersonRow>): PersonRow => ({
  id: 1,
  orderId: 1,
  role: 'insured',
  sort: 0,
  relation: null,
  name: '李投保',
  idType: 'id_card',
  idNumber: '110101199003071234',
  mobile: '13800001234',
  email: 'li@example.com',
  birthDate: '1990-03-07',
  sex: 'male',
  age: 36,
  occupationClass: null,
  premiumFen: null,
  ...over,
});

function bought(team: boolean): PolicyWithOrder {
  const order = {
    id: 1,
    orderNo: 'O20260301000001',
    versionId: 7,
    planCode: 'basic',
    team,
    premiumFen: team ? 60_000 : 12_800,
    holder: team
      ? {
          company: '演示物流有限公司',
          creditCode: '91310000MA1FL0000X',
          contact: '钱会计',
          contactMobile: '13900002222',
        }
      : null,
    snapshot: {
      product: { id: 1, code: 'ACC', name: '综合意外险', insurer: '演示财产保险股份有限公司', version: 3 },
      plan,
      term: { days: 365, label: '1年' },
      region: team ? null : '上海市',
      coolingOffDays: team ? 0 : 15,
      waitingDays: team ? 0 : 30,
    },
    createdAt: new Date('2026-03-01T01:50:00Z'),
    paidAt: new Date('2026-03-01T01:55:00Z'),
    transactionId: '4200000001202603011234567890',
  } as unknown as OrderRow;
  const policy = {
    id: 1,
    policyNo: 'P20260301000001',
    productName: '综合意外险',
    planName: '基础款',
    insurer: '演示财产保险股份有限公司',
    startDate: '2026-03-12',
    endDate: '2027-03-11',
    effectiveAt: new Date('2026-03-11T16:00:00Z'),
    expiresAt: new Date('2027-03-11T16:00:00Z'),
    premiumFen: order.premiumFen,
    insuredCount: team ? 2 : 1,
    surrenderedAt: team ? new Date('2026-03-05T03:00:00Z') : null,
    issuedAt,
  } as unknown as PolicyRow;
  return { policy, order };
}

const applicant = person({ role: 'applicant', relation: null });
const spouse: InsuredRow = {
  id: 11,
  voucherNo: 'V20260301000001-1',
  sort: 0,
  person: person({ name: '王配偶', idNumber: '310101199205082345', relation: 'spouse', sex: 'female', age: 33 }),
};
const drivers: InsuredRow[] = [
  { ...spouse, person: person({ name: '司机甲', occupationClass: 3, premiumFen: 30_000, mobile: '' }) },
  {
    id: 12,
    voucherNo: 'V20260301000001-2',
    sort: 1,
    person: person({ name: '司机乙', idNumber: '31010119850101456X', sex: 'female', occupationClass: 4 }),
  },
];

const documentLanguage = (language: Language) => ({
  language,
  locale: language === 'pl' ? locale : undefined,
  queryUrl: 'https://h5.example.com/#/policy/index?policyNo=P20260301000001',
  now,
});

const content = {
  documents: [
    { kind: 'clause', title: '综合意外险条款', content: '……' },
    { kind: 'notice', title: '投保须知', content: '……' },
    { kind: 'health', title: '健康告知', content: '……', questions: [{ id: 'q1', text: '是否患有慢性疾病？' }] },
  ],
  locales: { pl: locale },
} as unknown as ProductContent;

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 1, minute, 7));
const events: TrailEventRow[] = [
  { type: 'page', versionId: 7, document: null, detail: { step: 'plan', pageVersion: 'product-v3' }, createdAt: at(1) },
  { type: 'page', versionId: 7, document: null, detail: { step: 'insured' }, createdAt: at(2) },
  { type: 'open', versionId: 6, document: 'clause', detail: { language: 'zh-cn' }, createdAt: at(3) },
  { type: 'open', versionId: 7, document: 'clause', detail: { language: 'pl' }, createdAt: at(4) },
  { type: 'open', versionId: 7, document: 'notice', detail: {}, createdAt: at(5) },
  { type: 'open', versionId: 7, document: 'exclusions', detail: { language: 'zh-cn' }, createdAt: at(6) },
  {
    type: 'confirm',
    versionId: 7,
    document: null,
    detail: { documents: ['clause', 'notice', 'exclusions'] },
    createdAt: at(7),
  },
  { type: 'health', versionId: 7, document: null, detail: { anyYes: false, answers: { q1: false } }, createdAt: at(8) },
  { type: 'consent', versionId: 7, document: null, detail: { granted: false }, createdAt: at(9) },
  { type: 'consent', versionId: 7, document: null, detail: { granted: true }, createdAt: at(10) },
  {
    type: 'submit',
    versionId: 7,
    document: null,
    detail: { orderNo: 'O20260301000001', premiumFen: 12_800 },
    createdAt: at(11),
  },
  { type: 'pay_start', versionId: 7, document: null, detail: { amountFen: 12_800 }, createdAt: at(12) },
  {
    type: 'paid',
    versionId: 7,
    document: null,
    detail: { transactionId: '4200000001202603011234567890', amountFen: 12_800 },
    createdAt: at(13),
  },
  { type: 'expired', versionId: 7, document: null, detail: {}, createdAt: at(14) },
  { type: 'cancelled', versionId: 7, document: null, detail: {}, createdAt: at(15) },
  { type: 'refund_note', versionId: 7, document: null, detail: {}, createdAt: at(16) },
];
const versions = new Map<number, VersionInfo>([
  [6, { version: 2, publishedAt: new Date('2026-01-05T02:00:00Z'), content }],
  [7, { version: 3, publishedAt: new Date('2026-02-20T02:00:00Z'), content }],
]);

const kept = (name: string) => `./__snapshots__/${name}.txt`;

describe.each(LANGUAGES)('the words of the policy documents (%s)', (language) => {
  it('the e-policy of one insured person, in its cooling-off period', async () => {
    const pdf = await policyPdf({ ...bought(false), ...documentLanguage(language), applicant, insured: [spouse] });
    await expect(await pdfText(pdf)).toMatchFileSnapshot(kept(`policy.${language}`));
  });

  it('a team e-policy, surrendered, without cooling-off or waiting period', async () => {
    const pdf = await policyPdf({ ...bought(true), ...documentLanguage(language), applicant: null, insured: drivers });
    await expect(await pdfText(pdf)).toMatchFileSnapshot(kept(`team-policy.${language}`));
  });

  it('the voucher of one insured person, of a policy and of a team policy', async () => {
    const single = await voucherPdf({ ...bought(false), ...documentLanguage(language), applicant, insured: spouse });
    await expect(await pdfText(single)).toMatchFileSnapshot(kept(`voucher.${language}`));
    const team = await voucherPdf({
      ...bought(true),
      ...documentLanguage(language),
      applicant: null,
      insured: drivers[1],
    });
    await expect(await pdfText(team)).toMatchFileSnapshot(kept(`team-voucher.${language}`));
  });

  it('the purchase record, with every kind of event', async () => {
    const pdf = await purchaseRecordPdf({
      ...bought(false),
      applicant,
      insured: [spouse],
      events,
      versions,
      signInConsent: { at: at(0), terms: '2025-09-01', privacy: null, latest: true },
      language,
      now,
    });
    await expect(await pdfText(pdf)).toMatchFileSnapshot(kept(`record.${language}`));
  });
});
