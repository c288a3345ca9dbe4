import { createHash, randomBytes } from 'node:crypto';
import { JOIN_QR_TTL_SECONDS, type CompanyMemberValues } from '#shared/company.ts';
import type { Language } from '#shared/constants.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../lib/app-error.ts';
import { companyName } from './companies.ts';
import { departmentOf } from './departments.ts';
import {
  claimInvitation,
  departmentById,
  findInvitation,
  findInvitationByToken,
  findInvitationWithNames,
  findJoiningMember,
  insertInvitation,
  linkInvitation,
  saveJoinedMember,
  type Scope,
} from './repository.ts';

/** Joining a company by its QR code: a single-use, short-lived token of which only the SHA-256 is kept. */

export const invitationNotFound = () => new AppError('A0404', 'company.inviteNotFound');
const alreadyUsed = () => new AppError('A0409', 'company.inviteUsed');

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createInvitation(db: Db, scope: Scope, departmentId: number) {
  const dept = await departmentOf(db, scope, departmentId);
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + JOIN_QR_TTL_SECONDS * 1000);
  return { row: await insertInvitation(db, dept, hashToken(token), expiresAt), token };
}

export async function scanState(db: Db, scope: Scope, id: number) {
  const row = await findInvitation(db, scope, id);
  if (!row) throw invitationNotFound();
  const { inv } = row;
  return {
    id: inv.id,
    scanned: inv.usedAt !== null,
    expired: inv.usedAt === null && inv.expiresAt.getTime() <= Date.now(),
    scannedAt: inv.usedAt?.toISOString() ?? null,
    memberName: row.name ?? null,
    companyMemberId: inv.companyMemberId,
    expiresAt: inv.expiresAt.toISOString(),
  };
}

const expired = () => new AppError('A0400', 'company.inviteExpired');

/**
 * What the scanning member sees before giving their ID number: which company and department ask
 * for it. Refused as the join would be (unknown, own company, used, expired), and nothing changes.
 */
export async function joinPreview(db: Db, memberId: number, token: string, language: Language) {
  const row = await findInvitationWithNames(db, hashToken(token));
  if (!row) throw new AppError('A0404', 'company.inviteInvalidQr');
  const { inv } = row;
  if (inv.companyId === memberId) throw new AppError('A0400', 'company.ownCompany');
  if (inv.usedAt !== null) throw alreadyUsed();
  if (inv.expiresAt.getTime() <= Date.now()) throw expired();
  return {
    companyName: companyName(row.company, language),
    departmentName: row.departmentName,
    expiresAt: inv.expiresAt.toISOString(),
  };
}

type JoinInput = { name: string; mobile?: string; idType: CompanyMemberValues['idType']; idNumber: string };

/**
 * A signed-in member scans a join QR: the invitation is claimed with one conditional UPDATE
 * (unused and unexpired), so of two parallel scans exactly one wins. The member joins the
 * department; a company member row with the same ID number (added by hand) gets linked instead
 * of doubled, and a member who already belongs to the company moves to this department.
 */
export async function join(db: Db, memberId: number, input: JoinInput & { token: string }) {
  const tokenHash = hashToken(input.token);
  try {
    return await db.transaction((tx) => joinOnce(tx, memberId, tokenHash, input));
  } catch (error) {
    // Two invitations of one company scanned at the same moment by the same person: one wins.
    if (
      isUniqueViolation(error, 'company_members_company_member_uq') ||
      isUniqueViolation(error, 'company_members_company_id_number_uq')
    ) {
      throw new AppError('A0409', 'company.alreadyJoined');
    }
    throw error;
  }
}

async function joinOnce(tx: Tx, memberId: number, tokenHash: string, input: JoinInput) {
  const inv = await findInvitationByToken(tx, tokenHash);
  if (!inv) throw new AppError('A0404', 'company.inviteInvalidQr');
  if (inv.companyId === memberId) throw new AppError('A0400', 'company.ownCompany');
  if (inv.usedAt !== null) throw alreadyUsed();
  if (inv.expiresAt.getTime() <= Date.now()) throw expired();
  if (!(await claimInvitation(tx, inv.id, memberId))) throw alreadyUsed();
  const dept = await departmentById(tx, inv.departmentId);
  const existing = await findJoiningMember(tx, inv.companyId, memberId, input.idNumber);
  if (existing?.memberId !== null && existing !== undefined && existing.memberId !== memberId) {
    throw new AppError('A0409', 'company.idJoinedElsewhere');
  }
  const companyMemberId = await saveJoinedMember(tx, inv.companyId, existing?.id, {
    departmentId: dept.id,
    name: input.name,
    mobile: input.mobile ?? null,
    idType: input.idType,
    idNumber: input.idNumber,
    memberId,
    status: 'active',
    updatedAt: new Date(),
  });
  await linkInvitation(tx, inv.id, companyMemberId);
  return { companyMemberId, departmentName: dept.name };
}
