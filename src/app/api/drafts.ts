import type {
  CreateDraftInput,
  Draft,
  DraftList,
  OrderDetail,
  SubmitDraftInput,
  TrailAnswer,
  TrailEventInput,
  UpdateDraftInput,
} from '#shared/orders.ts';
import * as paths from '#shared/api-paths.ts';
import { unwrap } from './client.ts';
import { issuesClient, withIssues } from './field-issues.ts';

/*
 * Drafts (投保单) of the buying flow (src/shared/orders.ts): saved at any step on the
 * server, the purchase trail recorded as it happens, and submission into an order. Refusals come
 * back as IssuesError, naming the fields to mark.
 */

/**
 * Where a prepared purchase opens: the buying flow, which resumes the draft at its saved step (草稿箱's
 * 继续, the check-up's gaps). One way for every view that hands a draft over.
 */
export function resumeLink(d: { id: number; productId: number }): string {
  return `/insureDetails/index?productId=${d.productId}&draftId=${d.id}`;
}

export function createDraft(input: CreateDraftInput): Promise<Draft> {
  return withIssues((context) => unwrap<Draft>(issuesClient.post(paths.drafts.list(), { json: input, context })));
}

/** A draft by id; `silent` when the screen says itself that it is gone. */
export function getDraft(id: number, silent = false): Promise<Draft> {
  return unwrap<Draft>(issuesClient.get(paths.drafts.detail({ id }), { context: silent ? { silent: true } : {} }));
}

export function saveDraft(id: number, patch: UpdateDraftInput): Promise<Draft> {
  return withIssues((context) =>
    unwrap<Draft>(issuesClient.put(paths.drafts.detail({ id }), { json: patch, context })),
  );
}

export async function deleteDraft(id: number): Promise<void> {
  await unwrap<{ id: number }>(issuesClient.delete(paths.drafts.detail({ id })));
}

export function listDrafts(page: number, pageSize: number): Promise<DraftList> {
  return unwrap<DraftList>(issuesClient.get(paths.drafts.list(), { searchParams: { page, pageSize } }));
}

/** One trail event (document opened or confirmed, health answers, consent, step shown). */
export function addTrail(id: number, event: TrailEventInput, silent = false): Promise<TrailAnswer> {
  return withIssues((context) =>
    unwrap<TrailAnswer>(
      issuesClient.post(paths.drafts.trail({ id }), {
        json: event,
        context: silent ? { ...context, silent: true } : context,
      }),
    ),
  );
}

/** The draft becomes an order (server-side checks, premium and trail); answers the order. */
export function submitDraft(id: number, input: SubmitDraftInput): Promise<OrderDetail> {
  return withIssues((context) =>
    unwrap<OrderDetail>(issuesClient.post(paths.drafts.submit({ id }), { json: input, context })),
  );
}
