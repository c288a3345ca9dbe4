import { and, eq, isNull, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE } from '#shared/constants.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SubmitDraftInput } from '#shared/orders.ts';
import type { Tx } from '../../db/client.ts';
import { members, orderDrafts, orderPersons, orders, purchaseEvents } from '../../db/schema.ts';
import type { OrderSnapshot } from '../../db/schema/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import { beijingCompactDate, beijingMinute, beijingToday } from '#shared/beijing-time.ts';
import { findSellable, versionNames, type SellableProduct } from '../catalogue/repository.ts';
import { coverWindow } from './cover-window.ts';
import { sendMessage } from '../messages/repository.ts';
import { isActiveRecommender } from '../partners/recommender.ts';
import { buildApplication, type Application } from './application.ts';
import { lockOpenDraft, teamRows } from './draft-repository.ts';
import { draftEvents, origin, progressOf, trailIssues } from './trail.ts';

/**
 * Submission: the draft becomes an order in one transaction — checked form, trail and premium,
 * order number, snapshot of what is sold, persons, the trail moved onto the order and a submit
 * event. Any failure leaves nothing behind and the draft as it was.
 */

type SubmitInput = { recommendId?: number | null; pageVersion?: string } & Omit<SubmitDraftInput, 'recommendId'>;

export function formatOrderNo(at: Date, sequence: number): string {
  return `O${beijingCompactDate(at)}${String(sequence % 100_000_000).padStart(8, '0')}`;
}

/**
 * Pay-by time: the configured minutes, but never past the start of cover, so that a policy is
 * never bought for a time already begun (a start date of today keeps the full period).
 */
export function payDeadline(now: Date, timeoutMin: number, startDate: string): Date {
  const timeout = now.getTime() + timeoutMin * 60_000;
  const { effectiveAt } = coverWindow(startDate, startDate);
  const start = effectiveAt.getTime();
  return new Date(start > now.getTime() ? Math.min(timeout, start) : timeout);
}

/** The sharer: an active recommender (never the buyer), from the link, else who brought the buyer in. */
async function recommenderOf(
  tx: Tx,
  memberId: number,
  candidates: (number | null | undefined)[],
  fallback: number | null,
): Promise<number | null> {
  for (const id of [...candidates, fallback]) {
    if (id && id !== memberId && (await isActiveRecommender(tx, id))) return id;
  }
  return null;
}

function snapshotOf(product: SellableProduct, app: Application): OrderSnapshot {
  const plan = product.content.plans.find((p) => p.code === app.planCode)!;
  const term = product.content.terms.find((t) => t.days === app.termDays)!;
  return {
    product: {
      id: product.id,
      code: product.code,
      name: product.name,
      insurer: product.insurer,
      version: product.version,
    },
    plan: {
      code: plan.code,
      name: plan.name,
      coverages: plan.coverages.map(({ name, sumInsuredFen, description }) => ({ name, sumInsuredFen, description })),
    },
    term: { days: term.days, label: term.label },
    region: app.region,
    coolingOffDays: product.content.coolingOffDays,
    waitingDays: product.content.waitingDays,
  };
}

async function insertPersons(tx: Tx, orderId: number, app: Application): Promise<void> {
  const rows = [
    ...(app.applicant ? [{ ...app.applicant, role: 'applicant' as const, sort: 0, premiumFen: null }] : []),
    ...app.insured.map((p, i) => ({ ...p, role: 'insured' as const, sort: i })),
  ].map((p) => ({ ...p, orderId }));
  for (let i = 0; i < rows.length; i += 500) await tx.insert(orderPersons).values(rows.slice(i, i + 500));
}

