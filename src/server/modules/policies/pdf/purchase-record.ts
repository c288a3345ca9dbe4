import type { DocumentKind, ProductContent, ProductLocale } from '#shared/catalogue.ts';
import type { Language } from '#shared/constants.ts';
import { LEGAL_DOCUMENTS } from '#shared/consent.ts';
import { beijingDay, formatBeijing } from '#shared/beijing-time.ts';
import { maskIdNumber, maskMobile } from '#shared/identity.ts';
import { formatYuan } from '#shared/money.ts';
import type { DraftStep } from '#shared/orders.ts';
import { createPdf, fields, footers, paragraph, section, table, title, type Pdf } from '../../../pdf/layout.ts';
import type { InsuredRow, PersonRow, PolicyWithOrder } from '../repository.ts';
import { RECORD_TEXTS, type RecordTexts } from './purchase-record-texts.ts';

/**
 * 投保过程记录: the purchase trail of one policy as the owner may keep it (docs/decisions/purchase-record.md),
 * in Chinese or Polish. Everything shown comes from rows written at the time (purchase_events, the
 * order and its persons, the product version); ID numbers and mobiles are masked as on the e-policy.
 */

export interface TrailEventRow {
  type: string;
  versionId: number | null;
  document: string | null;
  detail: Record<string, unknown>;
  createdAt: Date;
}

export interface VersionInfo {
  version: number;
  publishedAt: Date;
  content: ProductContent;
}

export interface SignInConsent {
  at: Date;
  terms: string | null;
  privacy: string | null;
  /** True when taken from the member's row today (orders submitted before the snapshot was kept). */
  latest: boolean;
}

export interface PurchaseRecordInput extends PolicyWithOrder {
  applicant: PersonRow | null;
  insured: InsuredRow[];
  events: TrailEventRow[];
  versions: Map<number, VersionInfo>;
  signInConsent: SignInConsent | null;
  language: Language;
  now: Date;
}

/** Seconds count here: the order of opening and confirming is the point of the record. */
const at = (moment: Date | string | null | undefined) => formatBeijing(moment, 'YYYY-MM-DD HH:mm:ss');
const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** Names as sold, in the reader's language where the version has a translation. */
interface Naming {
  texts: RecordTexts;
  locale: ProductLocale | undefined;
  content: ProductContent | undefined;
}

function documentName({ texts, locale, content }: Naming, kind: string): string {
  const own = locale?.documents?.[kind]?.title ?? content?.documents.find((d) => d.kind === kind)?.title;
  return own ? texts.quote(own) : texts.documentTitle(kind as DocumentKind);
}

function versionText(texts: RecordTexts, versions: Map<number, VersionInfo>, versionId: number | null): string {
  const v = versionId === null ? undefined : versions.get(versionId);
  return v ? texts.version(v.version, beijingDay(v.publishedAt)) : texts.notRecorded;
}

function policySection(doc: Pdf, input: PurchaseRecordInput, names: Naming): void {
  const { texts, locale } = names;
  const { policy, order, versions, events } = input;
  const submit = events.find((e) => e.type === 'submit');
  const pageVersion =
    str(submit?.detail.pageVersion) || str([...events].reverse().find((e) => e.type === 'page')?.detail.pageVersion);
  section(doc, texts.sections.policy);
  fields(
    doc,
    [
      [texts.labels.policyNo, policy.policyNo],
      [texts.labels.orderNo, order.orderNo],
      [texts.labels.product, locale?.name || policy.productName],
      [texts.labels.plan, locale?.plans?.[order.planCode]?.name || policy.planName],
      [texts.labels.insurer, locale?.insurer || policy.insurer],
      [texts.labels.productVersion, versionText(texts, versions, order.versionId)],
      [texts.labels.pageVersion, pageVersion || texts.notRecorded],
      [texts.labels.generatedAt, at(input.now)],
    ],
    2,
    undefined,
    { labelWidth: 80 },
  );
}

function personRow(texts: RecordTexts, role: string, p: PersonRow): string[] {
  return [
    role,
    p.name,
    `${texts.idType(p.idType)} ${maskIdNumber(p.idNumber)}`,
    p.mobile ? maskMobile(p.mobile) : '',
    texts.relation(p.relation),
  ];
}

