import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CompanyMemberStatus, CompanyMemberValues } from '#shared/company.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  commissions,
  companyInvitations,
  companyMembers,
  departmentBonuses,
  departments,
  members,
} from '../../db/schema.ts';
import { monthRange } from '#shared/beijing-time.ts';

/** The company tables: departments, company members, join invitations, commission shares. */

/**
 * Scope of a request: a company sees only its own rows (companyId = its member id); channel staff
 * (companyId null) see every company's rows. Someone else's id answers 404 like a missing one.
 */
export interface Scope {
  companyId: number | null;
}

type Queryable = Db | Tx;

const own = (
  column: typeof departments.companyId | typeof companyMembers.companyId | typeof companyInvitations.companyId,
  scope: Scope,
): SQL | undefined => (scope.companyId === null ? undefined : eq(column, scope.companyId));

// ------------------------------------------------------------------ departments

export async function listDepartments(db: Db, scope: Scope) {
  const rows = await db
    .select({
      id: departments.id,
      companyId: departments.companyId,
      name: departments.name,
      memberCount: sql<number>`(select count(*)::int from ${companyMembers} where ${companyMembers.departmentId} = ${departments.id} and ${companyMembers.status} <> 'left')`,
    })
    .from(departments)
    .where(own(departments.companyId, scope))
    .orderBy(asc(departments.id));
  return rows.map((r) => ({ ...r, memberCount: Number(r.memberCount) }));
}

export async function findDepartment(db: Queryable, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.id, id), own(departments.companyId, scope)));
  return row;
}

export async function insertDepartment(db: Db, companyId: number, name: string) {
  const [row] = await db.insert(departments).values({ companyId, name }).returning();
  return row;
}

/** The renamed row, or undefined when the department is not in the scope. */
export async function updateDepartmentName(db: Db, scope: Scope, id: number, name: string) {
  const [row] = await db
    .update(departments)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(departments.id, id), own(departments.companyId, scope)))
    .returning();
  return row;
}

/** Company member rows of the department, those who left included. */
export async function countDepartmentRows(db: Queryable, departmentId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(companyMembers)
    .where(eq(companyMembers.departmentId, departmentId));
  return Number(n);
}

export async function deleteDepartmentRow(db: Queryable, id: number): Promise<void> {
  await db.delete(departments).where(eq(departments.id, id));
}

// ------------------------------------------------------------------ members

export type CompanyMemberRow = typeof companyMembers.$inferSelect & { departmentName: string };

function selectMembers(db: Db) {
  return db
    .select({
      id: companyMembers.id,
      companyId: companyMembers.companyId,
      departmentId: companyMembers.departmentId,
      name: companyMembers.name,
      mobile: companyMembers.mobile,
      idType: companyMembers.idType,
      idNumber: companyMembers.idNumber,
      memberId: companyMembers.memberId,
      status: companyMembers.status,
      createdAt: companyMembers.createdAt,
      updatedAt: companyMembers.updatedAt,
      departmentName: departments.name,
    })
    .from(companyMembers)
    .innerJoin(departments, eq(departments.id, companyMembers.departmentId));
}

