import type {
  ClaimFileKind,
  ClaimMaterial,
  ClaimStatus,
  ClaimType,
  PrecheckReason,
  PrecheckVerdict,
} from '#shared/claims.ts';
import type { CompanyMemberStatus } from '#shared/company.ts';
import type { WithdrawalStatus } from '#shared/finance.ts';
import type { OrderStatus, PolicyStatus } from '#shared/orders.ts';
import type { MessageKey } from './index.ts';

/**
 * Names of the codes the server sends (statuses, types, kinds; regions: region-names.ts): the H5 names them from its
 * dictionaries, in the reader's language, instead of showing the server's Chinese `…Text` fields
 * (docs/decisions/codes-named-by-the-h5.md). A code this build does not know shows the server's text.
 */

export const CLAIM_TYPE_KEYS: Record<ClaimType, MessageKey> = {
  accident_medical: 'claim.type.accidentMedical',
  hospital: 'claim.type.hospital',
  death_disability: 'claim.type.deathDisability',
  travel_delay: 'claim.type.travelDelay',
  other: 'claim.type.other',
};

export const CLAIM_STATUS_KEYS: Record<ClaimStatus, MessageKey> = {
  reported: 'claim.status.reported',
  reviewing: 'claim.status.reviewing',
  supplement: 'claim.status.supplement',
  closed: 'claim.status.closed',
  rejected: 'claim.status.rejected',
  paid: 'claim.status.paid',
};

export const CLAIM_FILE_KIND_KEYS: Record<ClaimFileKind, MessageKey> = {
  identity: 'claim.file.identity',
  medical: 'claim.file.medical',
  invoice: 'claim.file.invoice',
  proof: 'claim.file.proof',
  bank: 'claim.file.bank',
  other: 'claim.file.other',
};

export const CLAIM_MATERIAL_KEYS: Record<ClaimMaterial, MessageKey> = {
  form: 'claim.doc.form',
  identity: 'claim.doc.identity',
  accidentProof: 'claim.doc.accidentProof',
  medicalRecord: 'claim.doc.medicalRecord',
  invoice: 'claim.doc.invoice',
  discharge: 'claim.doc.discharge',
  diagnosis: 'claim.doc.diagnosis',
  deathProof: 'claim.doc.deathProof',
  disabilityProof: 'claim.doc.disabilityProof',
  beneficiary: 'claim.doc.beneficiary',
  ticket: 'claim.doc.ticket',
  delayProof: 'claim.doc.delayProof',
  passport: 'claim.doc.passport',
  lossProof: 'claim.doc.lossProof',
  expenseProof: 'claim.doc.expenseProof',
  bank: 'claim.doc.bank',
};

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

export const ORDER_STATUS_KEYS: Record<OrderStatus, MessageKey> = {
  unpaid: 'order.status.unpaid',
  paid: 'order.status.paid',
  cancelled: 'order.status.cancelled',
  expired: 'order.status.expired',
};

export const POLICY_STATUS_KEYS: Record<PolicyStatus, MessageKey> = {
  pending: 'policy.status.pending',
  active: 'policy.status.active',
  expired: 'policy.status.expired',
  surrendered: 'policy.status.surrendered',
};

export const WITHDRAWAL_STATUS_KEYS: Record<WithdrawalStatus, MessageKey> = {
  pending: 'withdrawal.status.pending',
  paid: 'withdrawal.status.paid',
  rejected: 'withdrawal.status.rejected',
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
