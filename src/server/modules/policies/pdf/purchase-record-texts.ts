import { LANGUAGES, type Language } from '#shared/constants.ts';
import type { LegalDocument } from '#shared/consent.ts';
import type { DocumentKind } from '#shared/catalogue.ts';
import { DRAFT_STEPS, type DraftStep } from '#shared/orders.ts';
import { personTexts } from '../../../lib/person-texts.ts';
import { isTextKey } from '../../../lib/texts/catalogue.ts';
import { renderPhrase, renderText, type PlainTextKey } from '../../../lib/texts/render.ts';
import type { PageLabel } from '../../../pdf/layout.ts';
import { pageLabelIn } from './policy-document-texts.ts';

/**
 * The words of the purchase record (投保过程记录) in the reader's language: keys `recordPdf.*` of the
 * text catalogue (docs/decisions/server-texts-by-key.md), gathered per language. Names of products,
 * plans, documents and health questions come from the product version (and its translation).
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

function recordTexts(language: Language): RecordTexts {
  const say = (key: PlainTextKey) => renderPhrase(language, key);
  const person = personTexts(language);
  const quote = (title: string) => renderText(language, 'recordPdf.quote', { title });
  const quoted = quote('');
  const opening = quoted.slice(0, quoted.length / 2);
  return {
    title: say('recordPdf.title'),
    subject: say('recordPdf.subject'),
    fileName: (product, policyNo) => renderText(language, 'recordPdf.fileName', { product, policyNo }),
    pageLabel: pageLabelIn(language),
    footer: (policyNo) => renderText(language, 'recordPdf.footer', { policyNo }),
    intro: say('recordPdf.intro'),
    sections: {
      policy: say('recordPdf.section.policy'),
      persons: say('recordPdf.section.persons'),
      documents: say('recordPdf.section.documents'),
      health: say('recordPdf.section.health'),
      consents: say('recordPdf.section.consents'),
      payment: say('recordPdf.section.payment'),
      timeline: say('recordPdf.section.timeline'),
      notes: say('recordPdf.section.notes'),
    },
    labels: {
      policyNo: say('recordPdf.label.policyNo'),
      orderNo: say('recordPdf.label.orderNo'),
      product: say('recordPdf.label.product'),
      plan: say('recordPdf.label.plan'),
      insurer: say('recordPdf.label.insurer'),
      productVersion: say('recordPdf.label.productVersion'),
      pageVersion: say('recordPdf.label.pageVersion'),
      generatedAt: say('recordPdf.label.generatedAt'),
      applicant: say('recordPdf.label.applicant'),
      insured: say('recordPdf.label.insured'),
      company: say('recordPdf.label.company'),
      contact: say('recordPdf.label.contact'),
      idNumber: say('recordPdf.label.idNumber'),
      mobile: say('recordPdf.label.mobile'),
      relation: say('recordPdf.label.relation'),
      submittedAt: say('recordPdf.label.submittedAt'),
      premium: say('recordPdf.label.premium'),
      payStartedAt: say('recordPdf.label.payStartedAt'),
      paidAt: say('recordPdf.label.paidAt'),
      transactionId: say('recordPdf.label.transactionId'),
      amount: say('recordPdf.label.amount'),
      payMethod: say('recordPdf.label.payMethod'),
    },
    columns: {
      document: say('recordPdf.column.document'),
      version: say('recordPdf.column.version'),
      shownIn: say('recordPdf.column.shownIn'),
      openedAt: say('recordPdf.column.openedAt'),
      confirmedAt: say('recordPdf.column.confirmedAt'),
      role: say('recordPdf.column.role'),
      name: say('recordPdf.column.name'),
      question: say('recordPdf.column.question'),
      answer: say('recordPdf.column.answer'),
      answeredAt: say('recordPdf.column.answeredAt'),
      consent: say('recordPdf.column.consent'),
      detail: say('recordPdf.column.detail'),
      at: say('recordPdf.column.at'),
      event: say('recordPdf.column.event'),
    },
    version: (version, day) => renderText(language, 'recordPdf.version', { version, day }),
    versionNo: (version) => renderText(language, 'recordPdf.versionNo', { version }),
    listSeparator: say('recordPdf.listSeparator'),
    documentTitle: (kind) => quote(renderPhrase(language, `documentKind.${kind}` as PlainTextKey)),
    quote: (title) => (title.startsWith(opening) ? title : quote(title)),
    otherVersion: (version) => renderText(language, 'recordPdf.otherVersion', { version }),
    language: (shown) => {
      const key = `recordPdf.language.${String(shown)}`;
      return isTextKey(key) ? renderPhrase(language, key as PlainTextKey) : say('recordPdf.notRecorded');
    },
    yes: say('recordPdf.yes'),
    no: say('recordPdf.no'),
    notRecorded: say('recordPdf.notRecorded'),
    wechatPay: say('recordPdf.wechatPay'),
    idType: person.idType,
    relation: person.relation,
    legal: { terms: say('recordPdf.legal.terms'), privacy: say('recordPdf.legal.privacy') },
    signInConsent: (versions) => renderText(language, 'recordPdf.signInConsent', { versions }),
    signInConsentLatest: say('recordPdf.signInConsentLatest'),
    sensitiveConsent: (granted) =>
      say(granted ? 'recordPdf.sensitiveConsent.granted' : 'recordPdf.sensitiveConsent.withdrawn'),
    noHealthNotice: say('recordPdf.noHealthNotice'),
    events: {
      page: (step, pageVersion) =>
        pageVersion
          ? renderText(language, 'recordPdf.event.pageVersion', { step, pageVersion })
          : renderText(language, 'recordPdf.event.page', { step }),
      open: (document) => renderText(language, 'recordPdf.event.open', { document }),
      confirm: (documents) => renderText(language, 'recordPdf.event.confirm', { documents }),
      health: (anyYes) => say(anyYes ? 'recordPdf.event.healthYes' : 'recordPdf.event.healthNo'),
      consent: (granted) => say(granted ? 'recordPdf.event.consentGranted' : 'recordPdf.event.consentWithdrawn'),
      submit: (orderNo, premium) => renderText(language, 'recordPdf.event.submit', { orderNo, premium }),
      payStart: (amount) => renderText(language, 'recordPdf.event.payStart', { amount }),
      paid: (transactionId, amount) => renderText(language, 'recordPdf.event.paid', { transactionId, amount }),
      cancelled: say('recordPdf.event.cancelled'),
      expired: say('recordPdf.event.expired'),
      other: (type) => type,
    },
    steps: Object.fromEntries(
      DRAFT_STEPS.map((step) => [step, renderPhrase(language, `recordPdf.step.${step}` as PlainTextKey)]),
    ) as Record<DraftStep, string>,
    notes: [say('recordPdf.note.masks'), say('recordPdf.note.language'), say('recordPdf.note.keeping')],
  };
}

export const RECORD_TEXTS = Object.fromEntries(
  LANGUAGES.map((language) => [language, recordTexts(language)]),
) as Record<Language, RecordTexts>;
