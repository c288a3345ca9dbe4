import { maskIdNumber } from '#shared/identity.ts';
import { ORDER_STATUS_KEYS, POLICY_STATUS_KEYS, policyStatusOf, type PolicyStatus } from '#shared/orders.ts';
import type { PolicyActions, PolicyDetail, PolicyInsured, PolicyListItem, UnpaidOrderItem } from '#shared/policies.ts';
import { beijingDeadline } from '#shared/beijing-time.ts';
import { coolingOffUntil } from '../catalogue/cooling-off.ts';
import { maskedHolder, maskedOrderPerson } from '../orders/present.ts';
import type { InsuredRow, OrderRow, PersonRow, PolicyWithOrder } from './repository.ts';
import type { Language } from '#shared/constants.ts';
import { phrase, renderPhrase, renderText, type Phrase } from '../../lib/texts/render.ts';

/**
 * Answers of the policy calls. ID numbers keep their first and last 4 characters, mobiles 3 + 4;
 * `statusText` is in the reader's language (docs/decisions/server-texts-by-key.md).
 */

export const brief = (p: PersonRow) => ({ name: p.name, idNumberMasked: maskIdNumber(p.idNumber) });

function applicantName(order: OrderRow, applicant: PersonRow | undefined): string {
  return (order.team ? order.holder?.company : applicant?.name) ?? '';
}

export function toPolicyListItem(
  { policy, order }: PolicyWithOrder,
  persons: PersonRow[],
  now: number,
  language: Language,
): PolicyListItem {
  const status = policyStatusOf(policy, now);
  return {
    kind: 'policy',
    id: policy.id,
    policyNo: policy.policyNo,
    orderId: order.id,
    productId: policy.productId,
    productName: policy.productName,
    planName: policy.planName,
    insurer: policy.insurer,
    team: order.team,
    startDate: policy.startDate,
    endDate: policy.endDate,
    effectiveAt: policy.effectiveAt.toISOString(),
    expiresAt: policy.expiresAt.toISOString(),
    premiumFen: policy.premiumFen,
    insuredCount: policy.insuredCount,
    insured: persons.filter((p) => p.role === 'insured').map(brief),
    applicantName: applicantName(
      order,
      persons.find((p) => p.role === 'applicant'),
    ),
    status,
    statusText: renderText(language, POLICY_STATUS_KEYS[status]),
    issuedAt: policy.issuedAt.toISOString(),
  };
}

export function toUnpaidOrderItem(order: OrderRow, persons: PersonRow[], language: Language): UnpaidOrderItem {
  return {
    kind: 'order',
    orderId: order.id,
    orderNo: order.orderNo,
    productId: order.productId,
    productName: order.productName,
    planName: order.planName,
    team: order.team,
    startDate: order.startDate,
    endDate: order.endDate,
    premiumFen: order.premiumFen,
    insuredCount: order.insuredCount,
    insured: persons.filter((p) => p.role === 'insured').map(brief),
    applicantName: applicantName(
      order,
      persons.find((p) => p.role === 'applicant'),
    ),
    status: 'unpaid',
    statusText: renderText(language, ORDER_STATUS_KEYS.unpaid),
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt.toISOString(),
  };
}

function toInsured(row: InsuredRow): PolicyInsured {
  return {
    ...maskedOrderPerson(row.person),
    id: row.id,
    voucherNo: row.voucherNo,
    occupationClass: row.person.occupationClass,
    premiumFen: row.person.premiumFen,
  };
}

/**
 * Whether a surrender now is the cancellation before cover starts that every product allows, the
 * cooling-off period being over or absent (docs/decisions/cancel-before-start.md).
 */
export function cancelBeforeStart({ policy, order }: PolicyWithOrder, status: PolicyStatus, now: number): boolean {
  const until = coolingOffUntil(policy.issuedAt, order.snapshot.coolingOffDays);
  return status === 'pending' && (until === null || now >= until.getTime());
}

