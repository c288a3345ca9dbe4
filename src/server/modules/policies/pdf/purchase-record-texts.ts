import type { Language } from '#shared/constants.ts';
import type { LegalDocument } from '#shared/consent.ts';
import { DOCUMENT_KIND_TITLES, type DocumentKind } from '#shared/catalogue.ts';
import type { DraftStep } from '#shared/orders.ts';
import { PERSON_TEXTS } from '../../../lib/person-texts.ts';
import type { PageLabel } from '../../../pdf/layout.ts';

/**
 * The words of the purchase record (投保过程记录) in the reader's language. Names of products, plans,
 * documents and health questions come from the product version (and its translation); everything
 * else the record says is here, Chinese and Polish side by side so that neither misses a line.
 */
export interface RecordTexts {
  title: string;
  subject: string;
  fileName: (product: string, policyNo: string) => string;
  pageLabel: PageLabel;
  footer: (policyNo: string) => string;
  intro: string;
  sections: {
    policy: string;
    persons: string;
    documents: string;
    health: string;
    consents: string;
    payment: string;
    timeline: string;
    notes: string;
  };
  labels: {
    policyNo: string;
    orderNo: string;
    product: string;
    plan: string;
    insurer: string;
    productVersion: string;
    pageVersion: string;
    generatedAt: string;
    applicant: string;
    insured: string;
    company: string;
    contact: string;
    idNumber: string;
    mobile: string;
    relation: string;
    submittedAt: string;
    premium: string;
    payStartedAt: string;
    paidAt: string;
    transactionId: string;
    amount: string;
    payMethod: string;
  };
  columns: {
    document: string;
    version: string;
    shownIn: string;
    openedAt: string;
    confirmedAt: string;
    role: string;
    name: string;
    question: string;
    answer: string;
    answeredAt: string;
    consent: string;
    detail: string;
    at: string;
    event: string;
  };
  version: (n: number, publishedDay: string) => string;
  versionNo: (n: number) => string;
  listSeparator: string;
  documentTitle: (kind: DocumentKind) => string;
  /** A document's own title in the language's quotation marks (titles are stored without them). */
  quote: (title: string) => string;
  /** After an event of an earlier product version than the one bought. */
  otherVersion: (version: string) => string;
  language: (language: unknown) => string;
  yes: string;
  no: string;
  notRecorded: string;
  wechatPay: string;
  idType: (type: string) => string;
  relation: (relation: string | null) => string;
  legal: Record<LegalDocument, string>;
  signInConsent: (versions: string) => string;
  signInConsentLatest: string;
  sensitiveConsent: (granted: boolean) => string;
  noHealthNotice: string;
  events: {
    page: (step: string, pageVersion: string | null) => string;
    open: (document: string) => string;
    confirm: (documents: string) => string;
    health: (anyYes: boolean) => string;
    consent: (granted: boolean) => string;
    submit: (orderNo: string, premium: string) => string;
    payStart: (amount: string) => string;
    paid: (transactionId: string, amount: string) => string;
    cancelled: string;
    expired: string;
    other: (type: string) => string;
  };
  steps: Record<DraftStep, string>;
  notes: string[];
}

