import { and, asc, count, desc, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { CLAIM_OPEN_STATUSES, type ClaimDeskFilter, type ClaimStatus } from '#shared/claims.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  claimEvents,
  claimFiles,
  claims,
  members,
  orderPersons,
  policies,
  policyInsureds,
  productVersions,
} from '../../db/schema.ts';
import { likePattern } from '../policies/repository.ts';

/** Claims, their files and timeline. Drizzle queries only; callers decide who may see what. */

export type ClaimRow = typeof claims.$inferSelect;
export type ClaimFileRow = typeof claimFiles.$inferSelect;
export type ClaimEventRow = typeof claimEvents.$inferSelect;
export type NewClaim = Omit<typeof claims.$inferInsert, 'id' | 'claimNo' | 'status' | 'createdAt' | 'updatedAt'>;

/** A claim with what lists and messages name: policy number, product, insured person. */
export interface ClaimWithNames {
  claim: ClaimRow;
  policyNo: string;
  productName: string;
  /** The Polish name of the policy's product version, when it has one. */
  productNamePl: string | null;
  insuredName: string;
  insuredIdNumber: string;
}

const withNames = {
  claim: claims,
  policyNo: policies.policyNo,
  productName: policies.productName,
  productNamePl: sql<
    string | null
  >`(select ${productVersions.content}#>>'{locales,pl,name}' from ${productVersions} where ${productVersions.id} = ${policies.versionId})`,
  insuredName: orderPersons.name,
  insuredIdNumber: orderPersons.idNumber,
};

function selectWithNames(db: Db | Tx) {
  return db
    .select(withNames)
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .innerJoin(policyInsureds, eq(policyInsureds.id, claims.policyInsuredId))
    .innerJoin(orderPersons, eq(orderPersons.id, policyInsureds.orderPersonId));
}

/** The next claim number's sequence value. */
export async function nextClaimSeq(tx: Tx): Promise<number> {
  const [{ seq }] = await tx.select({ seq: sql<string>`nextval('claim_no_seq')` }).from(sql`(select 1) as one`);
  return Number(seq);
}

export async function insertClaim(tx: Tx, claimNo: string, values: NewClaim): Promise<ClaimRow> {
  const [row] = await tx
    .insert(claims)
    .values({ ...values, claimNo })
    .returning();
  return row;
}

export async function insertEvent(tx: Tx, event: typeof claimEvents.$inferInsert): Promise<void> {
  await tx.insert(claimEvents).values(event);
}

export async function findClaim(db: Db | Tx, id: number): Promise<ClaimWithNames | null> {
  const [row] = await selectWithNames(db).where(eq(claims.id, id));
  return row ?? null;
}

/** Locks the claim row until the transaction ends: one status change or upload check at a time. */
export async function lockClaim(tx: Tx, id: number): Promise<ClaimRow | null> {
  const [row] = await tx.select().from(claims).where(eq(claims.id, id)).for('update');
  return row ?? null;
}

export async function listClaims(
  db: Db,
  memberId: number,
  q: { status?: ClaimStatus; page: number; pageSize: number },
) {
  const where = and(eq(claims.memberId, memberId), q.status ? eq(claims.status, q.status) : undefined);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(claims).where(where),
    selectWithNames(db)
      .where(where)
      .orderBy(desc(claims.createdAt), desc(claims.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ]);
  return { total: Number(total), rows };
}

/** A claim with its names and the member who reported it (the staff desk). */
export interface DeskClaimRow extends ClaimWithNames {
  reporterNickname: string;
  reporterUsername: string | null;
  reporterMobile: string | null;
}

/**
 * Every member's claims for the staff desk: running deadlines first, nearest first, then the other
 * open ones, then the rest, newest first within each group.
 * `keyword` (as typed; `%` and `_` match themselves) matches claim number, policy number, the
 * reporter's nickname or user name, or the insured person's name.
 */
