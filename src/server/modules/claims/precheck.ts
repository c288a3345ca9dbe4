import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beijingDay } from '#shared/beijing-time.ts';
import type { ProductContent } from '#shared/catalogue.ts';
import type { ClaimPrecheckResult, ClaimPrecheckSchema } from '#shared/claims.ts';
import { DEFAULT_LANGUAGE, type Language } from '#shared/constants.ts';
import type { z } from 'zod';
import { productVersions } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { localeOf, localizeContent } from '../catalogue/localize.ts';
import { policyNotFound } from '../policies/policies.ts';
import { findOwnPolicy } from '../policies/repository.ts';
import { materialsOf } from './guide.ts';
import { judgePrecheck, reasonText } from './precheck-rules.ts';
import { insuredOnPolicy } from './repository.ts';
import { problemsOf, type IssueText } from '../../lib/texts/issues.ts';

/**
 * `POST /claims/precheck` (docs/decisions/claim-pre-check.md): one of the member's own policies
 * (anyone else's answers 404 like a missing one), a person insured by it, a date not in the
 * future; then the rules of precheck-rules.ts against the policy's product version, in the reader's
 * language, with the materials the claim type needs. Reads only.
 */

type Precheck = z.output<typeof ClaimPrecheckSchema>;

async function versionContent(app: FastifyInstance, versionId: number): Promise<ProductContent> {
  const [row] = await app.db
    .select({ content: productVersions.content })
    .from(productVersions)
    .where(eq(productVersions.id, versionId));
  return row.content;
}

export async function precheckClaim(
  app: FastifyInstance,
  memberId: number,
  input: Precheck,
  language: Language = DEFAULT_LANGUAGE,
  now = new Date(),
): Promise<ClaimPrecheckResult> {
  const found = await findOwnPolicy(app.db, memberId, input.policyId);
  if (!found) throw policyNotFound();
  const issues: IssueText[] = [];
  if (!(await insuredOnPolicy(app.db, input.policyId, input.insuredId)))
    issues.push({ field: 'insuredId', message: 'claims.insuredNotOnPolicy' });
  if (input.incidentDate > beijingDay(now)) issues.push({ field: 'incidentDate', message: 'claims.incidentInFuture' });
  if (issues.length) throw new AppError('A0400', problemsOf('claims.precheckInvalid', issues), issues);

  const { policy, order } = found;
  const content = await versionContent(app, policy.versionId);
  const plan = localizeContent(content, localeOf(content.locales, language)).plans.find(
    (p) => p.code === order.planCode,
  );
  const judged = judgePrecheck({
    startDate: policy.startDate,
    endDate: policy.endDate,
    surrenderedOn: policy.surrenderedAt ? beijingDay(policy.surrenderedAt) : null,
    planName: plan?.name ?? order.planName,
    waitingDays: content.waitingDays,
    coverages: plan?.coverages ?? [],
    type: input.type,
    incidentDate: input.incidentDate,
    amountFen: input.amountFen,
    socialInsurance: input.socialInsurance,
  });
  return {
    ...judged,
    reasonText: reasonText(judged.reason, judged.params, language),
    materials: materialsOf(input.type, language),
  };
}
