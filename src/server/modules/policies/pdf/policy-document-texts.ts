import type { Language } from '#shared/constants.ts';
import { POLICY_STATUS_LABELS, type PolicyStatus } from '#shared/orders.ts';
import type { PageLabel } from '../../../pdf/layout.ts';
import { PERSON_TEXTS, type PersonTexts } from '../../../lib/person-texts.ts';

/**
 * The fixed words of the e-policy (电子保险单) and the insurance voucher (保险凭证) in the reader's
 * language, Chinese and Polish side by side. Product, plan, coverage and term names come from the
 * product version (and its translation). A Polish document says once that it is a translation and
 * that the Chinese policy is the contract (docs/decisions/polish-e-policy.md).
 */
export interface PolicyDocumentTexts {
  person: PersonTexts;
  policyTitle: string;
  voucherTitle: string;
  qrCaption: string;
  /** Null in Chinese: the Chinese document is the contract itself. */
  translationNote: string | null;
  pageLabel: PageLabel;
  policyFile: (product: string, policyNo: string) => string;
  voucherFile: (product: string, name: string, voucherNo: string) => string;
  policyFooter: (policyNo: string) => string;
  voucherFooter: (voucherNo: string) => string;
  period: (start: string, end: string) => string;
  status: Record<PolicyStatus, string>;
  surrendered: (day: string) => string;
  sections: {
    policy: string;
    voucher: string;
    company: string;
    applicant: string;
    insured: string;
    insuredCount: (n: number) => string;
    cover: (plan: string) => string;
    notes: string;
    explanation: string;
  };
  labels: {
    policyNo: string;
    orderNo: string;
    product: string;
    plan: string;
    insurer: string;
    term: string;
    period: string;
    insuredCount: string;
    premium: string;
    issuedAt: string;
    status: string;
    region: string;
    company: string;
    creditCode: string;
    contact: string;
    contactMobile: string;
    name: string;
    idDocument: string;
    mobile: string;
    email: string;
    relation: string;
    sexAge: string;
    voucherNo: string;
    beneficiary: string;
    sex: string;
    age: string;
    occupationClass: string;
    applicant: string;
  };
  columns: {
    index: string;
    name: string;
    idNumber: string;
    sex: string;
    age: string;
    occupationClass: string;
    voucherNo: string;
    coverage: string;
    sumInsured: string;
    description: string;
  };
  persons: (n: number) => string;
  premiumRmb: (amount: string) => string;
  legalBeneficiary: string;
  sexAge: (sex: string, age: number) => string;
  age: (n: number) => string;
  occupationClass: (n: number) => string;
  notes: {
    coolingOff: (days: number, until: string) => string;
    noCoolingOff: string;
    waiting: (days: number) => string;
    noWaiting: string;
    equal: string;
    claim: string;
  };
  voucherExplanation: (team: boolean, policyNo: string) => string;
  claimHint: string;
}

