import { formatYuan } from '#shared/money.ts';
import type { RelationRemoved } from '#shared/partners.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Db } from '../../db/client.ts';
import { writeAuditIn } from '../../db/audit.ts';
import { AppError } from '../../lib/app-error.ts';
import { settleDueCommissions } from '../finance/settlement.ts';
import { clearRelation, lockPair, relationDependencies } from './repository.ts';
import { phrase } from '../../lib/texts/render.ts';

export const relationNotFound = () => new AppError('A0404', 'partners.noRelation');

/**
 * Removes the relation between partners a and b, whichever recommended the other. Both member rows
 * are locked (in id order, so two removals cannot deadlock) before the checks, and the clearing is
 * conditional on the relation still being there, so of two simultaneous removals one succeeds and
 * the other answers 404; a removal racing an edit waits for it.
 */
export async function removeRelation(
  db: Db,
  changes: ChangeFeed,
  actorId: number,
  a: number,
  b: number,
): Promise<RelationRemoved> {
  if (a === b) throw new AppError('A0400', 'partners.twoDifferent', [{ field: 'b', message: 'partners.twoDifferent' }]);
  // Commissions whose cooling-off period ended since the last sweep count as settled right away.
  await settleDueCommissions(db);
  const removed = await db.transaction(async (tx) => {
    const rows = await lockPair(tx, a, b);
    const ma = rows.find((r) => r.id === a);
    const mb = rows.find((r) => r.id === b);
    if (!ma || !mb || !ma.roles.includes('partner') || !mb.roles.includes('partner')) throw relationNotFound();
    const pair =
      mb.recommenderId === a
        ? { recommenderId: a, recommendedId: b }
        : ma.recommenderId === b
          ? { recommenderId: b, recommendedId: a }
          : null;
    if (!pair) throw relationNotFound();

    const dep = await relationDependencies(tx, pair.recommenderId, pair.recommendedId);
    if (dep.openOrders > 0) {
      throw new AppError('A0480', phrase('partners.openOrders', { count: dep.openOrders }));
    }
    if (dep.unsettledCommissions > 0) {
      throw new AppError(
        'A0481',
        phrase('partners.unsettled', { count: dep.unsettledCommissions, amount: formatYuan(dep.unsettledFen) }),
      );
    }
    if (!(await clearRelation(tx, pair))) throw relationNotFound();
    await writeAuditIn(tx, {
      memberId: actorId,
      type: 'partner_relation_removed',
      subject: `${pair.recommenderId}-${pair.recommendedId}`,
      detail: pair,
    });
    return pair;
  });
  // The recommended member's row (its recommender) is cached: drop it everywhere, after the commit.
  await changes.publish('roles', removed.recommendedId);
  return removed;
}
