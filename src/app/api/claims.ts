import type {
  ClaimDeskList,
  ClaimDetail,
  ClaimList,
  ClaimPrecheckInput,
  ClaimPrecheckResult,
  ClaimReportInput,
  ClaimTransitionInput,
  ClaimUploadResult,
} from '#shared/claims.ts';
import type { Feedback, FeedbackInput, FeedbackList } from '#shared/feedback.ts';
import type { PolicyDetail, PolicyList } from '#shared/policies.ts';
import * as paths from '#shared/api-paths.ts';
import { apiClient, unwrap } from './client.ts';
import { issuesClient, withIssues } from './field-issues.ts';

/*
 * Claims (src/shared/claims.ts) in the server's order: report (`POST /claims`), then the materials
 * (`POST /claims/{id}/files`, multipart, field `file` repeated, at most 9 a request), and later
 * `POST /claims/{id}/supplement` when the claim asks for more. Plus the policies a claim is
 * reported on and the 1–5 star feedback (src/shared/feedback.ts). Refusals are toasted by the client.
 */

export function listClaims(page = 1, pageSize = 20): Promise<ClaimList> {
  return unwrap<ClaimList>(apiClient.get(paths.claims.list(), { searchParams: { page, pageSize } }));
}

export function getClaim(id: number): Promise<ClaimDetail> {
  return unwrap<ClaimDetail>(apiClient.get(paths.claims.detail({ id })));
}

/** Refusals come back as IssuesError naming the form's fields. */
export function reportClaim(input: ClaimReportInput): Promise<ClaimDetail> {
  return withIssues((context) => unwrap<ClaimDetail>(issuesClient.post(paths.claims.list(), { json: input, context })));
}

/** 理赔预审 (`POST /claims/precheck`): reads only; refusals come back as IssuesError naming the form's fields. */
export function precheckClaim(input: ClaimPrecheckInput): Promise<ClaimPrecheckResult> {
  return withIssues((context) =>
    unwrap<ClaimPrecheckResult>(issuesClient.post(paths.claims.precheck(), { json: input, context })),
  );
}

/** One request of at most 9 files; the server judges each by its first bytes and size. */
export function uploadClaimFiles(claimId: number, files: File[], kind = 'other'): Promise<ClaimUploadResult> {
  const body = new FormData();
  body.append('kind', kind);
  for (const f of files) body.append('file', f, f.name);
  return unwrap<ClaimUploadResult>(apiClient.post(paths.claims.files({ id: claimId }), { body }));
}

export function submitSupplement(claimId: number, note?: string): Promise<ClaimDetail> {
  return unwrap<ClaimDetail>(apiClient.post(paths.claims.supplement({ id: claimId }), { json: note ? { note } : {} }));
}

/** A stored material as a blob (the path needs the Bearer header, so no plain link); `url` is the file's, below its base. */
export async function claimFileBlob(url: string): Promise<Blob> {
  return (await apiClient.get(`${paths.claims.file.base}${url}`)).blob();
}

/** Staff desk (role channel): every member's claims (`GET /claims/desk`), nearest deadline first, then the other open ones. */
export function listClaimDesk(searchParams: Record<string, string | number>): Promise<ClaimDeskList> {
  return unwrap<ClaimDeskList>(apiClient.get(paths.claims.desk(), { searchParams }));
}

/** Staff move a claim on (`POST /claims/{id}/transition`); the server's refusal is toasted by the client. */
export function transitionClaim(claimId: number, body: ClaimTransitionInput): Promise<ClaimDetail> {
  return unwrap<ClaimDetail>(apiClient.post(paths.claims.transition({ id: claimId }), { json: body }));
}

/** The member's policies a claim can be reported on: in force first, then expired ones. */
export async function claimablePolicies(): Promise<PolicyList['list']> {
  const [active, expired] = await Promise.all(
    ['active', 'expired'].map((status) =>
      unwrap<PolicyList>(apiClient.get(paths.policies.list(), { searchParams: { status, page: 1, pageSize: 50 } })),
    ),
  );
  return [...active.list, ...expired.list];
}

/** Every policy of the member (the pre-check also answers on policies not yet or no longer in force). */
export type PolicyItem = Extract<PolicyList['list'][number], { kind: 'policy' }>;

export async function allPolicies(): Promise<PolicyItem[]> {
  const all = await unwrap<PolicyList>(
    apiClient.get(paths.policies.list(), { searchParams: { page: 1, pageSize: 50 } }),
  );
  return all.list.filter((p): p is PolicyItem => p.kind === 'policy');
}

export function getPolicyForClaim(id: number): Promise<PolicyDetail> {
  return unwrap<PolicyDetail>(apiClient.get(paths.policies.detail({ id })));
}

export function myFeedback(query: { claimId?: number; kind?: 'claim' | 'service' } = {}): Promise<FeedbackList> {
  return unwrap<FeedbackList>(apiClient.get(paths.feedback.list(), { searchParams: { ...query } }));
}

export function sendFeedback(input: FeedbackInput): Promise<Feedback> {
  return unwrap<Feedback>(apiClient.post(paths.feedback.list(), { json: input }));
}
