import type { FastifyInstance } from 'fastify';
import type { CompanyMemberStatus, CompanyMemberValues } from '#shared/company.ts';
import { maskIdNumber, maskMobile } from '#shared/identity.ts';
import type { Language } from '#shared/constants.ts';
import type { TeamList } from '#shared/orders.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../lib/app-error.ts';
import { addTeamRow } from '../orders/team.ts';
import { departmentOf } from './departments.ts';
import {
  findActiveMembers,
  findMember,
  insertMember,
  updateMember,
  updateMemberStatus,
  type CompanyMemberRow,
  type Scope,
} from './repository.ts';
import { phrase } from '../../lib/texts/render.ts';

/** A company's members: added by hand or by scanning a join QR, one per ID number in a company. */

export const companyMemberNotFound = () => new AppError('A0404', 'company.memberNotFound');
const duplicateId = () =>
  new AppError('A0409', 'company.idAlreadyMember', [{ field: 'idNumber', message: 'company.idExists' }]);
const ID_NUMBER_UQ = 'company_members_company_id_number_uq';

/** A member as lists show them (mobile and ID number masked), or whole for the edit form. */
export function presentMember(row: CompanyMemberRow, whole = false) {
  return {
    id: row.id,
    companyId: row.companyId,
    departmentId: row.departmentId,
    departmentName: row.departmentName,
    name: row.name,
    mobile: row.mobile === null ? null : whole ? row.mobile : maskMobile(row.mobile),
    idType: row.idType,
    idNumber: row.idNumber === null ? null : whole ? row.idNumber : maskIdNumber(row.idNumber),
    memberId: row.memberId,
    status: row.status,
    joinedByScan: row.memberId !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function refusingDuplicateId<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, ID_NUMBER_UQ)) throw duplicateId();
    throw error;
  }
}

export async function ownMember(db: Db, scope: Scope, id: number): Promise<CompanyMemberRow> {
  const row = await findMember(db, scope, id);
  if (!row) throw companyMemberNotFound();
  return row;
}

export async function addMember(db: Db, scope: Scope, values: CompanyMemberValues): Promise<CompanyMemberRow> {
  const dept = await departmentOf(db, scope, values.departmentId);
  const row = await refusingDuplicateId(() => insertMember(db, dept, values));
  return { ...row, departmentName: dept.name };
}

export async function editMember(
  db: Db,
  scope: Scope,
  id: number,
  values: CompanyMemberValues,
): Promise<CompanyMemberRow> {
  const current = await ownMember(db, scope, id);
  const dept = await departmentOf(db, scope, values.departmentId, current.companyId);
  const row = await refusingDuplicateId(() => updateMember(db, id, dept.id, values));
  return { ...row, departmentName: dept.name };
}

export async function setMemberStatus(
  db: Db,
  scope: Scope,
  id: number,
  status: CompanyMemberStatus,
): Promise<CompanyMemberRow> {
  const current = await ownMember(db, scope, id);
  const row = await updateMemberStatus(db, id, status);
  return { ...row, departmentName: current.departmentName };
}

/**
 * Adds the chosen active members to the owner's team draft one by one (each a locked list change);
 * stops at the first refusal, naming the person.
 */
export async function addMembersToTeam(
  app: FastifyInstance,
  scope: Scope,
  ownerId: number,
  draftId: number,
  ids: number[],
  occupationClass: number,
  language: Language,
): Promise<{ list: TeamList; added: number }> {
  const unique = [...new Set(ids)];
  const rows = await findActiveMembers(app.db, scope, unique);
  if (rows.length !== unique.length)
    throw new AppError('A0400', 'company.membersNotActive', [{ field: 'ids', message: 'company.membersNotActive' }]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  let list: TeamList | undefined;
  for (const id of unique) {
    const m = byId.get(id)!;
    if (!m.idNumber)
      throw new AppError('A0400', phrase('company.memberNoId', { name: m.name }), [
        { field: 'ids', message: phrase('company.memberNoId', { name: m.name }) },
      ]);
    try {
      list = await addTeamRow(
        app,
        ownerId,
        draftId,
        {
          name: m.name,
          idType: m.idType ?? 'id_card',
          idNumber: m.idNumber,
          mobile: m.mobile ?? '',
          occupationClass,
        },
        language,
      );
    } catch (error) {
      if (error instanceof AppError && error.status === 400)
        throw new AppError(
          error.code,
          phrase('company.memberProblem', { name: m.name, problem: error.text }),
          error.issues,
        );
      throw error;
    }
  }
  return { list: list!, added: unique.length };
}