/** Submits the member's open draft; answers the new order's id. */
export async function submitDraft(
  app: FastifyInstance,
  memberId: number,
  draftId: number,
  input: SubmitInput,
  request?: FastifyRequest,
): Promise<number> {
  return app.db.transaction(async (tx) => {
    const draft = await lockOpenDraft(tx, memberId, draftId);
    if (!draft) throw new AppError('A0404', 'orders.draftNotFound');
    // Shared lock: a partner relation being removed at this moment either sees this order or is seen.
    const [member] = await tx
      .select({
        status: members.status,
        channelId: members.channelId,
        recommenderId: members.recommenderId,
        consentAt: members.consentAt,
        termsVersion: members.termsVersion,
        privacyVersion: members.privacyVersion,
      })
      .from(members)
      .where(eq(members.id, memberId))
      .for('share');
    if (!member) throw new AppError('A0230');
    if (member.status === 'disabled') throw new AppError('A0202');
    const product = await findSellable(tx, draft.productId, DEFAULT_LANGUAGE);
    if (!product)
      throw new AppError('A0420', 'orders.productOffSale', [{ field: 'productId', message: 'orders.productOffSale' }]);

    const rows = product.team ? await teamRows(tx, draft.id) : [];
    const now = new Date();
    const application = buildApplication(product, draft, rows, beijingToday(now));
    const issues = trailIssues(progressOf(await draftEvents(tx, draft.id), product.versionId, product.content));
    if (issues.length) throw new AppError('A0420', issues[0].message, issues);

    const recommendId = await recommenderOf(tx, memberId, [input.recommendId, draft.recommendId], member.recommenderId);
    const expiresAt = payDeadline(now, app.config.ORDER_PAY_TIMEOUT_MIN, application.startDate);
    const [{ seq }] = await tx.select({ seq: sql<string>`nextval('order_no_seq')` }).from(sql`(select 1) as one`);
    const plan = product.content.plans.find((p) => p.code === application.planCode)!;
    const [order] = await tx
      .insert(orders)
      .values({
        orderNo: formatOrderNo(now, Number(seq)),
        memberId,
        draftId: draft.id,
        productId: product.id,
        versionId: product.versionId,
        productName: product.name,
        insurer: product.insurer,
        planCode: plan.code,
        planName: plan.name,
        termDays: application.termDays,
        startDate: application.startDate,
        endDate: application.quote.endDate,
        team: product.team,
        insuredCount: application.quote.insuredCount,
        premiumFen: application.quote.premiumFen,
        holder: application.holder,
        snapshot: snapshotOf(product, application),
        channelId: member.channelId,
        recommendId,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id, orderNo: orders.orderNo });
    await insertPersons(tx, order.id, application);
    await tx
      .update(purchaseEvents)
      .set({ orderId: order.id })
      .where(and(eq(purchaseEvents.draftId, draft.id), isNull(purchaseEvents.orderId)));
    await tx
      .update(orderDrafts)
      .set({ status: 'submitted', orderId: order.id, updatedAt: now })
      .where(eq(orderDrafts.id, draft.id));
    await tx.insert(purchaseEvents).values({
      memberId,
      draftId: draft.id,
      orderId: order.id,
      versionId: product.versionId,
      type: 'submit',
      detail: {
        orderNo: order.orderNo,
        premiumFen: application.quote.premiumFen,
        insuredCount: application.quote.insuredCount,
        pageVersion: input.pageVersion ?? null,
        recommendId,
        // The member row keeps only the latest sign-in consent; the order keeps the one in force now.
        signInConsent: member.consentAt
          ? { at: member.consentAt.toISOString(), terms: member.termsVersion, privacy: member.privacyVersion }
          : null,
      },
      ...origin(request),
    });
    const names = await versionNames(tx, product.versionId, product.name, plan);
    await sendMessage(tx, {
      memberId,
      type: 'order',
      template: 'order.submitted',
      params: {
        orderNo: order.orderNo,
        product: names.product,
        plan: names.plan,
        premiumFen: application.quote.premiumFen,
        deadline: beijingMinute(expiresAt),
      },
      link: `/pay/index?orderId=${order.id}`,
    });
    return order.id;
  });
}
