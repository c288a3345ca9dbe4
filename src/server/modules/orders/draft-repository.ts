import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { ProductLocales } from '#shared/catalogue.ts';
import type { Db, Tx } from '../../db/client.ts';
import { draftTeamMembers, orderDrafts, products, productVersions } from '../../db/schema.ts';

/** Drafts and their team lists; every read and write is scoped to the owner (others' ids are "not found"). */

export type DraftRow = typeof orderDrafts.$inferSelect;
export type TeamMemberRow = typeof draftTeamMembers.$inferSelect;
export type DraftPatch = Partial<
  Pick<
    DraftRow,
    | 'versionId'
    | 'planCode'
    | 'termDays'
    | 'startDate'
    | 'region'
    | 'applicant'
    | 'insured'
    | 'holder'
    | 'step'
    | 'recommendId'
  >
>;

const own = (memberId: number, id: number) =>
  and(eq(orderDrafts.id, id), eq(orderDrafts.memberId, memberId), eq(orderDrafts.status, 'open'));

export async function createDraft(
  db: Db | Tx,
  values: DraftPatch & { memberId: number; productId: number; versionId: number },
): Promise<DraftRow> {
  const [row] = await db.insert(orderDrafts).values(values).returning();
  return row;
}

/** The member's open draft, or null (someone else's, submitted, deleted or never made). */
export async function findOpenDraft(db: Db, memberId: number, id: number): Promise<DraftRow | null> {
  const [row] = await db.select().from(orderDrafts).where(own(memberId, id));
  return row ?? null;
}

/** Same, locking the row until the transaction ends: list changes and submission take turns. */
export async function lockOpenDraft(tx: Tx, memberId: number, id: number): Promise<DraftRow | null> {
  const [row] = await tx.select().from(orderDrafts).where(own(memberId, id)).for('update');
  return row ?? null;
}

export async function updateDraft(db: Db, id: number, patch: DraftPatch): Promise<DraftRow> {
  const [row] = await db
    .update(orderDrafts)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(orderDrafts.id, id))
    .returning();
  return row;
}

export async function deleteDraft(db: Db, memberId: number, id: number): Promise<boolean> {
  const deleted = await db.delete(orderDrafts).where(own(memberId, id)).returning({ id: orderDrafts.id });
  return deleted.length > 0;
}

export async function touchDraft(db: Db, id: number): Promise<void> {
  await db.update(orderDrafts).set({ updatedAt: new Date() }).where(eq(orderDrafts.id, id));
}

/** Open drafts, most recently saved first, with what the list shows of their product. */
export async function listDrafts(db: Db, memberId: number, page: number, pageSize: number) {
  const where = and(eq(orderDrafts.memberId, memberId), eq(orderDrafts.status, 'open'));
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(orderDrafts).where(where),
    db
      .select({
        draft: orderDrafts,
        productName: products.name,
        team: products.team,
        plans: sql<{ code: string; name: string }[]>`${productVersions.content}->'plans'`,
        // The version's translations: the list names product and plan in the reader's language.
        locales: sql<ProductLocales | null>`${productVersions.content}->'locales'`,
        onSale: sql<boolean>`${products.status} = 'on_sale' and ${products.currentVersionId} is not null`,
        teamCount: sql<number>`(select count(*)::int from ${draftTeamMembers} where ${draftTeamMembers.draftId} = ${orderDrafts.id})`,
      })
      .from(orderDrafts)
      .innerJoin(products, eq(products.id, orderDrafts.productId))
      .innerJoin(productVersions, eq(productVersions.id, orderDrafts.versionId))
      .where(where)
      .orderBy(desc(orderDrafts.updatedAt), desc(orderDrafts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { total: Number(total), rows };
}

// ---------------------------------------------------------------- team list

export async function teamRows(db: Db, draftId: number): Promise<TeamMemberRow[]> {
  return db
    .select()
    .from(draftTeamMembers)
    .where(eq(draftTeamMembers.draftId, draftId))
    .orderBy(asc(draftTeamMembers.id));
}

export async function teamCount(db: Db, draftId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(draftTeamMembers).where(eq(draftTeamMembers.draftId, draftId));
  return Number(row.n);
}

export async function findTeamRow(db: Db, draftId: number, rowId: number): Promise<TeamMemberRow | null> {
  const [row] = await db
    .select()
    .from(draftTeamMembers)
    .where(and(eq(draftTeamMembers.draftId, draftId), eq(draftTeamMembers.id, rowId)));
  return row ?? null;
}

export type NewTeamMember = Omit<typeof draftTeamMembers.$inferInsert, 'id' | 'draftId' | 'createdAt'>;

export async function insertTeamRows(db: Db, draftId: number, rows: NewTeamMember[]): Promise<void> {
  // Bounded batches: a 500-person list is one statement of 500 rows × 5 values.
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(draftTeamMembers).values(rows.slice(i, i + 500).map((r) => ({ ...r, draftId })));
  }
}

export async function updateTeamRow(db: Db, draftId: number, rowId: number, values: NewTeamMember): Promise<void> {
  await db
    .update(draftTeamMembers)
    .set(values)
    .where(and(eq(draftTeamMembers.draftId, draftId), eq(draftTeamMembers.id, rowId)));
}

export async function deleteTeamRow(db: Db, draftId: number, rowId: number): Promise<boolean> {
  const deleted = await db
    .delete(draftTeamMembers)
    .where(and(eq(draftTeamMembers.draftId, draftId), eq(draftTeamMembers.id, rowId)))
    .returning({ id: draftTeamMembers.id });
  return deleted.length > 0;
}
