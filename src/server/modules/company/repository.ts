import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { JOIN_QR_TTL_SECONDS, type CompanyMemberStatus, type CompanyMemberValues } from '#shared/company.ts';
import { maskIdNumber, maskMobile } from '#shared/identity.ts';
import type { Db } from '../../db/client.ts';
import { commissions, companyInvitations, companyMembers, departmentBonuses, departments, members } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { monthRange } from '#shared/beijing-time.ts';

/**
 * Scope of a request: a company sees only its own rows (companyId = its member id); channel staff
 * (companyId null) see every company's rows. Someone else's id answers 404 like a missing one.
 */
export interface Scope { companyId: number | null }

const own = (column: typeof departments.companyId | typeof companyMembers.companyId | typeof companyInvitations.companyId, scope: Scope): SQL | undefined =>
  scope.companyId === null ? undefined : eq(column, scope.companyId);

export const departmentNotFound = () => new AppError('A0404', '部门不存在');
export const companyMemberNotFound = () => new AppError('A0404', '企业成员不存在');
export const invitationNotFound = () => new AppError('A0404', '邀请二维码不存在');
const duplicateName = () => new AppError('A0409', '部门名称已存在', [{ field: 'name', message: '部门名称已存在' }]);
const duplicateId = () => new AppError('A0409', '该证件号码已在企业成员中', [{ field: 'idNumber', message: '证件号码已存在' }]);

const isUniqueViolation = (error: unknown, constraint: string): boolean => {
  let e: unknown = error;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i += 1) {
    const o = e as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (o.code === '23505' && (o.constraint === constraint || o.message?.includes(constraint))) return true;
    e = o.cause;
  }
  return false;
};

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

// ------------------------------------------------------------------ departments

export async function listDepartments(db: Db, scope: Scope) {
  const rows = await db.select({
    id: departments.id, companyId: departments.companyId, name: departments.name,
    memberCount: sql<number>`(select count(*)::int from ${companyMembers} where ${companyMembers.departmentId} = ${departments.id} and ${companyMembers.status} <> 'left')`,
  }).from(departments).where(own(departments.companyId, scope)).orderBy(asc(departments.id));
  return rows.map((r) => ({ ...r, memberCount: Number(r.memberCount) }));
}

export async function findDepartment(db: Db, scope: Scope, id: number) {
  const [row] = await db.select().from(departments).where(and(eq(departments.id, id), own(departments.companyId, scope)));
  return row;
}

export async function createDepartment(db: Db, companyId: number, name: string) {
  try {
    const [row] = await db.insert(departments).values({ companyId, name }).returning();
    return { ...row, memberCount: 0 };
  } catch (error) {
    if (isUniqueViolation(error, 'departments_company_name_uq')) throw duplicateName();
    throw error;
  }
}

export async function renameDepartment(db: Db, scope: Scope, id: number, name: string) {
  try {
    const [row] = await db.update(departments).set({ name, updatedAt: new Date() })
      .where(and(eq(departments.id, id), own(departments.companyId, scope))).returning();
    if (!row) throw departmentNotFound();
    return row;
  } catch (error) {
    if (isUniqueViolation(error, 'departments_company_name_uq')) throw duplicateName();
    throw error;
  }
}

/** Only an empty department (no member other than those who left) can be removed. */
export async function deleteDepartment(db: Db, scope: Scope, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const dept = await findDepartment(tx as unknown as Db, scope, id);
    if (!dept) throw departmentNotFound();
    const [{ n }] = await tx.select({ n: count() }).from(companyMembers).where(eq(companyMembers.departmentId, id));
    if (Number(n) > 0) throw new AppError('A0409', '部门下还有成员，不能删除');
    await tx.delete(departments).where(eq(departments.id, id));
  });
}

// ------------------------------------------------------------------ members

type MemberRow = typeof companyMembers.$inferSelect & { departmentName: string };

export function present(row: MemberRow, whole = false) {
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

function selectMembers(db: Db) {
  return db.select({
    id: companyMembers.id, companyId: companyMembers.companyId, departmentId: companyMembers.departmentId,
    name: companyMembers.name, mobile: companyMembers.mobile, idType: companyMembers.idType, idNumber: companyMembers.idNumber,
    memberId: companyMembers.memberId, status: companyMembers.status, createdAt: companyMembers.createdAt, updatedAt: companyMembers.updatedAt,
    departmentName: departments.name,
  }).from(companyMembers).innerJoin(departments, eq(departments.id, companyMembers.departmentId));
}

export async function listMembers(db: Db, scope: Scope, q: { departmentId?: number; keyword?: string; status?: CompanyMemberStatus; page: number; pageSize: number }) {
  const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    own(companyMembers.companyId, scope),
    q.departmentId === undefined ? undefined : eq(companyMembers.departmentId, q.departmentId),
    q.status === undefined ? undefined : eq(companyMembers.status, q.status),
    like === undefined ? undefined : or(ilike(companyMembers.name, like), ilike(companyMembers.mobile, like)),
  );
  const [{ n }] = await db.select({ n: count() }).from(companyMembers).where(where);
  const rows = await selectMembers(db).where(where).orderBy(desc(companyMembers.updatedAt), desc(companyMembers.id))
    .limit(q.pageSize).offset((q.page - 1) * q.pageSize);
  return { list: rows, total: Number(n) };
}

