import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { sendPdf } from '../../pdf/send.ts';
import { ownPolicy } from './policies.ts';
import { policyPdf, voucherPdf } from './pdf/documents.ts';
import { applicantOf, findOwnVoucher, insuredOf } from './repository.ts';

/** The PDF downloads: built on request (never stored), for the policy's owner only. */

/** Where the QR code leads: the H5's policy query on PUBLIC_URL, or on the origin the request came to. */
export function policyQueryUrl(app: FastifyInstance, request: FastifyRequest, policyNo: string): string {
  const origin = (app.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
  return `${origin}/#/policy/index?policyNo=${encodeURIComponent(policyNo)}`;
}

export async function downloadPolicy(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, memberId: number, policyId: number) {
  const found = await ownPolicy(app, memberId, policyId);
  const [applicant, insured] = await Promise.all([applicantOf(app.db, found.order.id), insuredOf(app.db, policyId)]);
  const { policy } = found;
  const pdf = await policyPdf({ ...found, applicant, insured, queryUrl: policyQueryUrl(app, request, policy.policyNo), now: new Date() });
  return sendPdf(reply, `${policy.productName}-电子保单-${policy.policyNo}`, policy.policyNo, pdf);
}

export async function downloadVoucher(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, memberId: number, voucherId: number) {
  const found = await findOwnVoucher(app.db, memberId, voucherId);
  if (!found) throw new AppError('A0404', '保险凭证不存在');
  const applicant = await applicantOf(app.db, found.order.id);
  const pdf = await voucherPdf({ ...found, applicant, queryUrl: policyQueryUrl(app, request, found.policy.policyNo), now: new Date() });
  return sendPdf(reply, `${found.policy.productName}-保险凭证-${found.insured.person.name}-${found.insured.voucherNo}`, found.insured.voucherNo, pdf);
}
