import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared/constants.ts';
import { POLICY_STATUSES, type PolicyStatus } from '#shared/orders.ts';
import type { PageLabel } from '../../../pdf/layout.ts';
import { personTexts, type PersonTexts } from '../../../lib/person-texts.ts';
import { renderPhrase, renderText, type PlainTextKey } from '../../../lib/texts/render.ts';

/**
 * The fixed words of the e-policy (电子保险单) and the insurance voucher (保险凭证) in the reader's
 * language: keys `policyPdf.*` of the text catalogue (docs/decisions/server-texts-by-key.md), gathered
 * per language. Product, plan, coverage and term names come from the product version (and its
 * translation). A document in another language than Chinese says once that it is a translation and
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

/** The page foot's "page n of N" of every document, in `language`. */
export const pageLabelIn =
  (language: Language): PageLabel =>
  (page, pages) =>
    renderText(language, 'pdf.pageLabel', { page, pages });

function documentTexts(language: Language): PolicyDocumentTexts {
  const say = (key: PlainTextKey) => renderPhrase(language, key);
  const status = Object.fromEntries(
    POLICY_STATUSES.map((s) => [s, renderPhrase(language, `policyPdf.status.${s}` as PlainTextKey)]),
  ) as Record<PolicyStatus, string>;
  return {
    person: personTexts(language),
    policyTitle: say('policyPdf.policyTitle'),
    voucherTitle: say('policyPdf.voucherTitle'),
    qrCaption: say('policyPdf.qrCaption'),
    translationNote: language === DEFAULT_LANGUAGE ? null : say('policyPdf.translationNote'),
    pageLabel: pageLabelIn(language),
    policyFile: (product, policyNo) => renderText(language, 'policyPdf.policyFile', { product, policyNo }),
    voucherFile: (product, name, voucherNo) =>
      renderText(language, 'policyPdf.voucherFile', { product, name, voucherNo }),
    policyFooter: (policyNo) => renderText(language, 'policyPdf.policyFooter', { policyNo }),
    voucherFooter: (voucherNo) => renderText(language, 'policyPdf.voucherFooter', { voucherNo }),
    period: (start, end) => renderText(language, 'policyPdf.period', { start, end }),
    status,
    surrendered: (day) => renderText(language, 'policyPdf.surrendered', { day }),
    sections: {
      policy: say('policyPdf.section.policy'),
      voucher: say('policyPdf.section.voucher'),
      company: say('policyPdf.section.company'),
      applicant: say('policyPdf.section.applicant'),
      insured: say('policyPdf.section.insured'),
      insuredCount: (count) => renderText(language, 'policyPdf.section.insuredCount', { count }),
      cover: (plan) => renderText(language, 'policyPdf.section.cover', { plan }),
      notes: say('policyPdf.section.notes'),
      explanation: say('policyPdf.section.explanation'),
    },
    labels: {
      policyNo: say('policyPdf.label.policyNo'),
      orderNo: say('policyPdf.label.orderNo'),
      product: say('policyPdf.label.product'),
      plan: say('policyPdf.label.plan'),
      insurer: say('policyPdf.label.insurer'),
      term: say('policyPdf.label.term'),
      period: say('policyPdf.label.period'),
      insuredCount: say('policyPdf.label.insuredCount'),
      premium: say('policyPdf.label.premium'),
      issuedAt: say('policyPdf.label.issuedAt'),
      status: say('policyPdf.label.status'),
      region: say('policyPdf.label.region'),
      company: say('policyPdf.label.company'),
      creditCode: say('policyPdf.label.creditCode'),
      contact: say('policyPdf.label.contact'),
      contactMobile: say('policyPdf.label.contactMobile'),
      name: say('policyPdf.label.name'),
      idDocument: say('policyPdf.label.idDocument'),
      mobile: say('policyPdf.label.mobile'),
      email: say('policyPdf.label.email'),
      relation: say('policyPdf.label.relation'),
      sexAge: say('policyPdf.label.sexAge'),
      voucherNo: say('policyPdf.label.voucherNo'),
      beneficiary: say('policyPdf.label.beneficiary'),
      sex: say('policyPdf.label.sex'),
      age: say('policyPdf.label.age'),
      occupationClass: say('policyPdf.label.occupationClass'),
      applicant: say('policyPdf.label.applicant'),
    },
    columns: {
      index: say('policyPdf.column.index'),
      name: say('policyPdf.column.name'),
      idNumber: say('policyPdf.column.idNumber'),
      sex: say('policyPdf.column.sex'),
      age: say('policyPdf.column.age'),
      occupationClass: say('policyPdf.column.occupationClass'),
      voucherNo: say('policyPdf.column.voucherNo'),
      coverage: say('policyPdf.column.coverage'),
      sumInsured: say('policyPdf.column.sumInsured'),
      description: say('policyPdf.column.description'),
    },
    persons: (count) => renderText(language, 'policyPdf.persons', { count }),
    premiumRmb: (amount) => renderText(language, 'policyPdf.premiumRmb', { amount }),
    legalBeneficiary: say('policyPdf.legalBeneficiary'),
    sexAge: (sex, age) => renderText(language, 'policyPdf.sexAge', { sex, age }),
    age: (age) => renderText(language, 'policyPdf.age', { age }),
    occupationClass: (level) => renderText(language, 'policyPdf.occupationClass', { level }),
    notes: {
      coolingOff: (days, until) => renderText(language, 'policyPdf.note.coolingOff', { days, until }),
      noCoolingOff: say('policyPdf.note.noCoolingOff'),
      waiting: (days) => renderText(language, 'policyPdf.note.waiting', { days }),
      noWaiting: say('policyPdf.note.noWaiting'),
      equal: say('policyPdf.note.equal'),
      claim: say('policyPdf.note.claim'),
    },
    voucherExplanation: (team, policyNo) =>
      renderText(language, team ? 'policyPdf.voucherExplanation.team' : 'policyPdf.voucherExplanation.single', {
        policyNo,
      }),
    claimHint: say('policyPdf.claimHint'),
  };
}

export const POLICY_DOCUMENT_TEXTS = Object.fromEntries(
  LANGUAGES.map((language) => [language, documentTexts(language)]),
) as Record<Language, PolicyDocumentTexts>;
