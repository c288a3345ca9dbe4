import type { PrecheckReason, PrecheckVerdict } from '#shared/claims.ts';
import type { CompanyMemberStatus } from '#shared/company.ts';
import type { MessageKey } from './index.ts';

// The keys of the names of codes the answers also carry (`…Text`) live beside the codes in src/shared.
export { CLAIM_FILE_KIND_KEYS, CLAIM_MATERIAL_KEYS, CLAIM_STATUS_KEYS, CLAIM_TYPE_KEYS } from '#shared/claims.ts';
export { WITHDRAWAL_STATUS_KEYS } from '#shared/finance.ts';
export { ORDER_STATUS_KEYS, POLICY_STATUS_KEYS } from '#shared/orders.ts';

/**
 * Names of the codes the server sends (statuses, types, kinds; regions: region-names.ts): the H5 names them from its
 * dictionaries by the same keys the server writes its `…Text` fields with (docs/decisions/codes-named-by-the-h5.md).
 * A code this build does not know shows the server's text.
 */

export const PRECHECK_VERDICT_KEYS: Record<PrecheckVerdict, MessageKey> = {
  covered: 'claim.precheck.verdict.covered',
  not_covered: 'claim.precheck.verdict.not_covered',
  needs_review: 'claim.precheck.verdict.needs_review',
};

export const PRECHECK_REASON_KEYS: Record<PrecheckReason, MessageKey> = {
  covered: 'claim.precheck.reason.covered',
  over_limit: 'claim.precheck.reason.over_limit',
  surrendered: 'claim.precheck.reason.surrendered',
  not_in_force_yet: 'claim.precheck.reason.not_in_force_yet',
  lapsed: 'claim.precheck.reason.lapsed',
  type_not_covered: 'claim.precheck.reason.type_not_covered',
  waiting_period: 'claim.precheck.reason.waiting_period',
  under_deductible: 'claim.precheck.reason.under_deductible',
  assessment_required: 'claim.precheck.reason.assessment_required',
  manual_review: 'claim.precheck.reason.manual_review',
};

export const COMPANY_MEMBER_STATUS_KEYS: Record<CompanyMemberStatus, MessageKey> = {
  active: 'company.memberStatus.active',
  disabled: 'company.memberStatus.disabled',
  left: 'company.memberStatus.left',
};

/** The name of a code from its key table, else the server's text. */
export function codeName<C extends string>(
  t: (key: MessageKey) => string,
  keys: Record<C, MessageKey>,
  code: C,
  serverText: string,
): string {
  return Object.hasOwn(keys, code) ? t(keys[code]) : serverText;
}
