import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { addedPolicies, addedPolicyFiles, addedPolicyInsureds, savedPersons } from '../../db/schema.ts';

/** Queries of 保单托管; every one scoped to the member (docs/decisions/policy-wallet.md). */

export type AddedPolicyRow = typeof addedPolicies.$inferSelect;
export type AddedInsuredRow = typeof addedPolicyInsureds.$inferSelect;
export type AddedFileRow = typeof addedPolicyFiles.$inferSelect;
type NewAddedPolicy = typeof addedPolicies.$inferInsert;
type NewAddedInsured = Omit<typeof addedPolicyInsureds.$inferInsert, 'addedPolicyId'>;

export interface AddedPolicyRecord {
  policy: AddedPolicyRow;
  insured: AddedInsuredRow[];
  files: AddedFileRow[];
}

/** The member's added policies (oldest first) with their insured persons and files. */
export async function listAdded(db: Db | Tx, memberId: number, ids?: number[]): Promise<AddedPolicyRecord[]> {
  const rows = await db
    .select()
    .from(addedPolicies)
    .where(and(eq(addedPolicies.memberId, memberId), ids ? inArray(addedPolicies.id, ids) : undefined))
    .orderBy(asc(addedPolicies.id));
  if (!rows.length) return [];
  const policyIds = rows.map((r) => r.id);
  const [insured, files] = await Promise.all([
    db
      .select()
      .from(addedPolicyInsureds)
      .where(inArray(addedPolicyInsureds.addedPolicyId, policyIds))
      .orderBy(asc(addedPolicyInsureds.id)),
    db
      .select()
      .from(addedPolicyFiles)
      .where(inArray(addedPolicyFiles.addedPolicyId, policyIds))
      .orderBy(asc(addedPolicyFiles.id)),
  ]);
  return rows.map((policy) => ({
    policy,
    insured: insured.filter((i) => i.addedPolicyId === policy.id),
    files: files.filter((f) => f.addedPolicyId === policy.id),
  }));
}

export async function findAdded(db: Db | Tx, memberId: number, id: number): Promise<AddedPolicyRecord | null> {
  return (await listAdded(db, memberId, [id]))[0] ?? null;
}

export async function countAdded(db: Db | Tx, memberId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(addedPolicies).where(eq(addedPolicies.memberId, memberId));
  return Number(n);
}

/** The member's saved persons with these ids (both kinds: the member themself may be a 常用投保人 only). */
export async function ownPersons(db: Db | Tx, memberId: number, ids: number[]) {
  return db
    .select()
    .from(savedPersons)
    .where(and(eq(savedPersons.memberId, memberId), inArray(savedPersons.id, ids)));
}

export async function insertAdded(tx: Tx, values: NewAddedPolicy, insured: NewAddedInsured[]): Promise<number> {
  const [row] = await tx.insert(addedPolicies).values(values).returning({ id: addedPolicies.id });
  await tx.insert(addedPolicyInsureds).values(insured.map((i) => ({ ...i, addedPolicyId: row.id })));
  return row.id;
}

export async function replaceAdded(
  tx: Tx,
  id: number,
  values: Omit<NewAddedPolicy, 'memberId'>,
  insured: NewAddedInsured[],
): Promise<void> {
  await tx
    .update(addedPolicies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(addedPolicies.id, id));
  await tx.delete(addedPolicyInsureds).where(eq(addedPolicyInsureds.addedPolicyId, id));
  await tx.insert(addedPolicyInsureds).values(insured.map((i) => ({ ...i, addedPolicyId: id })));
}

/** Deletes the member's added policies (all, or those ids) with their rows; answers the files' storage keys. */
export async function deleteAdded(
  tx: Tx,
  memberId: number,
  ids?: number[],
): Promise<{ policies: number; keys: string[] }> {
  const own = and(eq(addedPolicies.memberId, memberId), ids ? inArray(addedPolicies.id, ids) : undefined);
  const files = await tx
    .select({ key: addedPolicyFiles.storageKey })
    .from(addedPolicyFiles)
    .innerJoin(addedPolicies, eq(addedPolicies.id, addedPolicyFiles.addedPolicyId))
    .where(own);
  const deleted = await tx.delete(addedPolicies).where(own).returning({ id: addedPolicies.id });
  return { policies: deleted.length, keys: files.map((f) => f.key) };
}
