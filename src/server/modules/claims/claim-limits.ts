import { eq } from 'drizzle-orm';
import type { Coverage } from '#shared/catalogue.ts';
import { CLAIM_TYPES, type ClaimType } from '#shared/claim-flow.ts';
import type { Db } from '../../db/client.ts';
import { productVersions } from '../../db/schema.ts';
import { coverageRules } from './precheck-rules.ts';

/**
 * The most one claim of a type may ask for: the sum insured of the first cover of the policy's plan
 * that answers the type (as the pre-check judges it). A type no cover names (其他) has no limit of
 * its own: the plan's total holds. The report form shows the limit, the report refuses more.
 */
export type ClaimLimits = Partial<Record<ClaimType, number>>;

/** The covers of the plan sold, with their claim types, from the product version of the policy. */
export async function planCoverages(db: Db, versionId: number, planCode: string): Promise<Coverage[]> {
  const [row] = await db
    .select({ content: productVersions.content })
    .from(productVersions)
    .where(eq(productVersions.id, versionId));
  return row?.content.plans.find((p) => p.code === planCode)?.coverages ?? [];
}

export function claimLimits(coverages: readonly Coverage[]): ClaimLimits {
  const limits: ClaimLimits = {};
  for (const type of CLAIM_TYPES) {
    const found = coverages.find((c) => coverageRules(c).claimTypes.includes(type));
    if (found) limits[type] = found.sumInsuredFen;
  }
  return limits;
}
