import { and, count, eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE } from '#shared/constants.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEALTH_BLOCKED_MESSAGE, type Draft, type TrailAnswer, type TrailEventInput } from '#shared/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { orderDrafts, purchaseEvents } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseAcceptLanguage } from '../../lib/request-language.ts';
import { findSellable } from '../catalogue/repository.ts';
import {
  createDraft,
  findOpenDraft,
  teamCount,
  updateDraft,
  type DraftPatch,
  type DraftRow,
} from './draft-repository.ts';
import { draftProduct, requireOnSale, type DraftProduct } from './draft-product.ts';
import { draftNotFound } from './params.ts';
import { toDraft } from './present.ts';
import { draftEvents, healthQuestionIds, progressOf, recordEvent } from './trail.ts';
import { phrase } from '../../lib/texts/render.ts';
import type { IssueText } from '../../lib/texts/issues.ts';
import { renderText } from '../../lib/texts/render.ts';

/** Drafts (投保单): saved at any step, resumed later, each with its purchase trail. */

/** Open drafts a member may keep, and trail events a draft may collect (both far above real use). */
export const MAX_OPEN_DRAFTS = 50;
const MAX_TRAIL_EVENTS = 1000;

type PlanFields = Pick<DraftPatch, 'planCode' | 'termDays'>;

/** Plan and term, when given, must be the product's: a draft may be incomplete, never wrong. */
function checkPlan(product: DraftProduct, fields: PlanFields): void {
  const issues: IssueText[] = [];
  if (fields.planCode && !product.content.plans.some((p) => p.code === fields.planCode)) {
    issues.push({
      field: 'planCode',
      message: phrase('orders.planUnknown', { plans: product.content.plans.map((p) => p.name) }),
    });
  }
  if (fields.termDays && !product.content.terms.some((t) => t.days === fields.termDays)) {
    issues.push({
      field: 'termDays',
      message: phrase('orders.termUnknown', { terms: product.content.terms.map((t) => t.label) }),
    });
  }
  if (issues.length) throw new AppError('A0400', issues[0].message, issues);
}

/** Refuses when `more` new drafts would take the member past MAX_OPEN_DRAFTS open ones. */
export async function requireDraftRoom(db: Db | Tx, memberId: number, more: number): Promise<void> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(orderDrafts)
    .where(and(eq(orderDrafts.memberId, memberId), eq(orderDrafts.status, 'open')));
  if (Number(n) + more > MAX_OPEN_DRAFTS)
    throw new AppError('A0420', phrase('orders.openDrafts', { max: MAX_OPEN_DRAFTS }));
}

export async function draftAnswer(db: Db, draft: DraftRow, product?: DraftProduct): Promise<Draft> {
  const p = product ?? (await draftProduct(db, draft));
  const [events, teamSize] = await Promise.all([draftEvents(db, draft.id), p.team ? teamCount(db, draft.id) : 0]);
  return toDraft(draft, {
    productName: p.name,
    team: p.team,
    onSale: p.onSale,
    versionId: p.versionId,
    teamCount: teamSize,
    progress: progressOf(events, p.versionId, p.content),
  });
}

export async function startDraft(
  app: FastifyInstance,
  memberId: number,
  input: PlanFields & Omit<DraftPatch, 'versionId'> & { productId: number },
): Promise<Draft> {
  const product = await findSellable(app.db, input.productId, DEFAULT_LANGUAGE);
  if (!product) throw new AppError('A0404', 'catalogue.productNotFound');
  checkPlan({ ...product, onSale: true }, input);
  await requireDraftRoom(app.db, memberId, 1);
  const draft = await createDraft(app.db, { ...input, memberId, versionId: product.versionId });
  return draftAnswer(app.db, draft, { ...product, onSale: true });
}

