import type { FastifyRequest } from 'fastify';
import { SUPER_ROLE } from '#shared/roles.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Db, Tx } from '../../db/client.ts';
import { findClaim, type ClaimWithNames } from './repository.ts';

/**
 * Who sees a claim: its member, and the channel role (the insurer's claims staff). Anyone else
 * gets the answer a missing claim gets, so ids tell strangers nothing.
 */
export const claimNotFound = () => new AppError('A0404', 'claims.notFound');

export const isStaff = (request: FastifyRequest) => request.member?.roles.includes(SUPER_ROLE) ?? false;

export async function ownClaim(db: Db | Tx, memberId: number, id: number): Promise<ClaimWithNames> {
  const found = await findClaim(db, id);
  if (!found || found.claim.memberId !== memberId) throw claimNotFound();
  return found;
}

export async function visibleClaim(db: Db, request: FastifyRequest, id: number): Promise<ClaimWithNames> {
  const found = await findClaim(db, id);
  if (!found || (found.claim.memberId !== request.member!.memberId && !isStaff(request))) throw claimNotFound();
  return found;
}
