/**
 * The claim workflow's tables (理赔): statuses, who may move a claim where, which steps need a note,
 * and the desk's filters. Free of zod, so the H5 imports it without the schemas of claims.ts, which
 * re-exports it for the server.
 */

/** What a claim is for; a product version's coverages name the types they answer (catalogue.ts). */
export const CLAIM_TYPES = ['accident_medical', 'hospital', 'death_disability', 'travel_delay', 'other'] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];

/**
 * 已报案 → 审核中 → 补充材料 → 审核中 … → 已结案 | 拒赔, and 已结案 → 已赔付. The status is stored
 * (unlike a policy's): every change is a claim event with its note and actor.
 */
export const CLAIM_STATUSES = ['reported', 'reviewing', 'supplement', 'closed', 'rejected', 'paid'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Who may move a claim from one status to the next. `member` moves only through `supplement`. */
export const CLAIM_TRANSITIONS: Record<ClaimStatus, readonly ClaimStatus[]> = {
  reported: ['reviewing'],
  reviewing: ['supplement', 'closed', 'rejected'],
  supplement: ['reviewing'],
  closed: ['paid'],
  rejected: [],
  paid: [],
};

export function canTransition(from: ClaimStatus, to: ClaimStatus): boolean {
  return CLAIM_TRANSITIONS[from].includes(to);
}

/** Staff must say what is missing (补充材料) or why (拒赔); the member reads it in the message. */
export const NOTE_REQUIRED: readonly ClaimStatus[] = ['supplement', 'rejected'];

// ---------------------------------------------------------------- claims desk (role channel)

/**
 * Claims waiting for staff or the member: the desk lists them first. 已结案 waits for the payment
 * (due 10 days after the agreement), so it is still staff's work.
 */
export const CLAIM_OPEN_STATUSES: readonly ClaimStatus[] = ['reported', 'reviewing', 'supplement', 'closed'];

/** A status, or `open` for every one of CLAIM_OPEN_STATUSES. */
export const CLAIM_DESK_FILTERS = ['open', ...CLAIM_STATUSES] as const;
export type ClaimDeskFilter = (typeof CLAIM_DESK_FILTERS)[number];

// ---------------------------------------------------------------- decision clock

/**
 * Insurance Law art. 23 (docs/domain.md#claim-deadlines): a decision within 30 days of the complete
 * materials, payment within 10 days of the agreement. Counted in Beijing calendar days from the day
 * after (that day is day 0), each ending at 24:00 of its last day.
 */
export const CLAIM_DECISION_DAYS = 30;
export const CLAIM_PAYMENT_DAYS = 10;
/** A running deadline this many days away or nearer is marked 临近 on the desk and the detail. */
export const CLAIM_DEADLINE_WARNING_DAYS = 5;

export const CLAIM_CLOCK_KINDS = ['decision', 'payment'] as const;
export const CLAIM_CLOCK_URGENCIES = ['ok', 'due_soon', 'overdue'] as const;
export type ClaimClockUrgency = (typeof CLAIM_CLOCK_URGENCIES)[number];

/** `ok` more than CLAIM_DEADLINE_WARNING_DAYS days ahead, `due_soon` from there to the last day, then `overdue`. */
export function clockUrgency(daysLeft: number): ClaimClockUrgency {
  if (daysLeft < 0) return 'overdue';
  return daysLeft <= CLAIM_DEADLINE_WARNING_DAYS ? 'due_soon' : 'ok';
}

// ---------------------------------------------------------------- pre-check

/** The pre-check's answer (docs/decisions/claim-pre-check.md). */
export const PRECHECK_VERDICTS = ['covered', 'not_covered', 'needs_review'] as const;
export type PrecheckVerdict = (typeof PRECHECK_VERDICTS)[number];

/**
 * Why: a code the H5 names from its dictionaries with the answer's params (dates `YYYY-MM-DD`,
 * money in fen, `days`, `coverage`, `plan`, `type`).
 */
export const PRECHECK_REASONS = [
  'covered',
  'over_limit',
  'surrendered',
  'not_in_force_yet',
  'lapsed',
  'type_not_covered',
  'waiting_period',
  'under_deductible',
  'assessment_required',
  'manual_review',
] as const;
export type PrecheckReason = (typeof PRECHECK_REASONS)[number];

/** Claim types of illness, held back by a product's waiting period; accidents and delays are not (docs/decisions/claim-pre-check.md). */
export const WAITING_PERIOD_CLAIM_TYPES: readonly ClaimType[] = ['hospital'];

/** 社保 settled first (`yes`), did not (`no`), or the member does not know yet (`unknown`: both ratios give the range). */
export const SOCIAL_INSURANCE_ANSWERS = ['yes', 'no', 'unknown'] as const;
export type SocialInsuranceAnswer = (typeof SOCIAL_INSURANCE_ANSWERS)[number];

// ---------------------------------------------------------------- materials

/** What a claim of each type needs, as codes the H5 names (`claim.doc.<code>`); CLAIM_MATERIAL_LABELS in claims.ts. */
export const CLAIM_MATERIALS = [
  'form',
  'identity',
  'accidentProof',
  'medicalRecord',
  'invoice',
  'discharge',
  'diagnosis',
  'deathProof',
  'disabilityProof',
  'beneficiary',
  'ticket',
  'delayProof',
  'passport',
  'lossProof',
  'expenseProof',
  'bank',
] as const;
export type ClaimMaterial = (typeof CLAIM_MATERIALS)[number];

export const CLAIM_MATERIALS_BY_TYPE: Record<ClaimType, readonly ClaimMaterial[]> = {
  accident_medical: ['form', 'identity', 'accidentProof', 'medicalRecord', 'invoice', 'bank'],
  hospital: ['form', 'identity', 'discharge', 'diagnosis', 'invoice', 'bank'],
  death_disability: ['form', 'identity', 'accidentProof', 'deathProof', 'disabilityProof', 'beneficiary', 'bank'],
  travel_delay: ['form', 'identity', 'ticket', 'delayProof', 'passport', 'bank'],
  other: ['form', 'identity', 'lossProof', 'expenseProof', 'bank'],
};