function personsSection(doc: Pdf, input: PurchaseRecordInput, texts: RecordTexts): void {
  const { order, applicant, insured } = input;
  section(doc, texts.sections.persons);
  if (order.team && order.holder) {
    fields(
      doc,
      [
        [texts.labels.company, order.holder.company],
        [texts.labels.contact, `${order.holder.contact} ${maskMobile(order.holder.contactMobile)}`],
      ],
      2,
      undefined,
      { labelWidth: 80 },
    );
  }
  table(
    doc,
    [
      { header: texts.columns.role, width: 0.16 },
      { header: texts.columns.name, width: 0.16 },
      { header: texts.labels.idNumber, width: 0.38 },
      { header: texts.labels.mobile, width: 0.15 },
      { header: texts.labels.relation, width: 0.15 },
    ],
    [
      ...(applicant && !order.team ? [personRow(texts, texts.labels.applicant, applicant)] : []),
      ...insured.map(({ person }) => personRow(texts, texts.labels.insured, person)),
    ],
  );
}

/** Per document of the version bought: when it was first opened and when confirmed after that. */
function documentsSection(doc: Pdf, input: PurchaseRecordInput, names: Naming): void {
  const { texts } = names;
  const { events, versions, order } = input;
  const current = events.filter((e) => e.versionId === order.versionId);
  const kinds = [...new Set(current.filter((e) => e.type === 'open' && e.document).map((e) => e.document!))];
  section(doc, texts.sections.documents);
  table(
    doc,
    [
      { header: texts.columns.document, width: 0.34 },
      { header: texts.columns.version, width: 0.1 },
      { header: texts.columns.shownIn, width: 0.14 },
      { header: texts.columns.openedAt, width: 0.21 },
      { header: texts.columns.confirmedAt, width: 0.21 },
    ],
    kinds.map((kind) => {
      const opened = current.find((e) => e.type === 'open' && e.document === kind)!;
      const confirmed = current.find(
        (e) =>
          e.type === 'confirm' &&
          e.createdAt >= opened.createdAt &&
          Array.isArray(e.detail.documents) &&
          (e.detail.documents as unknown[]).includes(kind),
      );
      const version = opened.versionId === null ? undefined : versions.get(opened.versionId);
      return [
        documentName(names, kind),
        version ? texts.versionNo(version.version) : texts.notRecorded,
        texts.language(opened.detail.language),
        at(opened.createdAt),
        confirmed ? at(confirmed.createdAt) : '—',
      ];
    }),
  );
}

/** The last health answers given for the version bought (the ones submission was checked against). */
function healthSection(doc: Pdf, input: PurchaseRecordInput, names: Naming): void {
  const { texts, locale, content } = names;
  section(doc, texts.sections.health);
  const questions = content?.documents.find((d) => d.kind === 'health')?.questions ?? [];
  const answered = [...input.events]
    .reverse()
    .find((e) => e.type === 'health' && e.versionId === input.order.versionId);
  if (!questions.length || !answered) {
    paragraph(doc, questions.length ? texts.notRecorded : texts.noHealthNotice);
    return;
  }
  const answers = (answered.detail.answers ?? {}) as Record<string, unknown>;
  table(
    doc,
    [
      { header: texts.columns.question, width: 0.62 },
      { header: texts.columns.answer, width: 0.13, align: 'center' },
      { header: texts.columns.answeredAt, width: 0.25 },
    ],
    questions.map((q) => [
      locale?.documents?.health?.questions?.[q.id] || q.text,
      answers[q.id] === true ? texts.yes : answers[q.id] === false ? texts.no : texts.notRecorded,
      at(answered.createdAt),
    ]),
  );
}

function consentsSection(doc: Pdf, input: PurchaseRecordInput, texts: RecordTexts): void {
  section(doc, texts.sections.consents);
  const rows: string[][] = [];
  const sign = input.signInConsent;
  if (sign) {
    const versions = LEGAL_DOCUMENTS.map(
      (d) => `${texts.legal[d]} ${(d === 'terms' ? sign.terms : sign.privacy) ?? texts.notRecorded}`,
    ).join(texts.listSeparator);
    rows.push([texts.signInConsent(versions) + (sign.latest ? texts.signInConsentLatest : ''), at(sign.at)]);
  }
  for (const e of input.events.filter((x) => x.type === 'consent'))
    rows.push([texts.sensitiveConsent(e.detail.granted === true), at(e.createdAt)]);
  table(
    doc,
    [
      { header: texts.columns.consent, width: 0.72 },
      { header: texts.columns.at, width: 0.28 },
    ],
    rows,
  );
}

