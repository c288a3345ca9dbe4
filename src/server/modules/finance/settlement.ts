import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { commissions, orders, policies } from '../../db/schema.ts';
import { coolingOffUntil } from '../catalogue/cooling-off.ts';

/**
 * A commission settles when its policy's cooling-off period (犹豫期) is over: from then on no
 * surrender can take it back, so nothing that depends on it (a partner relation) has to wait.
 * Products without a cooling-off period settle at once. Only earned commissions are looked at;
 * they are the ones still inside their period, so the set stays small. Answers how many settled.
 */
export async function settleDueCommissions(db: Db, now = new Date()): Promise<number> {
  const earned = await db
    .select({
      id: commissions.id,
      issuedAt: policies.issuedAt,
      days: sql<number>`coalesce((${orders.snapshot}->>'coolingOffDays')::int, 0)`,
    })
    .from(commissions)
    .innerJoin(orders, eq(orders.id, commissions.orderId))
    .innerJoin(policies, eq(policies.orderId, commissions.orderId))
    .where(eq(commissions.status, 'earned'));
  const due = earned
    .filter((c) => {
      const until = coolingOffUntil(c.issuedAt, Number(c.days));
      return until === null || until.getTime() <= now.getTime();
    })
    .map((c) => c.id);
  if (due.length === 0) return 0;
  // Conditional on 'earned': a surrender reversing one at the same moment keeps its reversal.
  const settled = await db
    .update(commissions)
    .set({ status: 'settled' })
    .where(and(inArray(commissions.id, due), eq(commissions.status, 'earned')))
    .returning({ id: commissions.id });
  return settled.length;
}
