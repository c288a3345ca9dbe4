import type { Language } from '#shared/constants.ts';
import { renderPhrase } from '../../lib/texts/render.ts';
import { addDays } from '#shared/beijing-time.ts';
import type { Coverage, ProtectIcon } from '#shared/catalogue.ts';
import {
  WAITING_PERIOD_CLAIM_TYPES,
  type ClaimPrecheckResult,
  type ClaimType,
  type PrecheckReason,
  type PrecheckVerdict,
  type SocialInsuranceAnswer,
} from '#shared/claims.ts';
import { formatYuan } from '#shared/money.ts';
import { type TextKey, isTextKey } from '../../lib/texts/catalogue.ts';

/**
 * The claim pre-check's rules (docs/decisions/claim-pre-check.md), free of I/O: whether the policy
 * answers a claim of this type on this date, and an estimate from the amount. Checked in this
 * order, the first that applies decides: surrendered, not yet in force, lapsed, type not covered
 * by the plan, inside the waiting period (illness only), then the amount against deductible and limit.
 */

/**
 * Fallback of versions published before coverages named their claim types: the type follows the
 * coverage's icon. Services (救援) answer none.
 */
export const COVERAGE_ICON_CLAIM_TYPES: Record<ProtectIcon, readonly ClaimType[]> = {
  death: ['death_disability'],
  disability: ['death_disability'],
  'sudden-death': ['death_disability'],
  'accident-medical': ['accident_medical'],
  allowance: ['accident_medical'],
  hospital: ['hospital', 'accident_medical'],
  'critical-illness': ['hospital'],
  outpatient: ['accident_medical'],
  drug: ['hospital'],
  rescue: [],
  baggage: ['other'],
  delay: ['travel_delay'],
  liability: ['other'],
  legal: ['other'],
};

/** A coverage's rules with the fallbacks filled in: no deductible, 100 % either way. */
export function coverageRules(c: Coverage) {
  return {
    claimTypes: c.claimTypes ?? COVERAGE_ICON_CLAIM_TYPES[c.icon],
    deductibleFen: c.deductibleFen ?? 0,
    percentWithSocialInsurance: c.payoutPercent?.withSocialInsurance ?? 100,
    percentWithoutSocialInsurance: c.payoutPercent?.withoutSocialInsurance ?? 100,
  };
}

export interface PrecheckFacts {
  startDate: string;
  endDate: string;
  /** Beijing date of the surrender, if any. */
  surrenderedOn: string | null;
  planName: string;
  waitingDays: number;
  /** The chosen plan's coverages in the reader's language, in the plan's order. */
  coverages: Coverage[];
  type: ClaimType;
  incidentDate: string;
  amountFen?: number;
  socialInsurance: SocialInsuranceAnswer;
}

type Params = Record<string, string | number>;
export type PrecheckJudgement = Omit<ClaimPrecheckResult, 'materials' | 'reasonText'>;

/** Payout of `amountFen` at `percent` after the deductible, at most the limit (whole fen, rounded down). */
export function payoutFen(
  amountFen: number,
  rules: { deductibleFen: number; limitFen: number },
  percent: number,
): number {
  const above = Math.max(0, amountFen - rules.deductibleFen);
  return Math.min(rules.limitFen, Math.floor((above * percent) / 100));
}

function answer(
  verdict: PrecheckVerdict,
  reason: PrecheckReason,
  params: Params,
  rest: Partial<PrecheckJudgement> = {},
): PrecheckJudgement {
  return { verdict, reason, params, coverage: null, estimate: null, canReport: true, ...rest };
}

export function judgePrecheck(f: PrecheckFacts): PrecheckJudgement {
  const period = { start: f.startDate, end: f.endDate };
  if (f.surrenderedOn) return answer('not_covered', 'surrendered', { date: f.surrenderedOn }, { canReport: false });
  if (f.incidentDate < f.startDate) return answer('not_covered', 'not_in_force_yet', period, { canReport: false });
  if (f.incidentDate > f.endDate) return answer('not_covered', 'lapsed', period, { canReport: false });

  const found = f.coverages.find((c) => coverageRules(c).claimTypes.includes(f.type));
  if (!found) {
    // 其他 is whatever the list does not name: staff judge it from the materials.
    if (f.type === 'other') return answer('needs_review', 'manual_review', { plan: f.planName, type: f.type });
    return answer('not_covered', 'type_not_covered', { plan: f.planName, type: f.type });
  }
  const rules = coverageRules(found);
  const coverage = {
    name: found.name,
    limitFen: found.sumInsuredFen,
    deductibleFen: rules.deductibleFen,
    percentWithSocialInsurance: rules.percentWithSocialInsurance,
    percentWithoutSocialInsurance: rules.percentWithoutSocialInsurance,
  };
  const base = { coverage };

  const waitingEnds = addDays(f.startDate, f.waitingDays - 1);
  if (f.waitingDays > 0 && WAITING_PERIOD_CLAIM_TYPES.includes(f.type) && f.incidentDate <= waitingEnds) {
    return answer('not_covered', 'waiting_period', { days: f.waitingDays, waitingEnds, start: f.startDate }, base);
  }

  const params: Params = { coverage: found.name, limitFen: found.sumInsuredFen, deductibleFen: rules.deductibleFen };
  const estimate = f.amountFen === undefined ? null : estimateOf(f.amountFen, coverage, f.socialInsurance);
  const withEstimate = { ...base, estimate };
  if (f.type === 'other')
    return answer('needs_review', 'manual_review', { ...params, plan: f.planName, type: f.type }, withEstimate);
  if (f.type === 'death_disability') return answer('needs_review', 'assessment_required', params, withEstimate);
  if (f.amountFen !== undefined && f.amountFen <= rules.deductibleFen)
    return answer('not_covered', 'under_deductible', params, withEstimate);
  if (estimate && found.sumInsuredFen > 0 && estimate.maxFen >= found.sumInsuredFen)
    return answer('covered', 'over_limit', params, withEstimate);
  return answer('covered', 'covered', params, withEstimate);
}

type CoverageRules = NonNullable<PrecheckJudgement['coverage']>;

/** With social insurance unknown, the range runs between the two ratios. */
function estimateOf(amountFen: number, c: CoverageRules, social: SocialInsuranceAnswer) {
  const withSocial = payoutFen(amountFen, c, c.percentWithSocialInsurance);
  const without = payoutFen(amountFen, c, c.percentWithoutSocialInsurance);
  if (social === 'yes') return { minFen: withSocial, maxFen: withSocial };
  if (social === 'no') return { minFen: without, maxFen: without };
  return { minFen: Math.min(withSocial, without), maxFen: Math.max(withSocial, without) };
}

/**
 * The reason as a sentence in the reader's language, from the same keys the H5 writes it with
 * (src/shared/texts): amounts as ¥, the claim type by name.
 */
export function reasonText(reason: PrecheckReason, p: Params, language: Language): string {
  const yuan = (key: string) => formatYuan(Number(p[key] ?? 0));
  return renderPhrase(language, {
    key: `claim.precheck.reason.${reason}`,
    values: {
      ...p,
      limit: yuan('limitFen'),
      deductible: yuan('deductibleFen'),
      type: isTextKey(`claimType.${p.type}`) ? (`claimType.${p.type}` as TextKey) : String(p.type ?? ''),
    },
  });
}
