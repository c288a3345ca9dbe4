import type { FastifyInstance, FastifyRequest } from 'fastify';
import { POLICY_STATUS_KEYS, policyStatusOf } from '#shared/orders.ts';
import type { Language } from '#shared/constants.ts';
import type { SurrenderResult } from '#shared/policies.ts';
import { writeAuditIn } from '../../db/audit.ts';
import { AppError } from '../../lib/app-error.ts';
import { PayApiError, PayTransportError } from '../../providers/pay/index.ts';
import { versionNames } from '../catalogue/repository.ts';
import { sendMessage } from '../messages/repository.ts';
import { reverseCommission } from '../finance/commission.ts';
import { redLetterOnSurrender } from '../invoices/red-letter.ts';
import { beijingDay } from '#shared/beijing-time.ts';
import { policyNotFound } from './policies.ts';
import { coolingOffUntil } from '../catalogue/cooling-off.ts';
import { cancelBeforeStart, surrenderRefusal } from './present.ts';
import { lockOwnPolicy, markSurrendered, standingClaims, type PolicyWithOrder } from './repository.ts';
import { phrase, renderText } from '../../lib/texts/render.ts';

/**
 * 犹豫期退保: inside the product version's cooling-off period (see catalogue/cooling-off.ts), and on
 * every product before cover starts (docs/decisions/cancel-before-start.md), the member may end the
 * policy and gets the whole premium back, the way it was paid.
 *
 * Exactly once, however often it is asked: the policy row is locked (SELECT … FOR UPDATE) for the
 * whole step, so a parallel request waits and then finds the policy surrendered; the refund's
 * out_refund_no is derived from the policy number, so even a refund whose answer was lost (the
 * transaction rolled back) is answered, not repeated, by WeChat Pay when the member tries again.
 * A repeat of a done surrender answers the same result.
 */

/** `R` + policy number: WeChat Pay refunds one out_refund_no once. */
export const refundNoOf = (policyNo: string) => `R${policyNo}`;

/** `statusText` in the reader's language. */
function resultOf({ policy, order }: PolicyWithOrder, language: Language): SurrenderResult {
  return {
    policyId: policy.id,
    policyNo: policy.policyNo,
    status: 'surrendered',
    statusText: renderText(language, POLICY_STATUS_KEYS.surrendered),
    surrenderedAt: policy.surrenderedAt!.toISOString(),
    refundFen: order.refundFen ?? 0,
    refundStatus: order.refundStatus,
    refundNo: order.refundNo ?? refundNoOf(policy.policyNo),
  };
}

export async function surrenderPolicy(
  app: FastifyInstance,
  request: FastifyRequest,
  memberId: number,
  policyId: number,
  reason: string,
  language: Language,
): Promise<{ result: SurrenderResult; repeated: boolean }> {
  return app.db.transaction(async (tx) => {
    const found = await lockOwnPolicy(tx, memberId, policyId);
    if (!found) throw policyNotFound();
    const { policy, order } = found;
    if (policy.surrenderedAt) return { result: resultOf(found, language), repeated: true };

    const now = new Date();
    const status = policyStatusOf(policy, now.getTime());
    const refusal = surrenderRefusal(found, status, await standingClaims(tx, policy.id), now.getTime());
    if (refusal) {
      const until = coolingOffUntil(policy.issuedAt, order.snapshot.coolingOffDays);
      const outsidePeriod = status !== 'pending' && (until === null || now.getTime() >= until.getTime());
      throw new AppError(outsidePeriod ? 'A0460' : 'A0409', phrase('policies.surrenderContact', { reason: refusal }));
    }

    const beforeStart = cancelBeforeStart(found, status, now.getTime());
    const refundNo = refundNoOf(policy.policyNo);
    let refund;
    try {
      refund = await app.providers.pay.refund({
        outTradeNo: order.orderNo,
        outRefundNo: refundNo,
        reason: `${beforeStart ? '生效前退保' : '犹豫期退保'} ${policy.policyNo}`,
        refundFen: order.premiumFen,
        totalFen: order.premiumFen,
      });
    } catch (error) {
      if (error instanceof PayApiError || error instanceof PayTransportError) {
        request.log.error({ err: error, policyNo: policy.policyNo }, 'surrender refund failed');
        throw new AppError('C0130', 'policies.refundUnavailable');
      }
      throw error;
    }

    await markSurrendered(tx, {
      policyId: policy.id,
      orderId: order.id,
      at: now,
      reason,
      refund: { no: refundNo, id: refund.refundId, status: refund.status, fen: refund.refundFen },
    });
    await reverseCommission(tx, order.id, now);
    await redLetterOnSurrender(tx, order.id, now);
    const names = await versionNames(tx, policy.versionId, policy.productName, {
      code: order.planCode,
      name: policy.planName,
    });
    await sendMessage(tx, {
      memberId,
      type: 'policy',
      template: beforeStart ? 'policy.cancelledBeforeStart' : 'policy.surrendered',
      params: {
        policyNo: policy.policyNo,
        product: names.product,
        plan: names.plan,
        endDay: beijingDay(now),
        refundFen: refund.refundFen,
      },
      link: `/policy/index?id=${policy.id}`,
    });
    await writeAuditIn(
      tx,
      {
        memberId,
        type: 'policy_surrender',
        subject: policy.policyNo,
        detail: {
          policyId: policy.id,
          orderNo: order.orderNo,
          refundNo,
          refundId: refund.refundId,
          refundStatus: refund.status,
          refundFen: refund.refundFen,
          reason,
        },
      },
      request,
    );
    return {
      result: resultOf(
        {
          policy: { ...policy, surrenderedAt: now, surrenderReason: reason },
          order: { ...order, refundFen: refund.refundFen, refundStatus: refund.status, refundNo },
        },
        language,
      ),
      repeated: false,
    };
  });
}
