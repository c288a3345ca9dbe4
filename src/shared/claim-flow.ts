/**
 * The claim workflow's tables (理赔): statuses, who may move a claim where, which steps need a note,
 * and the desk's filters. Free of zod, so the H5 imports it without the schemas of claims.ts, which
 * re-exports it for the server.
 */

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

/** Claims waiting for staff or the member: the desk lists them first. */
export const CLAIM_OPEN_STATUSES: readonly ClaimStatus[] = ['reported', 'reviewing', 'supplement'];

/** A status, or `open` for every one of CLAIM_OPEN_STATUSES. */
export const CLAIM_DESK_FILTERS = ['open', ...CLAIM_STATUSES] as const;
export type ClaimDeskFilter = (typeof CLAIM_DESK_FILTERS)[number];