/** Saves the fields sent; the draft moves to the product's current version. */
export async function saveDraft(
  app: FastifyInstance,
  memberId: number,
  draftId: number,
  patch: Omit<DraftPatch, 'versionId'>,
): Promise<Draft> {
  const draft = await findOpenDraft(app.db, memberId, draftId);
  if (!draft) throw draftNotFound();
  const product = await draftProduct(app.db, draft);
  checkPlan(product, patch);
  const saved = await updateDraft(app.db, draft.id, { ...patch, versionId: product.versionId });
  return draftAnswer(app.db, saved, product);
}

export async function ownDraft(db: Db, memberId: number, draftId: number): Promise<DraftRow> {
  const draft = await findOpenDraft(db, memberId, draftId);
  if (!draft) throw draftNotFound();
  return draft;
}

function trailDetail(
  product: DraftProduct,
  event: TrailEventInput,
): { document?: DraftProduct['content']['documents'][number]['kind']; detail: Record<string, unknown> } {
  const kinds = new Set(product.content.documents.map((d) => d.kind));
  switch (event.type) {
    case 'page':
      return { detail: { step: event.step, pageVersion: event.pageVersion ?? null } };
    case 'open':
      if (!kinds.has(event.document))
        throw new AppError('A0400', 'orders.noSuchDocument', [{ field: 'document', message: 'orders.noSuchDocument' }]);
      return { document: event.document, detail: {} };
    case 'confirm':
      if (event.documents.some((k) => !kinds.has(k)))
        throw new AppError('A0400', 'orders.noSuchDocument', [
          { field: 'documents', message: 'orders.noSuchDocument' },
        ]);
      return { detail: { documents: [...new Set(event.documents)] } };
    case 'health': {
      const ids = healthQuestionIds(product.content);
      if (!ids.length)
        throw new AppError('A0400', 'orders.noHealthQuestions', [
          { field: 'answers', message: 'orders.noHealthQuestions' },
        ]);
      const given = Object.keys(event.answers);
      if (given.length !== ids.length || ids.some((id) => !(id in event.answers))) {
        throw new AppError('A0400', 'orders.answerAllQuestions', [
          { field: 'answers', message: 'orders.answerAllQuestions' },
        ]);
      }
      return { detail: { answers: event.answers, anyYes: Object.values(event.answers).some(Boolean) } };
    }
    case 'consent':
      return { detail: { granted: event.granted } };
  }
}

/** Records one trail event for the product version the buyer is looking at. */
export async function addTrailEvent(
  app: FastifyInstance,
  memberId: number,
  draftId: number,
  event: TrailEventInput,
  request: FastifyRequest,
): Promise<TrailAnswer> {
  const draft = await ownDraft(app.db, memberId, draftId);
  const product = await draftProduct(app.db, draft);
  requireOnSale(product);
  if ('versionId' in event && event.versionId !== product.versionId) {
    throw new AppError('A0409', 'orders.termsChanged', [{ field: 'versionId', message: 'orders.termsChanged' }]);
  }
  const [{ n }] = await app.db.select({ n: count() }).from(purchaseEvents).where(eq(purchaseEvents.draftId, draft.id));
  if (Number(n) >= MAX_TRAIL_EVENTS) throw new AppError('A0429');
  const { document, detail } = trailDetail(product, event);
  // The language the texts were shown in: the purchase record says which text was read (docs/decisions/purchase-record.md).
  const shownIn = event.type === 'page' ? {} : { language: parseAcceptLanguage(request.headers['accept-language']) };
  await recordEvent(
    app.db,
    {
      memberId,
      draftId: draft.id,
      versionId: product.versionId,
      type: event.type,
      document,
      detail: { ...detail, ...shownIn },
    },
    request,
  );
  if (draft.versionId !== product.versionId) await updateDraft(app.db, draft.id, { versionId: product.versionId });
  const progress = progressOf(await draftEvents(app.db, draft.id), product.versionId, product.content);
  const language = parseAcceptLanguage(request.headers['accept-language']);
  return {
    progress,
    blockedMessage: progress.health === 'blocked' ? renderText(language, HEALTH_BLOCKED_MESSAGE) : null,
  };
}
