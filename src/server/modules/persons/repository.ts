import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { PersonKind, PersonValues } from '#shared/persons.ts';
import { birthDateFromId, sexFromId } from '#shared/identity.ts';
import type { Db } from '../../db/client.ts';
import { savedPersons } from '../../db/schema.ts';

export type SavedPersonRow = typeof savedPersons.$inferSelect;

/** The stored columns of a validated request: birth date and sex always follow the ID number. */
function columns(values: PersonValues) {
  return {
    kind: values.kind,
    name: values.name,
    idType: values.idType,
    idNumber: values.idNumber,
    birthDate: birthDateFromId(values.idNumber),
    sex: sexFromId(values.idNumber),
    mobile: values.mobile ?? null,
    email: values.email ?? null,
    relation: values.kind === 'insured' ? (values.relation ?? null) : null,
    consentAt: new Date(),
    updatedAt: new Date(),
  };
}

export async function listPersons(db: Db, memberId: number, kind: PersonKind): Promise<SavedPersonRow[]> {
  return db
    .select()
    .from(savedPersons)
    .where(and(eq(savedPersons.memberId, memberId), eq(savedPersons.kind, kind)))
    .orderBy(desc(savedPersons.updatedAt), desc(savedPersons.id));
}

/** The member's own record, or undefined (someone else's id looks exactly like a missing one). */
export async function findPerson(db: Db, memberId: number, id: number): Promise<SavedPersonRow | undefined> {
  const [row] = await db
    .select()
    .from(savedPersons)
    .where(and(eq(savedPersons.id, id), eq(savedPersons.memberId, memberId)));
  return row;
}

export async function findByIdNumber(
  db: Db,
  memberId: number,
  kind: PersonKind,
  idNumber: string,
  exceptId?: number,
): Promise<SavedPersonRow | undefined> {
  const [row] = await db
    .select()
    .from(savedPersons)
    .where(
      and(
        eq(savedPersons.memberId, memberId),
        eq(savedPersons.kind, kind),
        eq(savedPersons.idNumber, idNumber),
        exceptId === undefined ? undefined : ne(savedPersons.id, exceptId),
      ),
    );
  return row;
}

export async function countPersons(db: Db, memberId: number, kind: PersonKind): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(savedPersons)
    .where(and(eq(savedPersons.memberId, memberId), eq(savedPersons.kind, kind)));
  return Number(row.n);
}

/** Inserts, or updates the row with the same member, kind and ID number (de-duplication). */
export async function upsertPerson(db: Db, memberId: number, values: PersonValues): Promise<SavedPersonRow> {
  const set = columns(values);
  const [row] = await db
    .insert(savedPersons)
    .values({ memberId, ...set })
    .onConflictDoUpdate({ target: [savedPersons.memberId, savedPersons.kind, savedPersons.idNumber], set })
    .returning();
  return row;
}

export async function updatePerson(
  db: Db,
  memberId: number,
  id: number,
  values: PersonValues,
): Promise<SavedPersonRow | undefined> {
  const [row] = await db
    .update(savedPersons)
    .set(columns(values))
    .where(and(eq(savedPersons.id, id), eq(savedPersons.memberId, memberId)))
    .returning();
  return row;
}

export async function deletePerson(db: Db, memberId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(savedPersons)
    .where(and(eq(savedPersons.id, id), eq(savedPersons.memberId, memberId)))
    .returning({ id: savedPersons.id });
  return rows.length > 0;
}