export async function findMember(db: Db, scope: Scope, id: number): Promise<MemberRow | undefined> {
  const [row] = await selectMembers(db).where(and(eq(companyMembers.id, id), own(companyMembers.companyId, scope)));
  return row;
}

/** Active members of the scope by id, whole (for copying into the owner's team draft). */
export async function findActiveMembers(db: Db, scope: Scope, ids: number[]): Promise<MemberRow[]> {
  if (ids.length === 0) return [];
  return selectMembers(db).where(and(inArray(companyMembers.id, ids), own(companyMembers.companyId, scope), eq(companyMembers.status, 'active')));
}

async function departmentOf(db: Db, scope: Scope, departmentId: number, companyId?: number) {
  const dept = await findDepartment(db, scope, departmentId);
  if (!dept || (companyId !== undefined && dept.companyId !== companyId)) {
    throw new AppError('A0400', '部门不存在', [{ field: 'departmentId', message: '部门不存在' }]);
  }
  return dept;
}

export async function addMember(db: Db, scope: Scope, values: CompanyMemberValues): Promise<MemberRow> {
  const dept = await departmentOf(db, scope, values.departmentId);
  try {
    const [row] = await db.insert(companyMembers).values({
      companyId: dept.companyId, departmentId: dept.id, name: values.name, mobile: values.mobile ?? null,
      idType: values.idType, idNumber: values.idNumber,
    }).returning();
    return { ...row, departmentName: dept.name };
  } catch (error) {
    if (isUniqueViolation(error, 'company_members_company_id_number_uq')) throw duplicateId();
    throw error;
  }
}

export async function editMember(db: Db, scope: Scope, id: number, values: CompanyMemberValues): Promise<MemberRow> {
  const current = await findMember(db, scope, id);
  if (!current) throw companyMemberNotFound();
  const dept = await departmentOf(db, scope, values.departmentId, current.companyId);
  try {
    const [row] = await db.update(companyMembers).set({
      departmentId: dept.id, name: values.name, mobile: values.mobile ?? null, idType: values.idType, idNumber: values.idNumber, updatedAt: new Date(),
    }).where(eq(companyMembers.id, id)).returning();
    return { ...row, departmentName: dept.name };
  } catch (error) {
    if (isUniqueViolation(error, 'company_members_company_id_number_uq')) throw duplicateId();
    throw error;
  }
}

export async function setMemberStatus(db: Db, scope: Scope, id: number, status: CompanyMemberStatus): Promise<MemberRow> {
  const current = await findMember(db, scope, id);
  if (!current) throw companyMemberNotFound();
  const [row] = await db.update(companyMembers).set({ status, updatedAt: new Date() }).where(eq(companyMembers.id, id)).returning();
  return { ...row, departmentName: current.departmentName };
}

// ------------------------------------------------------------------ join QR

export async function createInvitation(db: Db, scope: Scope, departmentId: number) {
  const dept = await departmentOf(db, scope, departmentId);
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + JOIN_QR_TTL_SECONDS * 1000);
  const [row] = await db.insert(companyInvitations).values({ companyId: dept.companyId, departmentId: dept.id, tokenHash: hashToken(token), expiresAt }).returning();
  return { row, token };
}