function paymentSection(doc: Pdf, input: PurchaseRecordInput, texts: RecordTexts): void {
  const { order, events } = input;
  const submit = events.find((e) => e.type === 'submit');
  const payStart = [...events].reverse().find((e) => e.type === 'pay_start');
  const paid = events.find((e) => e.type === 'paid');
  section(doc, texts.sections.payment);
  fields(
    doc,
    [
      [texts.labels.submittedAt, at(submit?.createdAt ?? order.createdAt)],
      [texts.labels.premium, formatYuan(order.premiumFen)],
      [texts.labels.payStartedAt, payStart ? at(payStart.createdAt) : ''],
      [texts.labels.payMethod, texts.wechatPay],
      [texts.labels.paidAt, at(order.paidAt)],
      [texts.labels.amount, formatYuan(num(paid?.detail.amountFen) ?? order.premiumFen)],
      [texts.labels.transactionId, order.transactionId ?? str(paid?.detail.transactionId)],
    ],
    2,
    undefined,
    { labelWidth: 80 },
  );
}

function eventText(e: TrailEventRow, input: PurchaseRecordInput, names: Naming): string {
  const { texts } = names;
  const version =
    e.versionId !== null && e.versionId !== input.order.versionId
      ? texts.otherVersion(versionText(texts, input.versions, e.versionId))
      : '';
  const d = e.detail;
  switch (e.type) {
    case 'page':
      return texts.events.page(texts.steps[d.step as DraftStep] ?? str(d.step), str(d.pageVersion) || null);
    case 'open':
      return texts.events.open(documentName(names, e.document ?? '')) + version;
    case 'confirm':
      return (
        texts.events.confirm(((d.documents ?? []) as string[]).map((k) => documentName(names, k)).join(' ')) + version
      );
    case 'health':
      return texts.events.health(d.anyYes === true) + version;
    case 'consent':
      return texts.events.consent(d.granted === true);
    case 'submit':
      return texts.events.submit(
        str(d.orderNo) || input.order.orderNo,
        formatYuan(num(d.premiumFen) ?? input.order.premiumFen),
      );
    case 'pay_start':
      return texts.events.payStart(formatYuan(num(d.amountFen) ?? input.order.premiumFen));
    case 'paid':
      return texts.events.paid(
        str(d.transactionId) || texts.notRecorded,
        formatYuan(num(d.amountFen) ?? input.order.premiumFen),
      );
    case 'cancelled':
      return texts.events.cancelled;
    case 'expired':
      return texts.events.expired;
    default:
      return texts.events.other(e.type);
  }
}

export async function purchaseRecordPdf(input: PurchaseRecordInput): Promise<Buffer> {
  const texts = RECORD_TEXTS[input.language];
  const content = input.versions.get(input.order.versionId)?.content;
  const names: Naming = { texts, content, locale: input.language === 'pl' ? content?.locales?.pl : undefined };
  const { policy } = input;
  const productName = names.locale?.name || policy.productName;
  const { doc, finish } = await createPdf({
    title: `${productName} ${texts.title} ${policy.policyNo}`,
    author: policy.insurer,
    subject: texts.subject,
  });
  title(doc, texts.title, `${names.locale?.insurer || policy.insurer} · ${productName}`);
  paragraph(doc, texts.intro);

  policySection(doc, input, names);
  personsSection(doc, input, texts);
  documentsSection(doc, input, names);
  healthSection(doc, input, names);
  consentsSection(doc, input, texts);
  paymentSection(doc, input, texts);

  section(doc, texts.sections.timeline);
  table(
    doc,
    [
      { header: texts.columns.at, width: 0.26 },
      { header: texts.columns.event, width: 0.74 },
    ],
    input.events.map((e) => [at(e.createdAt), eventText(e, input, names)]),
  );

  section(doc, texts.sections.notes);
  for (const line of texts.notes) paragraph(doc, line);
  footers(doc, texts.footer(policy.policyNo), texts.pageLabel);
  return finish();
}
