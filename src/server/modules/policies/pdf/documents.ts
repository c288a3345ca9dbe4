import type { ProductLocale } from '#shared/catalogue.ts';
import type { Language } from '#shared/constants.ts';
import { maskIdNumber, maskMobile } from '#shared/identity.ts';
import { policyStatusOf } from '#shared/orders.ts';
import { beijingDay, beijingDeadline } from '#shared/beijing-time.ts';
import { coolingOffUntil } from '../../catalogue/cooling-off.ts';
import { nameSold, termLabelSold } from '../../catalogue/localize.ts';
import type { InsuredRow, PersonRow, PolicyWithOrder } from '../repository.ts';
import {
  createPdf,
  cornerQr,
  fields,
  footers,
  paragraph,
  section,
  table,
  title,
  type Pdf,
} from '../../../pdf/layout.ts';
import { formatYuan } from '#shared/money.ts';
import { POLICY_DOCUMENT_TEXTS, type PolicyDocumentTexts } from './policy-document-texts.ts';

/**
 * The e-policy (电子保险单) and the insurance voucher (保险凭证) of one insured person, as PDFs, in
 * the reader's language (docs/decisions/polish-e-policy.md): fixed words from policy-document-texts.ts,
 * names as sold from the product version's translation, falling back to Chinese per field.
 * Every ID number keeps only its first 4 and last 4 characters and every mobile 3 + 4
 * (docs/decisions/insurance-rules.md): a PDF is forwarded, printed and stored far from the member's account.
 * The QR code opens the policy query of the H5 with the policy number.
 */

interface DocumentLanguage {
  language: Language;
  /** The translation of the version sold (orders.versionId), when the reader is Polish and it has one. */
  locale: ProductLocale | undefined;
}

export interface PolicyDocumentInput extends PolicyWithOrder, DocumentLanguage {
  applicant: PersonRow | null;
  insured: InsuredRow[];
  /** `${origin}/#/policy/index?policyNo=…` */
  queryUrl: string;
  now: Date;
}

/** What was sold, named in the reader's language where the version has a translation. */
interface Sold {
  product: string;
  plan: string;
  insurer: string;
  term: string;
  coverages: { name: string; sumInsuredFen: number; description: string }[];
}

function soldNames({ policy, order }: PolicyWithOrder, locale: ProductLocale | undefined): Sold {
  const { plan, term } = order.snapshot;
  const planLocale = locale?.plans?.[order.planCode];
  const names = nameSold(
    { productName: policy.productName, planName: policy.planName, insurer: policy.insurer },
    locale,
    order.planCode,
  );
  return {
    product: names.productName,
    plan: names.planName ?? policy.planName,
    insurer: names.insurer,
    term: termLabelSold(term, locale),
    coverages: plan.coverages.map((c, i) => ({
      ...c,
      name: planLocale?.coverages?.[i]?.name || c.name,
      description: planLocale?.coverages?.[i]?.description || c.description,
    })),
  };
}

const idText = (texts: PolicyDocumentTexts, p: PersonRow) =>
  `${texts.person.idType(p.idType)} ${maskIdNumber(p.idNumber)}`;