export async function scanState(db: Db, scope: Scope, id: number) {
  const [row] = await db.select({ inv: companyInvitations, name: companyMembers.name })
    .from(companyInvitations).leftJoin(companyMembers, eq(companyMembers.id, companyInvitations.companyMemberId))
    .where(and(eq(companyInvitations.id, id), own(companyInvitations.companyId, scope)));
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

/**
 * A signed-in member scans a join QR: the invitation is claimed with one conditional UPDATE
 * (unused and unexpired), so of two parallel scans exactly one wins. The member joins the
 * department; a company member row with the same ID number (added by hand) gets linked instead
 * of doubled, and a member who already belongs to the company moves to this department.
 */
export async function join(db: Db, memberId: number, input: { token: string; name: string; mobile?: string; idType: CompanyMemberValues['idType']; idNumber: string }) {
  const tokenHash = hashToken(input.token);
  try {
    return await joinOnce(db, memberId, tokenHash, input);
  } catch (error) {
    // Two invitations of one company scanned at the same moment by the same person: one wins.
    if (isUniqueViolation(error, 'company_members_company_member_uq') || isUniqueViolation(error, 'company_members_company_id_number_uq')) {
      throw new AppError('A0409', '已加入该企业，请刷新后查看');
    }
    throw error;
  }
}

async function joinOnce(db: Db, memberId: number, tokenHash: string, input: { name: string; mobile?: string; idType: CompanyMemberValues['idType']; idNumber: string }) {
  return db.transaction(async (tx) => {
    const [inv] = await tx.select().from(companyInvitations).where(eq(companyInvitations.tokenHash, tokenHash));
    if (!inv) throw new AppError('A0404', '邀请二维码无效');
    if (inv.companyId === memberId) throw new AppError('A0400', '不能加入自己的企业');
    if (inv.usedAt !== null) throw new AppError('A0409', '该二维码已被使用，请让企业重新生成');
    if (inv.expiresAt.getTime() <= Date.now()) throw new AppError('A0400', '二维码已过期，请让企业重新生成');
    const claimed = await tx.update(companyInvitations).set({ usedAt: new Date(), usedBy: memberId })
      .where(and(eq(companyInvitations.id, inv.id), sql`${companyInvitations.usedAt} is null`, sql`${companyInvitations.expiresAt} > now()`))
      .returning({ id: companyInvitations.id });
    if (claimed.length === 0) throw new AppError('A0409', '该二维码已被使用，请让企业重新生成');
    const [dept] = await tx.select().from(departments).where(eq(departments.id, inv.departmentId));
    const [existing] = await tx.select().from(companyMembers).where(and(
      eq(companyMembers.companyId, inv.companyId),
      or(eq(companyMembers.memberId, memberId), eq(companyMembers.idNumber, input.idNumber)),
    )).orderBy(sql`${companyMembers.memberId} = ${memberId} desc nulls last`).limit(1);
    if (existing?.memberId !== null && existing !== undefined && existing.memberId !== memberId) {
      throw new AppError('A0409', '该证件号码已由其他账号加入企业');
    }
    const set = { departmentId: dept.id, name: input.name, mobile: input.mobile ?? null, idType: input.idType, idNumber: input.idNumber, memberId, status: 'active' as const, updatedAt: new Date() };
    let companyMemberId: number;
    if (existing) {
      await tx.update(companyMembers).set(set).where(eq(companyMembers.id, existing.id));
      companyMemberId = existing.id;
    } else {
      const [row] = await tx.insert(companyMembers).values({ companyId: inv.companyId, ...set }).returning({ id: companyMembers.id });
      companyMemberId = row.id;
    }
    await tx.update(companyInvitations).set({ companyMemberId }).where(eq(companyInvitations.id, inv.id));
    return { companyMemberId, departmentName: dept.name };
  });
}

// ------------------------------------------------------------------ commission shares

export async function readBonus(db: Db, scope: Scope, period: string) {
  const depts = await listDepartments(db, scope);
  const shares = await db.select().from(departmentBonuses).where(and(eq(departmentBonuses.period, period),
    scope.companyId === null ? undefined : eq(departmentBonuses.companyId, scope.companyId)));
  const byDept = new Map(shares.map((s) => [s.departmentId, s.shareBp]));
  const commissionFen = scope.companyId === null ? 0 : await monthCommission(db, scope.companyId, period);
  const list = depts.map((d) => {
    const bp = byDept.get(d.id) ?? 0;
    return { departmentId: d.id, departmentName: d.name, percent: bp / 100, amountFen: Math.floor((commissionFen * bp) / 10_000) };
  });
  return { period, shares: list, totalPercent: list.reduce((s, x) => s + Math.round(x.percent * 100), 0) / 100, commissionFen };
}

/** The company's commission earned in the month (China time), reversed ones left out. */
async function monthCommission(db: Db, companyId: number, period: string): Promise<number> {
  const { from, to } = monthRange(period);
  const [row] = await db.select({ n: sql<string>`coalesce(sum(${commissions.amountFen}), 0)` }).from(commissions).where(and(
    eq(commissions.memberId, companyId), sql`${commissions.status} <> 'reversed'`,
    sql`${commissions.earnedAt} >= ${from.toISOString()}`, sql`${commissions.earnedAt} < ${to.toISOString()}`,
  ));
  return Number(row.n);
}

/** Replaces the company's shares for the period; the sum of all its departments stays ≤ 100%. */
export async function saveBonus(db: Db, companyId: number, period: string, shares: { departmentId: number; percent: number }[]) {
  await db.transaction(async (tx) => {
    const scope = { companyId };
    for (const s of shares) {
      if (!(await findDepartment(tx as unknown as Db, scope, s.departmentId))) {
        throw new AppError('A0400', '部门不存在', [{ field: 'shares', message: `部门 ${s.departmentId} 不存在` }]);
      }
    }
    await tx.delete(departmentBonuses).where(and(eq(departmentBonuses.companyId, companyId), eq(departmentBonuses.period, period)));
    if (shares.length > 0) {
      await tx.insert(departmentBonuses).values(shares.map((s) => ({ companyId, departmentId: s.departmentId, period, shareBp: Math.round(s.percent * 100) })));
    }
  });
}

export async function memberRoles(db: Db, memberId: number): Promise<string[]> {
  const [row] = await db.select({ roles: members.roles }).from(members).where(eq(members.id, memberId));
  return row?.roles ?? [];
}
