import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findDepartment,
  listDepartments,
  listShares,
  monthCommission,
  replaceShares,
  type Scope,
} from './repository.ts';
import { phrase } from '../../lib/texts/render.ts';

/** The company's monthly commission shared out between its departments, in percent. */

export async function readBonus(db: Db, scope: Scope, period: string) {
  const depts = await listDepartments(db, scope);
  const shares = await listShares(db, scope, period);
  const byDept = new Map(shares.map((s) => [s.departmentId, s.shareBp]));
  const commissionFen = scope.companyId === null ? 0 : await monthCommission(db, scope.companyId, period);
  const list = depts.map((d) => {
    const bp = byDept.get(d.id) ?? 0;
    return {
      departmentId: d.id,
      departmentName: d.name,
      percent: bp / 100,
      amountFen: Math.floor((commissionFen * bp) / 10_000),
    };
  });
  return {
    period,
    shares: list,
    totalPercent: list.reduce((s, x) => s + Math.round(x.percent * 100), 0) / 100,
    commissionFen,
  };
}

/** Replaces the company's shares for the period; the sum of all its departments stays ≤ 100%. */
export async function saveBonus(
  db: Db,
  companyId: number,
  period: string,
  shares: { departmentId: number; percent: number }[],
) {
  await db.transaction(async (tx) => {
    const scope = { companyId };
    for (const s of shares) {
      if (!(await findDepartment(tx, scope, s.departmentId))) {
        throw new AppError('A0400', 'company.departmentNotFound', [
          { field: 'shares', message: phrase('company.departmentIdNotFound', { id: s.departmentId }) },
        ]);
      }
    }
    await replaceShares(
      tx,
      companyId,
      period,
      shares.map((s) => ({ departmentId: s.departmentId, shareBp: Math.round(s.percent * 100) })),
    );
  });
}
