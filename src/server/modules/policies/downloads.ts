import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '#shared/constants.ts';
import { AppError } from '../../lib/app-error.ts';
import { sendPdf } from '../../pdf/send.ts';
import { ownPolicy } from './policies.ts';
import { policyPdf, voucherPdf } from './pdf/documents.ts';
import { purchaseRecordPdf, type SignInConsent, type TrailEventRow, type VersionInfo } from './pdf/purchase-record.ts';
import { RECORD_TEXTS } from './pdf/purchase-record-texts.ts';
import { POLICY_DOCUMENT_TEXTS } from './pdf/policy-document-texts.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { localeOf } from '../catalogue/localize.ts';
import type { ProductLocale } from '#shared/catalogue.ts';
import { applicantOf, findOwnVoucher, insuredOf, memberConsent, orderTrail, versionsById } from './repository.ts';

/**
 * The PDF downloads: built on request (never stored), for the policy's owner only: the e-policy, a
 * voucher, and the purchase record (投保过程记录, docs/decisions/purchase-record.md), all in the reader's
 * language (`Accept-Language`).
 */

/** The translation of the version sold, for a reader of `language` (none for Chinese). */
async function soldLocale(
  app: FastifyInstance,
  versionId: number,
  language: Language,
): Promise<ProductLocale | undefined> {
  if (language === 'zh-cn') return undefined;
  const [version] = await versionsById(app.db, [versionId]);
  return localeOf(version?.content.locales, language);
}

/** Where the QR code leads: the H5's policy query on PUBLIC_URL, or on the origin the request came to. */
export function policyQueryUrl(app: FastifyInstance, request: FastifyRequest, policyNo: string): string {
  const origin = (app.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
  return `${origin}/#/policy/index?policyNo=${encodeURIComponent(policyNo)}`;
}

export async function downloadPolicy(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  memberId: number,
  policyId: number,
) {
  const language = requestLanguage(request, reply);
  const found = await ownPolicy(app, memberId, policyId);
  const [applicant, insured, locale] = await Promise.all([
    applicantOf(app.db, found.order.id),
    insuredOf(app.db, policyId),
    soldLocale(app, found.order.versionId, language),
  ]);
  const { policy } = found;
  const pdf = await policyPdf({
    ...found,
    applicant,
    insured,
    language,
    locale,
    queryUrl: policyQueryUrl(app, request, policy.policyNo),
    now: new Date(),
  });
  return sendPdf(
    reply,
    POLICY_DOCUMENT_TEXTS[language].policyFile(locale?.name || policy.productName, policy.policyNo),
    policy.policyNo,
    pdf,
  );
}

export async function downloadVoucher(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  memberId: number,
  voucherId: number,
) {
  const found = await findOwnVoucher(app.db, memberId, voucherId);
  if (!found) throw new AppError('A0404', 'policies.voucherNotFound');
  const language = requestLanguage(request, reply);
  const [applicant, locale] = await Promise.all([
    applicantOf(app.db, found.order.id),
    soldLocale(app, found.order.versionId, language),
  ]);
  const pdf = await voucherPdf({
    ...found,
    applicant,
    language,
    locale,
    queryUrl: policyQueryUrl(app, request, found.policy.policyNo),
    now: new Date(),
  });
  const { policy, insured } = found;
  return sendPdf(
    reply,
    POLICY_DOCUMENT_TEXTS[language].voucherFile(
      locale?.name || policy.productName,
      insured.person.name,
      insured.voucherNo,
    ),
    insured.voucherNo,
    pdf,
  );
}

/** The sign-in consent kept with the order at submission, else (older orders) the member's latest. */
function signInConsentOf(
  submit: TrailEventRow | undefined,
  latest: Awaited<ReturnType<typeof memberConsent>>,
): SignInConsent | null {
  const kept = submit?.detail.signInConsent as
    { at?: string; terms?: string | null; privacy?: string | null } | null | undefined;
  if (kept?.at)
    return { at: new Date(kept.at), terms: kept.terms ?? null, privacy: kept.privacy ?? null, latest: false };
  if (latest?.at) return { at: latest.at, terms: latest.terms, privacy: latest.privacy, latest: true };
  return null;
}

export async function downloadPurchaseRecord(
  app: FastifyInstance,
  reply: FastifyReply,
  memberId: number,
  policyId: number,
  language: Language,
) {
  const found = await ownPolicy(app, memberId, policyId);
  const { policy, order } = found;
  const [applicant, insured, events, consent] = await Promise.all([
    applicantOf(app.db, order.id),
    insuredOf(app.db, policyId),
    orderTrail(app.db, order.id),
    memberConsent(app.db, memberId),
  ]);
  const versionRows = await versionsById(app.db, [
    order.versionId,
    ...events.map((e) => e.versionId).filter((id): id is number => id !== null),
  ]);
  const versions = new Map<number, VersionInfo>(versionRows.map((v) => [v.id, v]));
  const pdf = await purchaseRecordPdf({
    ...found,
    applicant,
    insured,
    events,
    versions,
    language,
    now: new Date(),
    signInConsent: signInConsentOf(
      events.find((e) => e.type === 'submit'),
      consent,
    ),
  });
  const productName =
    (language === 'pl' ? versions.get(order.versionId)?.content.locales?.pl?.name : undefined) || policy.productName;
  return sendPdf(
    reply,
    RECORD_TEXTS[language].fileName(productName, policy.policyNo),
    `record-${policy.policyNo}`,
    pdf,
  );
}
