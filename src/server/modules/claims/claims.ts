import type { FastifyInstance } from 'fastify';
import type { Language } from '#shared/constants.ts';
import type { ClaimDeskFilter, ClaimDeskList, ClaimDetail, ClaimList, ClaimStatus } from '#shared/claims.ts';
import { claimNotFound } from './access.ts';
import { toClaimDeskRow, toClaimDetail, toClaimSummary } from './present.ts';
import { eventsOf, filesOf, findClaim, listClaims, listDeskClaims } from './repository.ts';

/** Reading claims: the member's list, one claim with its files and timeline. */

export async function claimList(
  app: FastifyInstance,
  memberId: number,
  q: { status?: ClaimStatus; page: number; pageSize: number },
  language: Language,
): Promise<ClaimList> {
  const { total, rows } = await listClaims(app.db, memberId, q);
  return { list: rows.map((row) => toClaimSummary(row, language)), total, page: q.page, pageSize: q.pageSize };
}

/** The staff desk (role channel, checked by the route): every member's claims. */
export async function claimDeskList(
  app: FastifyInstance,
  q: { status?: ClaimDeskFilter; keyword?: string; page: number; pageSize: number },
  language: Language,
): Promise<ClaimDeskList> {
  const { total, rows } = await listDeskClaims(app.db, q);
  return { list: rows.map((row) => toClaimDeskRow(row, language)), total, page: q.page, pageSize: q.pageSize };
}

/** Call only after the caller's right to see the claim was checked. */
export async function claimDetail(app: FastifyInstance, claimId: number, language: Language): Promise<ClaimDetail> {
  const found = await findClaim(app.db, claimId);
  if (!found) throw claimNotFound();
  const [files, events] = await Promise.all([filesOf(app.db, claimId), eventsOf(app.db, claimId)]);
  return toClaimDetail(found, files, events, language);
}