async function qrPng(url: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

function statusText(texts: PolicyDocumentTexts, { policy }: PolicyWithOrder, now: Date): string {
  const status = policyStatusOf(policy, now.getTime());
  return status === 'surrendered' && policy.surrenderedAt
    ? texts.surrendered(beijingDay(policy.surrenderedAt))
    : texts.status[status];
}

function coverageTable(doc: Pdf, texts: PolicyDocumentTexts, sold: Sold): void {
  table(
    doc,
    [
      { header: texts.columns.coverage, width: 0.26 },
      { header: texts.columns.sumInsured, width: 0.2, align: 'right' },
      { header: texts.columns.description, width: 0.54 },
    ],
    sold.coverages.map((c) => [c.name, formatYuan(c.sumInsuredFen), c.description]),
  );
}

function holderFields(
  doc: Pdf,
  texts: PolicyDocumentTexts,
  { order }: PolicyWithOrder,
  applicant: PersonRow | null,
): void {
  if (order.team && order.holder) {
    section(doc, texts.sections.company);
    fields(doc, [
      [texts.labels.company, order.holder.company],
      [texts.labels.creditCode, order.holder.creditCode],
      [texts.labels.contact, order.holder.contact],
      [texts.labels.contactMobile, maskMobile(order.holder.contactMobile)],
    ]);
  } else if (applicant) {
    section(doc, texts.sections.applicant);
    fields(doc, [
      [texts.labels.name, applicant.name],
      [texts.labels.idDocument, idText(texts, applicant)],
      [texts.labels.mobile, maskMobile(applicant.mobile)],
      [texts.labels.email, applicant.email ?? ''],
    ]);
  }
}

function notes(doc: Pdf, texts: PolicyDocumentTexts, { order }: PolicyWithOrder, issuedAt: Date): void {
  const { coolingOffDays, waitingDays } = order.snapshot;
  const until = coolingOffUntil(issuedAt, coolingOffDays);
  const lines = [
    until ? texts.notes.coolingOff(coolingOffDays, beijingDeadline(until)) : texts.notes.noCoolingOff,
    waitingDays > 0 ? texts.notes.waiting(waitingDays) : texts.notes.noWaiting,
    texts.notes.equal,
    texts.notes.claim,
  ];
  section(doc, texts.sections.notes);
  for (const line of lines) paragraph(doc, line);
}

/** Title block; a translation says under it that the Chinese policy is the contract. */
async function heading(
  doc: Pdf,
  texts: PolicyDocumentTexts,
  heading: string,
  sold: Sold,
  queryUrl: string,
): Promise<void> {
  cornerQr(doc, await qrPng(queryUrl), texts.qrCaption);
  title(doc, heading, `${sold.insurer} · ${sold.product}`);
  if (texts.translationNote) paragraph(doc, texts.translationNote);
  doc.y = Math.max(doc.y, 140);
}

function insuredSection(doc: Pdf, texts: PolicyDocumentTexts, { order }: PolicyWithOrder, insured: InsuredRow[]): void {
  const { person } = texts;
  section(doc, texts.sections.insuredCount(insured.length));
  if (order.team) {
    table(
      doc,
      [
        { header: texts.columns.index, width: 0.07, align: 'center' },
        { header: texts.columns.name, width: 0.14 },
        { header: texts.columns.idNumber, width: 0.27 },
        { header: texts.columns.sex, width: 0.07, align: 'center' },
        { header: texts.columns.age, width: 0.07, align: 'center' },
        { header: texts.columns.occupationClass, width: 0.1, align: 'center' },
        { header: texts.columns.voucherNo, width: 0.28 },
      ],
      insured.map((r, i) => [
        String(i + 1),
        r.person.name,
        maskIdNumber(r.person.idNumber),
        person.sex(r.person.sex),
        String(r.person.age),
        r.person.occupationClass ? texts.occupationClass(r.person.occupationClass) : '',
        r.voucherNo,
      ]),
    );
    return;
  }
  for (const r of insured) {
    fields(doc, [
      [texts.labels.name, r.person.name],
      [texts.labels.idDocument, idText(texts, r.person)],
      [texts.labels.relation, person.relation(r.person.relation)],
      [texts.labels.sexAge, texts.sexAge(person.sex(r.person.sex), r.person.age)],
      [texts.labels.voucherNo, r.voucherNo],
      [texts.labels.beneficiary, texts.legalBeneficiary],
    ]);
  }
}

export async function policyPdf(input: PolicyDocumentInput): Promise<Buffer> {
  const { policy, order, applicant, insured, now } = input;
  const texts = POLICY_DOCUMENT_TEXTS[input.language];
  const sold = soldNames(input, input.locale);
  const { doc, finish } = await createPdf({
    title: `${sold.product} ${texts.policyTitle} ${policy.policyNo}`,
    author: sold.insurer,
    subject: texts.policyTitle,
  });
  await heading(doc, texts, texts.policyTitle, sold, input.queryUrl);

  section(doc, texts.sections.policy);
  fields(doc, [
    [texts.labels.policyNo, policy.policyNo],
    [texts.labels.orderNo, order.orderNo],
    [texts.labels.product, sold.product],
    [texts.labels.plan, sold.plan],
    [texts.labels.insurer, sold.insurer],
    [texts.labels.term, sold.term],
    [texts.labels.period, texts.period(policy.startDate, policy.endDate)],
    [texts.labels.insuredCount, texts.persons(policy.insuredCount)],
    [texts.labels.premium, texts.premiumRmb(formatYuan(policy.premiumFen))],
    [texts.labels.issuedAt, beijingDay(policy.issuedAt)],
    [texts.labels.status, statusText(texts, input, now)],
    ...(order.snapshot.region ? [[texts.labels.region, order.snapshot.region] as [string, string]] : []),
  ]);

  holderFields(doc, texts, input, applicant);
  insuredSection(doc, texts, input, insured);

  section(doc, texts.sections.cover(sold.plan));
  coverageTable(doc, texts, sold);
  notes(doc, texts, input, policy.issuedAt);
  footers(doc, texts.policyFooter(policy.policyNo), texts.pageLabel);
  return finish();
}

export interface VoucherDocumentInput extends PolicyWithOrder, DocumentLanguage {
  applicant: PersonRow | null;
  insured: InsuredRow;
  queryUrl: string;
  now: Date;
}

/** 保险凭证: the proof of cover of one insured person (team policies give one to each employee). */
export async function voucherPdf(input: VoucherDocumentInput): Promise<Buffer> {
  const { policy, order, insured, now } = input;
  const texts = POLICY_DOCUMENT_TEXTS[input.language];
  const sold = soldNames(input, input.locale);
  const { doc, finish } = await createPdf({
    title: `${sold.product} ${texts.voucherTitle} ${insured.voucherNo}`,
    author: sold.insurer,
    subject: texts.voucherTitle,
  });
  await heading(doc, texts, texts.voucherTitle, sold, input.queryUrl);

  section(doc, texts.sections.voucher);
  fields(doc, [
    [texts.labels.voucherNo, insured.voucherNo],
    [texts.labels.policyNo, policy.policyNo],
    [texts.labels.product, sold.product],
    [texts.labels.plan, sold.plan],
    [texts.labels.insurer, sold.insurer],
    [texts.labels.period, texts.period(policy.startDate, policy.endDate)],
    [
      order.team ? texts.sections.company : texts.labels.applicant,
      (order.team ? order.holder?.company : input.applicant?.name) ?? '',
    ],
    [texts.labels.status, statusText(texts, input, now)],
  ]);

  section(doc, texts.sections.insured);
  const p = insured.person;
  fields(doc, [
    [texts.labels.name, p.name],
    [texts.labels.idDocument, idText(texts, p)],
    [texts.labels.sex, texts.person.sex(p.sex)],
    [texts.labels.age, texts.age(p.age)],
    ...(p.occupationClass
      ? [[texts.labels.occupationClass, texts.occupationClass(p.occupationClass)] as [string, string]]
      : []),
    ...(p.premiumFen !== null ? [[texts.labels.premium, formatYuan(p.premiumFen)] as [string, string]] : []),
  ]);

  section(doc, texts.sections.cover(sold.plan));
  coverageTable(doc, texts, sold);
  section(doc, texts.sections.explanation);
  paragraph(doc, texts.voucherExplanation(order.team, policy.policyNo));
  paragraph(doc, texts.claimHint);
  footers(doc, texts.voucherFooter(insured.voucherNo), texts.pageLabel);
  return finish();
}
