import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { KeepResult } from '#shared/policies.ts';
import { beijingDeadline } from '#shared/beijing-time.ts';
import type { Db } from '../../db/client.ts';
import { writeAuditIn } from '../../db/audit.ts';
import { policies } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { coolingOffUntil } from '../catalogue/cooling-off.ts';
import { policyNotFound } from './policies.ts';
import { lockOwnPolicy } from './repository.ts';
import { phrase } from '../../lib/texts/render.ts';

/**
 * 保留 (keep) from the cooling-off reminder (docs/decisions/cooling-off-keep.md): records that the
 * member wants the policy, so no cooling-off reminder follows. It gives up nothing: the right to
 * surrender with a full refund lasts to the end of the period whatever was chosen. Only inside the
 * period and before a surrender; a repeat answers the first choice.
 */
export async function keepPolicy(
  db: Db,
  request: FastifyRequest,
  memberId: number,
  policyId: number,
): Promise<KeepResult> {
  return db.transaction(async (tx) => {
    const found = await lockOwnPolicy(tx, memberId, policyId);
    if (!found) throw policyNotFound();
    const { policy, order } = found;
    if (policy.coolingOffKeptAt) return { policyId, keptAt: policy.coolingOffKeptAt.toISOString() };
    if (policy.surrenderedAt) throw new AppError('A0409', 'policies.keepSurrendered');
    const until = coolingOffUntil(policy.issuedAt, order.snapshot.coolingOffDays);
    const now = new Date();
    if (!until) throw new AppError('A0460', 'policies.noCoolingOff');
    if (now >= until) throw new AppError('A0460', phrase('policies.coolingOffOver', { until: beijingDeadline(until) }));
    await tx.update(policies).set({ coolingOffKeptAt: now }).where(eq(policies.id, policy.id));
    await writeAuditIn(
      tx,
      { memberId, type: 'policy_keep', subject: policy.policyNo, detail: { policyId: policy.id } },
      request,
    );
    return { policyId, keptAt: now.toISOString() };
  });
}