const zh: RecordTexts = {
  title: '投保过程记录',
  subject: '投保过程记录',
  fileName: (product, policyNo) => `${product}-投保过程记录-${policyNo}`,
  pageLabel: (page, pages) => `第 ${page} / ${pages} 页`,
  footer: (policyNo) => `投保过程记录 · 保单号 ${policyNo}`,
  intro:
    '本记录列出您在线投保本保单的全过程：浏览的页面与文件版本、每份文件的打开与确认时间、健康告知答案、各项授权同意、投保单提交与支付。内容取自服务器在投保时保存的记录，时间均为服务器记录的北京时间（UTC+8）。',
  sections: {
    policy: '保单信息',
    persons: '投保人与被保险人',
    documents: '阅读与确认的文件',
    health: '健康告知',
    consents: '授权与同意',
    payment: '提交与支付',
    timeline: '过程明细',
    notes: '说明',
  },
  labels: {
    policyNo: '保单号',
    orderNo: '订单号',
    product: '产品名称',
    plan: '保障方案',
    insurer: '承保公司',
    productVersion: '产品版本',
    pageVersion: '页面版本',
    generatedAt: '生成时间',
    applicant: '投保人',
    insured: '被保险人',
    company: '投保单位',
    contact: '联系人',
    idNumber: '证件',
    mobile: '手机号',
    relation: '与投保人',
    submittedAt: '提交时间',
    premium: '保险费',
    payStartedAt: '发起支付',
    paidAt: '支付成功',
    transactionId: '交易单号',
    amount: '支付金额',
    payMethod: '支付方式',
  },
  columns: {
    document: '文件',
    version: '版本',
    shownIn: '阅读语言',
    openedAt: '打开时间',
    confirmedAt: '确认已阅读',
    role: '身份',
    name: '姓名',
    question: '告知问题',
    answer: '回答',
    answeredAt: '回答时间',
    consent: '授权事项',
    detail: '内容',
    at: '时间',
    event: '事项',
  },
  version: (n, day) => `第 ${n} 版（${day} 发布）`,
  versionNo: (n) => `第 ${n} 版`,
  listSeparator: '、',
  documentTitle: (kind) => `《${DOCUMENT_KIND_TITLES[kind]}》`,
  quote: (title) => (title.startsWith('《') ? title : `《${title}》`),
  otherVersion: (version) => `（${version}）`,
  language: (language) => (language === 'pl' ? '波兰语' : language === 'zh-cn' ? '中文' : '未记录'),
  yes: '是',
  no: '否',
  notRecorded: '未记录',
  wechatPay: '微信支付',
  idType: PERSON_TEXTS['zh-cn'].idType,
  relation: PERSON_TEXTS['zh-cn'].relation,
  legal: { terms: '《用户服务协议》', privacy: '《隐私政策》' },
  signInConsent: (versions) => `登录时同意 ${versions}`,
  signInConsentLatest: '（投保时未单独保存，显示账户最近一次同意）',
  sensitiveConsent: (granted) =>
    granted ? '同意保险公司为承保和理赔处理证件号码、健康状况等敏感个人信息' : '撤回对处理敏感个人信息的同意',
  noHealthNotice: '本产品无健康告知。',
  events: {
    page: (step, pageVersion) => `浏览投保页面：${step}${pageVersion ? `（页面版本 ${pageVersion}）` : ''}`,
    open: (document) => `打开${document}`,
    confirm: (documents) => `确认已阅读${documents}`,
    health: (anyYes) => (anyYes ? '提交健康告知（有“是”的回答）' : '提交健康告知（全部回答“否”）'),
    consent: (granted) => (granted ? '勾选同意处理敏感个人信息' : '取消同意处理敏感个人信息'),
    submit: (orderNo, premium) => `提交投保单，生成订单 ${orderNo}，保险费 ${premium}`,
    payStart: (amount) => `发起微信支付，金额 ${amount}`,
    paid: (transactionId, amount) => `支付成功，微信支付交易单号 ${transactionId}，金额 ${amount}`,
    cancelled: '订单已取消',
    expired: '订单已过支付期限',
    other: (type) => type,
  },
  steps: {
    plan: '选择方案',
    applicant: '填写投保人',
    insured: '填写被保险人',
    health: '健康告知',
    confirm: '确认投保',
  },
  notes: [
    '1. 证件号码仅显示前 4 位和后 4 位，手机号仅显示前 3 位和后 4 位。',
    '2. “阅读语言”为打开文件时页面所用的语言（没有该语言译文的正文以中文显示）；早于此项记录的投保显示“未记录”。',
    '3. 根据监管要求，保险公司保存投保过程记录。如对记录有疑问，请联系在线客服。',
  ],
};