const zh: PolicyDocumentTexts = {
  person: PERSON_TEXTS['zh-cn'],
  policyTitle: '电子保险单',
  voucherTitle: '保险凭证',
  qrCaption: '扫码查询保单',
  translationNote: null,
  pageLabel: (page, pages) => `第 ${page} / ${pages} 页`,
  policyFile: (product, policyNo) => `${product}-电子保单-${policyNo}`,
  voucherFile: (product, name, voucherNo) => `${product}-保险凭证-${name}-${voucherNo}`,
  policyFooter: (policyNo) => `保单号 ${policyNo}`,
  voucherFooter: (voucherNo) => `凭证号 ${voucherNo}`,
  period: (start, end) => `${start} 00:00 至 ${end} 24:00（北京时间）`,
  status: POLICY_STATUS_LABELS,
  surrendered: (day) => `${POLICY_STATUS_LABELS.surrendered}（${day} 犹豫期内退保）`,
  sections: {
    policy: '保单信息',
    voucher: '凭证信息',
    company: '投保单位',
    applicant: '投保人',
    insured: '被保险人',
    insuredCount: (n) => `被保险人（共 ${n} 人）`,
    cover: (plan) => `保障责任（${plan}）`,
    notes: '特别约定与提示',
    explanation: '说明',
  },
  labels: {
    policyNo: '保单号',
    orderNo: '订单号',
    product: '产品名称',
    plan: '保障方案',
    insurer: '承保公司',
    term: '保险期限',
    period: '保险期间',
    insuredCount: '被保人数',
    premium: '保险费',
    issuedAt: '签发日期',
    status: '保单状态',
    region: '销售地区',
    company: '单位名称',
    creditCode: '信用代码',
    contact: '联系人',
    contactMobile: '联系电话',
    name: '姓名',
    idDocument: '证件',
    mobile: '手机号',
    email: '电子邮箱',
    relation: '与投保人',
    sexAge: '性别/年龄',
    voucherNo: '凭证号',
    beneficiary: '受益人',
    sex: '性别',
    age: '年龄',
    occupationClass: '职业类别',
    applicant: '投保人',
  },
  columns: {
    index: '序号',
    name: '姓名',
    idNumber: '证件号码',
    sex: '性别',
    age: '年龄',
    occupationClass: '职业类别',
    voucherNo: '凭证号',
    coverage: '保障项目',
    sumInsured: '保险金额',
    description: '保障说明',
  },
  persons: (n) => `${n} 人`,
  premiumRmb: (amount) => `${amount}（人民币）`,
  legalBeneficiary: '法定',
  sexAge: (sex, age) => `${sex} / ${age} 岁`,
  age: (n) => `${n} 岁`,
  occupationClass: (n) => `${n} 类`,
  notes: {
    coolingOff: (days, until) =>
      `1. 本保单犹豫期为 ${days} 日，至 ${until} 止。犹豫期内可在“保单查询”中申请退保，保险费全额原路退还。`,
    noCoolingOff: '1. 本产品无犹豫期。',
    waiting: (days) =>
      `2. 等待期 ${days} 日：保险期间开始后 ${days} 日内因疾病发生的保险事故不承担保险责任，意外伤害不受此限。`,
    noWaiting: '2. 本产品无等待期。',
    equal: '3. 本电子保单与纸质保单具有同等法律效力。保险责任、责任免除等以保险条款为准。',
    claim: '4. 出险后请及时报案：在线“理赔”或拨打客服热线。扫描右上角二维码可查询保单真伪与状态。',
  },
  voucherExplanation: (team, policyNo) =>
    team
      ? `本凭证为团体保单 ${policyNo} 项下被保险人的保险证明，保险责任以团体保单及保险条款为准。`
      : `本凭证为保单 ${policyNo} 项下被保险人的保险证明，保险责任以保单及保险条款为准。`,
  claimHint: '出险后请及时报案：在线“理赔”或拨打客服热线。扫描右上角二维码可查询保单真伪与状态。',
};

