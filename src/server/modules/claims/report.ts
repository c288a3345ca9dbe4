import { claimLimits, planCoverages, type ClaimLimits } from './claim-limits.ts';
import type { FastifyInstance } from 'fastify';
import type { Language } from '#shared/constants.ts';
import { type ClaimDetail, type ClaimReportSchema } from '#shared/claims.ts';
import { policyStatusOf } from '#shared/orders.ts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { versionNames } from '../catalogue/repository.ts';
import { sendMessage } from '../messages/repository.ts';
import { beijingCompactDate, beijingDay } from '#shared/beijing-time.ts';
import { formatYuan } from '#shared/money.ts';
import { policyNotFound } from '../policies/policies.ts';
import { findOwnPolicy, lockOwnPolicy, type PolicyWithOrder } from '../policies/repository.ts';
import { claimDetail } from './claims.ts';
import { insertClaim, insertEvent, insuredOnPolicy, nextClaimSeq } from './repository.ts';
import { phrase } from '../../lib/texts/render.ts';
import { problemsOf, type IssueText } from '../../lib/texts/issues.ts';

/**
 * 报案: a claim on one of the member's own policies, for a person insured by it, for something
 * that happened inside the policy period and not in the future (Beijing dates), asking at most
 * the limit of the claim type's cover (claim-limits.ts). All problems are answered at once, field by field.
 */

type Report = z.output<typeof ClaimReportSchema>;

export function formatClaimNo(at: Date, sequence: number): string {
  return `C${beijingCompactDate(at)}${String(sequence % 100_000_000).padStart(8, '0')}`;
}

function reportProblems(
  { policy, order }: PolicyWithOrder,
  input: Report,
  insuredFound: boolean,
  limits: ClaimLimits,
  now: Date,
): IssueText[] {
  const issues: IssueText[] = [];
  if (policyStatusOf(policy, now.getTime()) === 'surrendered')
    issues.push({ field: 'policyId', message: 'claims.policySurrendered' });
  if (!insuredFound) issues.push({ field: 'insuredId', message: 'claims.insuredNotOnPolicy' });
  const today = beijingDay(now);
  if (input.incidentDate > today) issues.push({ field: 'incidentDate', message: 'claims.incidentInFuture' });
  else if (input.incidentDate < policy.startDate || input.incidentDate > policy.endDate) {
    issues.push({
      field: 'incidentDate',
      message: phrase('claims.incidentOutsidePeriod', { start: policy.startDate, end: policy.endDate }),
    });
  }
  const typeLimit = limits[input.type];
  const limit = typeLimit ?? order.snapshot.plan.coverages.reduce((sum, c) => sum + c.sumInsuredFen, 0);
  if (input.amountFen > limit) {
    const key = typeLimit === undefined ? 'claims.amountOverSum' : 'claims.amountOverLimit';
    issues.push({ field: 'amountFen', message: phrase(key, { amount: formatYuan(limit) }) });
  }
  return issues;
}

export async function reportClaim(
  app: FastifyInstance,
  memberId: number,
  input: Report,
  language: Language,
): Promise<ClaimDetail> {
  const found = await findOwnPolicy(app.db, memberId, input.policyId);
  if (!found) throw policyNotFound();
  const insured = await insuredOnPolicy(app.db, input.policyId, input.insuredId);
  const now = new Date();
  const coverages = await planCoverages(app.db, found.policy.versionId, found.order.planCode);
  const issues = reportProblems(found, input, insured !== null, claimLimits(coverages), now);
  if (issues.length) throw new AppError('A0400', problemsOf('claims.reportInvalid', issues), issues);

  const claimId = await app.db.transaction(async (tx) => {
    // Under the policy's lock, which a surrender also takes: no claim slips in beside a surrender.
    const locked = await lockOwnPolicy(tx, memberId, input.policyId);
    if (locked?.policy.surrenderedAt)
      throw new AppError('A0400', phrase('claims.reportInvalid', { problems: 'claims.policySurrendered' }), [
        { field: 'policyId', message: 'claims.policySurrendered' },
      ]);
    const claimNo = formatClaimNo(now, await nextClaimSeq(tx));
    const claim = await insertClaim(tx, claimNo, {
      memberId,
      policyId: input.policyId,
      policyInsuredId: input.insuredId,
      type: input.type,
      incidentDate: input.incidentDate,
      description: input.description,
      amountFen: input.amountFen,
      payeeName: input.payeeName,
      payeeBank: input.payeeBank,
      payeeAccount: input.payeeAccount,
    });
    await insertEvent(tx, {
      claimId: claim.id,
      fromStatus: null,
      status: 'reported',
      note: null,
      actorId: memberId,
      actorRole: 'member',
    });
    const { product } = await versionNames(tx, found.policy.versionId, found.policy.productName);
    await sendMessage(tx, {
      memberId,
      type: 'claim',
      template: 'claim.reported',
      params: { claimNo, product, claimType: input.type, insured: insured!.name, incidentDate: input.incidentDate },
      // The H5 opens this claim's detail (a query of the claim page, which has no route of its own).
      link: `/claim/index?claimId=${claim.id}`,
    });
    return claim.id;
  });
  return claimDetail(app, claimId, language);
}