export async function listDeskClaims(
  db: Db,
  q: { status?: ClaimDeskFilter; keyword?: string; page: number; pageSize: number },
) {
  const pattern = q.keyword ? likePattern(q.keyword) : undefined;
  const where = and(
    q.status === 'open'
      ? inArray(claims.status, [...CLAIM_OPEN_STATUSES])
      : q.status
        ? eq(claims.status, q.status)
        : undefined,
    pattern
      ? or(
          ilike(claims.claimNo, pattern),
          ilike(policies.policyNo, pattern),
          ilike(members.nickname, pattern),
          ilike(members.username, pattern),
          ilike(orderPersons.name, pattern),
        )
      : undefined,
  );
  const open = sql`case when ${inArray(claims.status, [...CLAIM_OPEN_STATUSES])} then 0 else 1 end`;
  // The running deadline (clock.ts runningDue): the decision while 审核中, the payment once 已结案.
  const due = sql`case ${claims.status} when 'reviewing' then ${claims.decisionDueOn} when 'closed' then ${claims.paymentDueOn} end asc nulls last`;
  const [[{ total }], rows] = await Promise.all([
    db
      .select({ total: count() })
      .from(claims)
      .innerJoin(policies, eq(policies.id, claims.policyId))
      .innerJoin(policyInsureds, eq(policyInsureds.id, claims.policyInsuredId))
      .innerJoin(orderPersons, eq(orderPersons.id, policyInsureds.orderPersonId))
      .innerJoin(members, eq(members.id, claims.memberId))
      .where(where),
    db
      .select({
        ...withNames,
        reporterNickname: members.nickname,
        reporterUsername: members.username,
        reporterMobile: members.mobile,
      })
      .from(claims)
      .innerJoin(policies, eq(policies.id, claims.policyId))
      .innerJoin(policyInsureds, eq(policyInsureds.id, claims.policyInsuredId))
      .innerJoin(orderPersons, eq(orderPersons.id, policyInsureds.orderPersonId))
      .innerJoin(members, eq(members.id, claims.memberId))
      .where(where)
      .orderBy(due, open, desc(claims.createdAt), desc(claims.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ]);
  return { total: Number(total), rows: rows as DeskClaimRow[] };
}

export async function filesOf(db: Db | Tx, claimId: number): Promise<ClaimFileRow[]> {
  return db.select().from(claimFiles).where(eq(claimFiles.claimId, claimId)).orderBy(asc(claimFiles.id));
}

export async function fileCount(db: Db | Tx, claimId: number, since?: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(claimFiles)
    .where(and(eq(claimFiles.claimId, claimId), since ? gte(claimFiles.createdAt, since) : undefined));
  return Number(row.n);
}

export async function insertFiles(tx: Tx, rows: (typeof claimFiles.$inferInsert)[]): Promise<ClaimFileRow[]> {
  return tx.insert(claimFiles).values(rows).returning();
}

export async function findFile(db: Db, claimId: number, fileId: number): Promise<ClaimFileRow | null> {
  const [row] = await db
    .select()
    .from(claimFiles)
    .where(and(eq(claimFiles.id, fileId), eq(claimFiles.claimId, claimId)));
  return row ?? null;
}

export async function eventsOf(db: Db, claimId: number): Promise<ClaimEventRow[]> {
  return db.select().from(claimEvents).where(eq(claimEvents.claimId, claimId)).orderBy(asc(claimEvents.id));
}

/** `supplementSince` may be the database's `now()`, the clock file rows are stamped with. */
type ClaimUpdate = Partial<
  Pick<
    ClaimRow,
    'status' | 'paidFen' | 'paidAt' | 'materialsCompleteAt' | 'decisionDueOn' | 'decidedAt' | 'paymentDueOn'
  >
>;

export async function updateClaim(
  tx: Tx,
  id: number,
  values: ClaimUpdate & { supplementSince?: SQL },
  at: Date,
): Promise<void> {
  await tx
    .update(claims)
    .set({ ...values, updatedAt: at })
    .where(eq(claims.id, id));
}

/** The insured person of a policy by their policy_insureds id, or null when not on that policy. */
export async function insuredOnPolicy(
  db: Db,
  policyId: number,
  policyInsuredId: number,
): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: policyInsureds.id, name: orderPersons.name })
    .from(policyInsureds)
    .innerJoin(orderPersons, eq(orderPersons.id, policyInsureds.orderPersonId))
    .where(and(eq(policyInsureds.id, policyInsuredId), eq(policyInsureds.policyId, policyId)));
  return row ?? null;
}