const pl: PolicyDocumentTexts = {
  person: PERSON_TEXTS.pl,
  policyTitle: 'Polisa elektroniczna',
  voucherTitle: 'Certyfikat ubezpieczenia',
  qrCaption: 'Sprawdź polisę',
  translationNote:
    'To jest tłumaczenie dla wygody czytelnika. Umową ubezpieczenia jest chińska wersja polisy; w razie rozbieżności rozstrzyga tekst chiński.',
  pageLabel: (page, pages) => `Strona ${page} / ${pages}`,
  policyFile: (product, policyNo) => `${product} - polisa elektroniczna - ${policyNo}`,
  voucherFile: (product, name, voucherNo) => `${product} - certyfikat - ${name} - ${voucherNo}`,
  policyFooter: (policyNo) => `Polisa ${policyNo}`,
  voucherFooter: (voucherNo) => `Certyfikat ${voucherNo}`,
  period: (start, end) => `od ${start} 00:00 do ${end} 24:00 (czas pekiński)`,
  status: { pending: 'Oczekuje na rozpoczęcie', active: 'Aktywna', expired: 'Wygasła', surrendered: 'Wypowiedziana' },
  surrendered: (day) => `Wypowiedziana (${day}, w okresie na odstąpienie)`,
  sections: {
    policy: 'Polisa',
    voucher: 'Certyfikat',
    company: 'Ubezpieczający (firma)',
    applicant: 'Ubezpieczający',
    insured: 'Ubezpieczony',
    insuredCount: (n) => `Ubezpieczeni (${n})`,
    cover: (plan) => `Zakres ochrony (${plan})`,
    notes: 'Postanowienia szczególne i wskazówki',
    explanation: 'Objaśnienie',
  },
  labels: {
    policyNo: 'Nr polisy',
    orderNo: 'Nr zamówienia',
    product: 'Produkt',
    plan: 'Wariant',
    insurer: 'Ubezpieczyciel',
    term: 'Okres',
    period: 'Ochrona',
    insuredCount: 'Liczba osób',
    premium: 'Składka',
    issuedAt: 'Wystawiono',
    status: 'Status',
    region: 'Region sprzedaży',
    company: 'Firma',
    creditCode: 'Kod kredytowy',
    contact: 'Kontakt',
    contactMobile: 'Telefon kontaktowy',
    name: 'Imię i nazwisko',
    idDocument: 'Dokument',
    mobile: 'Telefon',
    email: 'E-mail',
    relation: 'Relacja',
    sexAge: 'Płeć / wiek',
    voucherNo: 'Nr certyfikatu',
    beneficiary: 'Uposażony',
    sex: 'Płeć',
    age: 'Wiek',
    occupationClass: 'Klasa zawodowa',
    applicant: 'Ubezpieczający',
  },
  columns: {
    index: 'Lp.',
    name: 'Imię i nazwisko',
    idNumber: 'Nr dokumentu',
    sex: 'Płeć',
    age: 'Wiek',
    occupationClass: 'Klasa',
    voucherNo: 'Nr certyfikatu',
    coverage: 'Ryzyko',
    sumInsured: 'Suma ubezpieczenia',
    description: 'Opis',
  },
  persons: (n) => `${n} os.`,
  premiumRmb: (amount) => `${amount} (CNY)`,
  legalBeneficiary: 'Ustawowy',
  sexAge: (sex, age) => `${sex} / ${age} lat`,
  age: (n) => `${n} lat`,
  occupationClass: (n) => `klasa ${n}`,
  notes: {
    coolingOff: (days, until) =>
      `1. Okres na odstąpienie od umowy: ${days} dni, do ${until}. W tym czasie możesz wypowiedzieć polisę w „Wyszukiwaniu polis”; składka zostanie zwrócona w całości tą samą drogą.`,
    noCoolingOff: '1. Ten produkt nie ma okresu na odstąpienie od umowy.',
    waiting: (days) =>
      `2. Okres karencji: ${days} dni. Choroby, które wystąpią w ciągu ${days} dni od rozpoczęcia ochrony, nie są objęte ochroną; nieszczęśliwe wypadki są objęte od początku.`,
    noWaiting: '2. Ten produkt nie ma okresu karencji.',
    equal:
      '3. Polisa elektroniczna ma taką samą moc prawną jak papierowa. Zakres i wyłączenia odpowiedzialności określają warunki ubezpieczenia.',
    claim:
      '4. Szkodę zgłoś niezwłocznie: online w „Zgłoszeniu szkody” lub przez infolinię. Kod QR w prawym górnym rogu pozwala sprawdzić autentyczność i status polisy.',
  },
  voucherExplanation: (team, policyNo) =>
    team
      ? `Ten certyfikat potwierdza ochronę ubezpieczonego w ramach polisy grupowej ${policyNo}; zakres ochrony określają polisa grupowa i warunki ubezpieczenia.`
      : `Ten certyfikat potwierdza ochronę ubezpieczonego w ramach polisy ${policyNo}; zakres ochrony określają polisa i warunki ubezpieczenia.`,
  claimHint:
    'Szkodę zgłoś niezwłocznie: online w „Zgłoszeniu szkody” lub przez infolinię. Kod QR w prawym górnym rogu pozwala sprawdzić autentyczność i status polisy.',
};

export const POLICY_DOCUMENT_TEXTS: Record<Language, PolicyDocumentTexts> = { 'zh-cn': zh, pl };