const pl: RecordTexts = {
  title: 'Zapis procesu zakupu ubezpieczenia',
  subject: 'Zapis procesu zakupu',
  fileName: (product, policyNo) => `${product}-zapis-zakupu-${policyNo}`,
  pageLabel: (page, pages) => `Strona ${page} / ${pages}`,
  footer: (policyNo) => `Zapis procesu zakupu · polisa ${policyNo}`,
  intro:
    'Ten zapis pokazuje cały przebieg zakupu tej polisy online: oglądane strony i wersje dokumentów, czas otwarcia i potwierdzenia każdego dokumentu, odpowiedzi w ankiecie zdrowotnej, udzielone zgody, złożenie wniosku i płatność. Dane pochodzą z zapisów serwera z chwili zakupu; wszystkie godziny podano w czasie pekińskim (UTC+8).',
  sections: {
    policy: 'Polisa',
    persons: 'Ubezpieczający i ubezpieczeni',
    documents: 'Przeczytane i potwierdzone dokumenty',
    health: 'Ankieta zdrowotna',
    consents: 'Zgody',
    payment: 'Wniosek i płatność',
    timeline: 'Przebieg zakupu',
    notes: 'Uwagi',
  },
  labels: {
    policyNo: 'Nr polisy',
    orderNo: 'Nr zamówienia',
    product: 'Produkt',
    plan: 'Wariant',
    insurer: 'Ubezpieczyciel',
    productVersion: 'Wersja produktu',
    pageVersion: 'Wersja strony',
    generatedAt: 'Wygenerowano',
    applicant: 'Ubezpieczający',
    insured: 'Ubezpieczony',
    company: 'Firma',
    contact: 'Kontakt',
    idNumber: 'Dokument',
    mobile: 'Telefon',
    relation: 'Relacja',
    submittedAt: 'Złożono',
    premium: 'Składka',
    payStartedAt: 'Start płatności',
    paidAt: 'Opłacono',
    transactionId: 'Nr transakcji',
    amount: 'Kwota',
    payMethod: 'Metoda',
  },
  columns: {
    document: 'Dokument',
    version: 'Wersja',
    shownIn: 'Język',
    openedAt: 'Otwarto',
    confirmedAt: 'Potwierdzono',
    role: 'Rola',
    name: 'Imię i nazwisko',
    question: 'Pytanie',
    answer: 'Odpowiedź',
    answeredAt: 'Czas odpowiedzi',
    consent: 'Zgoda',
    detail: 'Treść',
    at: 'Czas',
    event: 'Zdarzenie',
  },
  version: (n, day) => `wersja ${n} (opublikowana ${day})`,
  versionNo: (n) => `wersja ${n}`,
  listSeparator: ', ',
  quote: (title) => (title.startsWith('„') ? title : `„${title}”`),
  otherVersion: (version) => ` (${version})`,
  documentTitle: (kind) =>
    `„${{ clause: 'Warunki ubezpieczenia', notice: 'Informacje przed zakupem', exclusions: 'Wyłączenia odpowiedzialności', health: 'Ankieta zdrowotna' }[kind]}”`,
  language: (language) => (language === 'pl' ? 'polski' : language === 'zh-cn' ? 'chiński' : 'nie zapisano'),
  yes: 'Tak',
  no: 'Nie',
  notRecorded: 'nie zapisano',
  wechatPay: 'WeChat Pay',
  idType: PERSON_TEXTS.pl.idType,
  relation: PERSON_TEXTS.pl.relation,
  legal: { terms: '„Regulamin usługi”', privacy: '„Polityka prywatności”' },
  signInConsent: (versions) => `Zgoda przy logowaniu: ${versions}`,
  signInConsentLatest: ' (przy zakupie nie zapisano osobno; pokazano ostatnią zgodę konta)',
  sensitiveConsent: (granted) =>
    granted
      ? 'Zgoda na przetwarzanie przez ubezpieczyciela danych wrażliwych (numer dokumentu, stan zdrowia) w celu zawarcia umowy i likwidacji szkód'
      : 'Wycofanie zgody na przetwarzanie danych wrażliwych',
  noHealthNotice: 'Ten produkt nie wymaga ankiety zdrowotnej.',
  events: {
    page: (step, pageVersion) => `Strona zakupu: ${step}${pageVersion ? ` (wersja strony ${pageVersion})` : ''}`,
    open: (document) => `Otwarto ${document}`,
    confirm: (documents) => `Potwierdzono przeczytanie: ${documents}`,
    health: (anyYes) =>
      anyYes
        ? 'Wysłano ankietę zdrowotną (co najmniej jedno „Tak”)'
        : 'Wysłano ankietę zdrowotną (wszystkie odpowiedzi „Nie”)',
    consent: (granted) =>
      granted
        ? 'Zaznaczono zgodę na przetwarzanie danych wrażliwych'
        : 'Odznaczono zgodę na przetwarzanie danych wrażliwych',
    submit: (orderNo, premium) => `Złożono wniosek, zamówienie ${orderNo}, składka ${premium}`,
    payStart: (amount) => `Rozpoczęto płatność WeChat Pay, kwota ${amount}`,
    paid: (transactionId, amount) => `Płatność przyjęta, nr transakcji WeChat Pay ${transactionId}, kwota ${amount}`,
    cancelled: 'Zamówienie anulowane',
    expired: 'Minął termin płatności',
    other: (type) => type,
  },
  steps: {
    plan: 'wybór wariantu',
    applicant: 'ubezpieczający',
    insured: 'ubezpieczeni',
    health: 'ankieta zdrowotna',
    confirm: 'potwierdzenie',
  },
  notes: [
    '1. Numery dokumentów pokazują tylko 4 pierwsze i 4 ostatnie znaki, numery telefonów 3 pierwsze i 4 ostatnie cyfry.',
    '2. „Język” to język strony w chwili otwarcia dokumentu (treść bez tłumaczenia na ten język była pokazana po chińsku); przy zakupach sprzed wprowadzenia tego zapisu widnieje „nie zapisano”.',
    '3. Zgodnie z przepisami ubezpieczyciel przechowuje zapis procesu zakupu. W razie pytań prosimy o kontakt z obsługą klienta online.',
  ],
};

export const RECORD_TEXTS: Record<Language, RecordTexts> = { 'zh-cn': zh, pl };
