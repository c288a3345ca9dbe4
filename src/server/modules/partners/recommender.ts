import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema.ts';

/**
 * The recommender rule, the one place it is decided: a member recommends others (a sign-up's
 * recommendId, a promotion visit, an order's sharer) only while active and holding the partner or
 * channel role.
 */
export async function isActiveRecommender(db: Db | Tx, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ ok: sql<boolean>`${members.roles} && array['partner','channel']::text[]` })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.status, 'active')));
  return row?.ok === true;
}
