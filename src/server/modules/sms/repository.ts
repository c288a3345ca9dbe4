import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { SMS_MAX_ATTEMPTS } from '#shared/constants.ts';
import type { Db, Tx } from '../../db/client.ts';
import { members, smsCodes } from '../../db/schema.ts';

export type SmsCodeRow = typeof smsCodes.$inferSelect;
type Conn = Db | Tx;

/** Serialises code issuing per phone until the transaction ends (PostgreSQL advisory lock). */
export async function lockPhone(tx: Tx, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
}

/** The newest code of a phone and type: the only one that can still be used. */
export async function latestCode(db: Conn, phone: string, type: string): Promise<SmsCodeRow | null> {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.type, type)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1);
  return row ?? null;
}

export async function countCodesSince(db: Conn, phone: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), gte(smsCodes.createdAt, since)));
  return row.n;
}

/** Older live codes of the phone and type end now: a new code replaces them. */
export async function retireCodes(db: Conn, phone: string, type: string, now: Date): Promise<void> {
  await db
    .update(smsCodes)
    .set({ expiresAt: now })
    .where(
      and(eq(smsCodes.phone, phone), eq(smsCodes.type, type), isNull(smsCodes.consumedAt), gt(smsCodes.expiresAt, now)),
    );
}

export async function insertCode(
  db: Conn,
  values: { phone: string; type: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(smsCodes).values(values).returning({ id: smsCodes.id });
  return row.id;
}

export async function deleteCode(db: Conn, id: number): Promise<void> {
  await db.delete(smsCodes).where(eq(smsCodes.id, id));
}

/** Counts a wrong guess; null when the code had no attempts left already. */
export async function recordWrongAttempt(db: Conn, id: number): Promise<number | null> {
  const [row] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, id), lt(smsCodes.attempts, SMS_MAX_ATTEMPTS)))
    .returning({ attempts: smsCodes.attempts });
  return row?.attempts ?? null;
}

/** Marks the code used; false when another request used, exhausted or outlived it first. */
export async function consumeCode(db: Conn, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(smsCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(smsCodes.id, id),
        isNull(smsCodes.consumedAt),
        lt(smsCodes.attempts, SMS_MAX_ATTEMPTS),
        gt(smsCodes.expiresAt, now),
      ),
    )
    .returning({ id: smsCodes.id });
  return rows.length > 0;
}

/** The member holding this mobile, whatever their status; null when nobody does. */
export async function memberByMobile(
  db: Conn,
  mobile: string,
): Promise<{ id: number; status: 'active' | 'disabled' } | null> {
  const [row] = await db
    .select({ id: members.id, status: members.status })
    .from(members)
    .where(eq(members.mobile, mobile))
    .limit(1);
  return row ?? null;
}