/** Why the member may not surrender the policy online now, or null when they may. */
export function surrenderRefusal(
  { policy, order }: PolicyWithOrder,
  status: PolicyStatus,
  standingClaims: number,
  now: number,
): Phrase | null {
  const until = coolingOffUntil(policy.issuedAt, order.snapshot.coolingOffDays);
  if (status === 'surrendered') return 'policies.refusal.surrendered';
  // Before cover starts every product refunds in full (docs/decisions/cancel-before-start.md).
  if (status !== 'pending') {
    if (!until) return 'policies.refusal.noCoolingOff';
    if (now >= until.getTime()) return phrase('policies.refusal.coolingOffOver', { until: beijingDeadline(until) });
    if (status === 'expired') return 'policies.refusal.expired';
  }
  if (standingClaims > 0) return 'policies.refusal.claims';
  return null;
}

/** What the member may do with the policy now, and why not, in the reader's language. */
export function policyActions(
  found: PolicyWithOrder,
  status: PolicyStatus,
  standingClaims: number,
  now: number,
  language: Language,
): PolicyActions {
  const until = coolingOffUntil(found.policy.issuedAt, found.order.snapshot.coolingOffDays);
  const refusal = surrenderRefusal(found, status, standingClaims, now);
  let claim: Phrase | null = null;
  if (status === 'surrendered') claim = 'policies.claimRefusal.surrendered';
  else if (status === 'pending') claim = 'policies.claimRefusal.pending';
  return {
    download: true,
    surrender: {
      allowed: refusal === null,
      until: until?.toISOString() ?? null,
      beforeStart: refusal === null && cancelBeforeStart(found, status, now),
      reason: refusal && renderPhrase(language, refusal),
    },
    claim: { allowed: claim === null, reason: claim && renderPhrase(language, claim) },
  };
}

/** What the policy detail adds to the policy and its order, read beside them. */
export interface PolicyDetailParts {
  applicant: PersonRow | null;
  insured: InsuredRow[];
  standingClaims: number;
  productTypeCode: string;
  renewable: boolean;
  /** What one claim of each type may ask for (claims/claim-limits.ts). */
  claimLimitsFen: PolicyDetail['claimLimitsFen'];
}

export function toPolicyDetail(
  found: PolicyWithOrder,
  { applicant, insured, standingClaims, productTypeCode, renewable, claimLimitsFen }: PolicyDetailParts,
  now: number,
  language: Language,
): PolicyDetail {
  const { policy, order } = found;
  const { snapshot } = order;
  const item = toPolicyListItem(found, applicant ? [applicant] : [], now, language);
  const { kind: _kind, insured: _insured, ...base } = item;
  const coverages = snapshot.plan.coverages.map(({ name, sumInsuredFen, description }) => ({
    name,
    sumInsuredFen,
    description,
  }));
  return {
    ...base,
    productTypeCode,
    orderNo: order.orderNo,
    termLabel: snapshot.term.label,
    paidAt: order.paidAt?.toISOString() ?? null,
    coverages,
    totalSumInsuredFen: coverages.reduce((sum, c) => sum + c.sumInsuredFen, 0),
    claimLimitsFen,
    applicant: applicant ? maskedOrderPerson(applicant) : null,
    holder: maskedHolder(order.holder),
    insured: insured.map(toInsured),
    coolingOffDays: snapshot.coolingOffDays,
    waitingDays: snapshot.waitingDays,
    surrender: policy.surrenderedAt
      ? {
          surrenderedAt: policy.surrenderedAt.toISOString(),
          reason: policy.surrenderReason ?? '',
          refundFen: order.refundFen ?? 0,
          refundStatus: order.refundStatus,
        }
      : null,
    coolingOffKeptAt: policy.coolingOffKeptAt?.toISOString() ?? null,
    renewable: renewable && !order.team,
    actions: policyActions(found, item.status, standingClaims, now, language),
  };
}