export async function listMembers(
  db: Db,
  scope: Scope,
  q: { departmentId?: number; keyword?: string; status?: CompanyMemberStatus; page: number; pageSize: number },
) {
  const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    own(companyMembers.companyId, scope),
    q.departmentId === undefined ? undefined : eq(companyMembers.departmentId, q.departmentId),
    q.status === undefined ? undefined : eq(companyMembers.status, q.status),
    like === undefined ? undefined : or(ilike(companyMembers.name, like), ilike(companyMembers.mobile, like)),
  );
  const [{ n }] = await db.select({ n: count() }).from(companyMembers).where(where);
  const rows = await selectMembers(db)
    .where(where)
    .orderBy(desc(companyMembers.updatedAt), desc(companyMembers.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { list: rows, total: Number(n) };
}

export async function findMember(db: Db, scope: Scope, id: number): Promise<CompanyMemberRow | undefined> {
  const [row] = await selectMembers(db).where(and(eq(companyMembers.id, id), own(companyMembers.companyId, scope)));
  return row;
}

/** Active members of the scope by id, whole (for copying into the owner's team draft). */
export async function findActiveMembers(db: Db, scope: Scope, ids: number[]): Promise<CompanyMemberRow[]> {
  if (ids.length === 0) return [];
  return selectMembers(db).where(
    and(inArray(companyMembers.id, ids), own(companyMembers.companyId, scope), eq(companyMembers.status, 'active')),
  );
}

export async function insertMember(db: Db, department: { id: number; companyId: number }, values: CompanyMemberValues) {
  const [row] = await db
    .insert(companyMembers)
    .values({
      companyId: department.companyId,
      departmentId: department.id,
      name: values.name,
      mobile: values.mobile ?? null,
      idType: values.idType,
      idNumber: values.idNumber,
    })
    .returning();
  return row;
}

export async function updateMember(db: Db, id: number, departmentId: number, values: CompanyMemberValues) {
  const [row] = await db
    .update(companyMembers)
    .set({
      departmentId,
      name: values.name,
      mobile: values.mobile ?? null,
      idType: values.idType,
      idNumber: values.idNumber,
      updatedAt: new Date(),
    })
    .where(eq(companyMembers.id, id))
    .returning();
  return row;
}

export async function updateMemberStatus(db: Db, id: number, status: CompanyMemberStatus) {
  const [row] = await db
    .update(companyMembers)
    .set({ status, updatedAt: new Date() })
    .where(eq(companyMembers.id, id))
    .returning();
  return row;
}

// ------------------------------------------------------------------ join QR

export async function insertInvitation(
  db: Db,
  department: { id: number; companyId: number },
  tokenHash: string,
  expiresAt: Date,
) {
  const [row] = await db
    .insert(companyInvitations)
    .values({ companyId: department.companyId, departmentId: department.id, tokenHash, expiresAt })
    .returning();
  return row;
}

/** An invitation of the scope with the name of the member who joined through it. */
export async function findInvitation(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select({ inv: companyInvitations, name: companyMembers.name })
    .from(companyInvitations)
    .leftJoin(companyMembers, eq(companyMembers.id, companyInvitations.companyMemberId))
    .where(and(eq(companyInvitations.id, id), own(companyInvitations.companyId, scope)));
  return row;
}

export async function findInvitationByToken(tx: Tx, tokenHash: string) {
  const [row] = await tx.select().from(companyInvitations).where(eq(companyInvitations.tokenHash, tokenHash));
  return row;
}

/** An invitation by its token's hash, with the names of its department and company account. */
export async function findInvitationWithNames(db: Queryable, tokenHash: string) {
  const [row] = await db
    .select({
      inv: companyInvitations,
      departmentName: departments.name,
      company: { id: members.id, nickname: members.nickname, username: members.username },
    })
    .from(companyInvitations)
    .innerJoin(departments, eq(departments.id, companyInvitations.departmentId))
    .innerJoin(members, eq(members.id, companyInvitations.companyId))
    .where(eq(companyInvitations.tokenHash, tokenHash));
  return row;
}

/** Marks the invitation used, only while it is unused and unexpired; false when another scan was first. */
export async function claimInvitation(tx: Tx, id: number, memberId: number): Promise<boolean> {
  const claimed = await tx
    .update(companyInvitations)
    .set({ usedAt: new Date(), usedBy: memberId })
    .where(
      and(
        eq(companyInvitations.id, id),
        sql`${companyInvitations.usedAt} is null`,
        sql`${companyInvitations.expiresAt} > now()`,
      ),
    )
    .returning({ id: companyInvitations.id });
  return claimed.length > 0;
}

export async function departmentById(tx: Tx, id: number) {
  const [row] = await tx.select().from(departments).where(eq(departments.id, id));
  return row;
}

/** The company's row of this member, else one with the same ID number (added by hand). */
export async function findJoiningMember(tx: Tx, companyId: number, memberId: number, idNumber: string) {
  const [row] = await tx
    .select()
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        or(eq(companyMembers.memberId, memberId), eq(companyMembers.idNumber, idNumber)),
      ),
    )
    .orderBy(sql`${companyMembers.memberId} = ${memberId} desc nulls last`)
    .limit(1);
  return row;
}

type JoinedValues = Omit<typeof companyMembers.$inferInsert, 'id' | 'companyId' | 'createdAt'>;

/** Writes the joining member's row (the existing one, or a new one of the company); answers its id. */
export async function saveJoinedMember(
  tx: Tx,
  companyId: number,
  existingId: number | undefined,
  values: JoinedValues,
): Promise<number> {
  if (existingId !== undefined) {
    await tx.update(companyMembers).set(values).where(eq(companyMembers.id, existingId));
    return existingId;
  }
  const [row] = await tx
    .insert(companyMembers)
    .values({ companyId, ...values })
    .returning({ id: companyMembers.id });
  return row.id;
}

export async function linkInvitation(tx: Tx, invitationId: number, companyMemberId: number): Promise<void> {
  await tx.update(companyInvitations).set({ companyMemberId }).where(eq(companyInvitations.id, invitationId));
}

// ------------------------------------------------------------------ commission shares

export async function listShares(db: Db, scope: Scope, period: string) {
  return db
    .select()
    .from(departmentBonuses)
    .where(
      and(
        eq(departmentBonuses.period, period),
        scope.companyId === null ? undefined : eq(departmentBonuses.companyId, scope.companyId),
      ),
    );
}

/** The company's commission earned in the month (China time), reversed ones left out. */
export async function monthCommission(db: Db, companyId: number, period: string): Promise<number> {
  const { from, to } = monthRange(period);
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${commissions.amountFen}), 0)` })
    .from(commissions)
    .where(
      and(
        eq(commissions.memberId, companyId),
        sql`${commissions.status} <> 'reversed'`,
        sql`${commissions.earnedAt} >= ${from.toISOString()}`,
        sql`${commissions.earnedAt} < ${to.toISOString()}`,
      ),
    );
  return Number(row.n);
}

/** Replaces the company's shares for the period. */
export async function replaceShares(
  tx: Tx,
  companyId: number,
  period: string,
  shares: { departmentId: number; shareBp: number }[],
): Promise<void> {
  await tx
    .delete(departmentBonuses)
    .where(and(eq(departmentBonuses.companyId, companyId), eq(departmentBonuses.period, period)));
  if (shares.length > 0) {
    await tx
      .insert(departmentBonuses)
      .values(shares.map((s) => ({ companyId, departmentId: s.departmentId, period, shareBp: s.shareBp })));
  }
}
