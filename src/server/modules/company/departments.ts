import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  countDepartmentRows,
  deleteDepartmentRow,
  findDepartment,
  insertDepartment,
  updateDepartmentName,
  type Scope,
} from './repository.ts';

/** A company's departments: names unique within the company, only empty ones removed. */

export const departmentNotFound = () => new AppError('A0404', 'company.departmentNotFound');
const duplicateName = () =>
  new AppError('A0409', 'company.departmentNameTaken', [{ field: 'name', message: 'company.departmentNameTaken' }]);
const NAME_UQ = 'departments_company_name_uq';

export async function createDepartment(db: Db, companyId: number, name: string) {
  try {
    return { ...(await insertDepartment(db, companyId, name)), memberCount: 0 };
  } catch (error) {
    if (isUniqueViolation(error, NAME_UQ)) throw duplicateName();
    throw error;
  }
}

export async function renameDepartment(db: Db, scope: Scope, id: number, name: string) {
  let row: Awaited<ReturnType<typeof updateDepartmentName>>;
  try {
    row = await updateDepartmentName(db, scope, id, name);
  } catch (error) {
    if (isUniqueViolation(error, NAME_UQ)) throw duplicateName();
    throw error;
  }
  if (!row) throw departmentNotFound();
  return row;
}

/** Only an empty department (no member other than those who left) can be removed. */
export async function deleteDepartment(db: Db, scope: Scope, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await findDepartment(tx, scope, id))) throw departmentNotFound();
    if ((await countDepartmentRows(tx, id)) > 0) throw new AppError('A0409', 'company.departmentHasMembers');
    await deleteDepartmentRow(tx, id);
  });
}

/** The department a member is put in: in the scope, and of the member's company when one is given. */
export async function departmentOf(db: Db, scope: Scope, departmentId: number, companyId?: number) {
  const dept = await findDepartment(db, scope, departmentId);
  if (!dept || (companyId !== undefined && dept.companyId !== companyId)) {
    throw new AppError('A0400', 'company.departmentNotFound', [
      { field: 'departmentId', message: 'company.departmentNotFound' },
    ]);
  }
  return dept;
}
