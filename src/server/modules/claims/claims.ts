import type { FastifyInstance } from 'fastify';
import type { ClaimDetail, ClaimList, ClaimStatus } from '#shared/claims.ts';
import { claimNotFound } from './access.ts';
import { toClaimDetail, toClaimSummary } from './present.ts';
import { eventsOf, filesOf, findClaim, listClaims } from './repository.ts';

/** Reading claims: the member's list, one claim with its files and timeline. */

export async function claimList(app: FastifyInstance, memberId: number, q: { status?: ClaimStatus; page: number; pageSize: number }): Promise<ClaimList> {
  const { total, rows } = await listClaims(app.db, memberId, q);
  return { list: rows.map(toClaimSummary), total, page: q.page, pageSize: q.pageSize };
}

/** Call only after the caller's right to see the claim was checked. */
export async function claimDetail(app: FastifyInstance, claimId: number): Promise<ClaimDetail> {
  const found = await findClaim(app.db, claimId);
  if (!found) throw claimNotFound();
  const [files, events] = await Promise.all([filesOf(app.db, claimId), eventsOf(app.db, claimId)]);
  return toClaimDetail(found, files, events);
}
