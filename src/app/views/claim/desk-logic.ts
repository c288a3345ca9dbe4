import {
  CLAIM_STATUSES,
  CLAIM_TRANSITIONS,
  NOTE_REQUIRED,
  type ClaimDeskFilter,
  type ClaimStatus,
} from '#shared/claim-flow.ts';
import type { ClaimTransitionInput } from '#shared/claims.ts';
import { rolesAllow, SUPER_ROLE } from '#shared/roles.ts';
import { yuanToFen } from '#shared/money.ts';

/*
 * The staff claims desk's rules (理赔处理, role channel), free of React for the unit tests. The
 * workflow's tables come from src/shared/claim-flow.ts, which carries no zod.
 */

/** The desk is channel staff's (SUPER_ROLE); members without it never see it. */
export function isDeskStaff(roles: readonly string[] | null | undefined): boolean {
  return rolesAllow([SUPER_ROLE], roles ?? []);
}

/** The desk's filter tabs: open claims first (the default), everything, then each status. */
export const DESK_FILTERS = ['open', 'all', ...CLAIM_STATUSES] as const;
export type DeskTab = (typeof DESK_FILTERS)[number];

export const DESK_PAGE_SIZE = 20;

/** What the actions a claim in `status` offers, in the order the buttons show them. */
export function deskActions(status: ClaimStatus): readonly ClaimStatus[] {
  return CLAIM_TRANSITIONS[status];
}

/** The server refuses these without a note: the member reads it in the message. */
export const noteRequired = (to: ClaimStatus) => NOTE_REQUIRED.includes(to);
export const needsPaidAmount = (to: ClaimStatus) => to === 'paid';

/** A 拒赔 or 补充材料 button is a warning; the usual way forward is primary. */
export function actionColor(to: ClaimStatus): 'primary' | 'warning' | 'danger' {
  return to === 'rejected' ? 'danger' : to === 'supplement' ? 'warning' : 'primary';
}

/** The query of `GET /claims/desk`: `all` sends no status, a blank keyword is left out. */
export function deskQuery(
  tab: DeskTab,
  keyword: string,
  page: number,
  pageSize = DESK_PAGE_SIZE,
): Record<string, string | number> {
  const q: Record<string, string | number> = { page, pageSize };
  if (tab !== 'all') q.status = tab satisfies ClaimDeskFilter;
  const k = keyword.trim();
  if (k) q.keyword = k.slice(0, 50);
  return q;
}

export type StepProblem = 'noteRequired' | 'paidInvalid' | 'paidTooMuch';

/**
 * The body of one step as typed, or what is wrong with it before sending: a note where the server
 * wants one, a paid amount in yuan (to fen, above 0, at most the amount claimed) for 已赔付 only.
 */
export function stepBody(
  to: ClaimStatus,
  note: string,
  paidYuan: string,
  amountFen: number,
): { body: ClaimTransitionInput } | { problem: StepProblem } {
  const text = note.trim();
  if (noteRequired(to) && !text) return { problem: 'noteRequired' };
  const body: ClaimTransitionInput = { to, ...(text ? { note: text.slice(0, 500) } : {}) };
  if (!needsPaidAmount(to)) return { body };
  const paidFen = yuanToFen(paidYuan);
  if (paidFen === null) return { problem: 'paidInvalid' };
  if (paidFen > amountFen) return { problem: 'paidTooMuch' };
  return { body: { ...body, paidFen } };
}

/** "1234.5" for 123,450 fen: the paid amount field starts at the amount claimed. */
export function fenToYuanText(fen: number): string {
  const yuan = Math.floor(fen / 100);
  const rest = fen % 100;
  return rest === 0 ? String(yuan) : `${yuan}.${String(rest).padStart(2, '0')}`;
}
