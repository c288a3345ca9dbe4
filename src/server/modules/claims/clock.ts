import { addDays, beijingDay, daysBetween } from '#shared/beijing-time.ts';
import {
  CLAIM_DECISION_DAYS,
  CLAIM_PAYMENT_DAYS,
  clockUrgency,
  type ClaimClock,
  type ClaimStatus,
} from '#shared/claims.ts';
import type { ClaimRow } from './repository.ts';

/**
 * The statutory clock of a claim (Insurance Law art. 23, docs/domain.md#claim-deadlines): the
 * decision is due 30 Beijing calendar days after the materials are complete (the claim became
 * 审核中; time spent in 补充材料 is added), the payment 10 days after the agreement (已结案). The
 * day it starts is day 0; a deadline ends at 24:00 of its due date.
 */

type ClockColumns = Pick<ClaimRow, 'materialsCompleteAt' | 'decisionDueOn' | 'decidedAt' | 'paymentDueOn'>;

/** Due date `days` Beijing calendar days after the day of `at`. */
export const dueAfter = (at: Date, days: number): string => addDays(beijingDay(at), days);

/** The claim as it was before the step. */
type Before = Pick<ClaimRow, 'status' | 'decisionDueOn' | 'supplementSince'>;

/**
 * What a step to `to` at `at` writes into the clock columns (nothing for other steps). The first
 * 审核中 starts the 30 days; back from 补充材料, the days the member took to supplement are added to
 * the due date (the period is paused, not restarted: SPC Insurance Law Interpretation II art. 15).
 */
export function clockOnStep(to: ClaimStatus, at: Date, before?: Before): Partial<ClockColumns> {
  if (to === 'reviewing') {
    if (before?.status === 'supplement' && before.decisionDueOn && before.supplementSince) {
      const paused = Math.max(0, daysBetween(beijingDay(before.supplementSince), beijingDay(at)));
      return { materialsCompleteAt: at, decisionDueOn: addDays(before.decisionDueOn, paused) };
    }
    return { materialsCompleteAt: at, decisionDueOn: dueAfter(at, CLAIM_DECISION_DAYS) };
  }
  if (to === 'closed') return { decidedAt: at, paymentDueOn: dueAfter(at, CLAIM_PAYMENT_DAYS) };
  if (to === 'rejected') return { decidedAt: at };
  return {};
}

/** The deadline that applies in `status`: the decision while 审核中, the payment once agreed and not yet paid. */
export function runningDue(
  status: ClaimStatus,
  c: ClockColumns,
): { kind: 'decision' | 'payment'; dueOn: string } | null {
  if (status === 'reviewing' && c.decisionDueOn) return { kind: 'decision', dueOn: c.decisionDueOn };
  if (status === 'closed' && c.paymentDueOn) return { kind: 'payment', dueOn: c.paymentDueOn };
  return null;
}

export function claimClock(claim: ClockColumns & Pick<ClaimRow, 'status' | 'paidAt'>, now: Date): ClaimClock {
  const due = runningDue(claim.status, claim);
  const daysLeft = due ? daysBetween(beijingDay(now), due.dueOn) : 0;
  return {
    materialsCompleteOn: claim.materialsCompleteAt ? beijingDay(claim.materialsCompleteAt) : null,
    decisionDueOn: claim.decisionDueOn,
    decidedOn: claim.decidedAt ? beijingDay(claim.decidedAt) : null,
    paymentDueOn: claim.paymentDueOn,
    paidOn: claim.paidAt ? beijingDay(claim.paidAt) : null,
    running: due ? { ...due, daysLeft, urgency: clockUrgency(daysLeft) } : null,
  };
}
