import type {
  KeepResult,
  PolicyDetail,
  PolicyList,
  PolicyQueryStatus,
  RenewalAnswer,
  SurrenderResult,
} from '#shared/policies.ts';
import * as paths from '#shared/api-paths.ts';
import { ApiError, apiClient, unwrap } from './client.ts';

/*
 * Policies after the sale (src/shared/policies.ts, spec §7 `order/policyInfo`): the member's list
 * (with `status=unpaid` the orders still to be paid), one policy, the cooling-off surrender, what the
 * reminders offer (保留, 续保) and the paths of the PDF downloads (fetched through download.ts, which adds the Bearer header).
 */

export function listPolicies(query: {
  status?: PolicyQueryStatus;
  keyword?: string;
  page: number;
  pageSize: number;
}): Promise<PolicyList> {
  const searchParams: Record<string, string | number> = { page: query.page, pageSize: query.pageSize };
  if (query.status) searchParams.status = query.status;
  const keyword = query.keyword?.trim();
  if (keyword) searchParams.keyword = keyword;
  return unwrap<PolicyList>(apiClient.get(paths.policies.list(), { searchParams }));
}

/**
 * One of the member's policies; null when there is none with that id (another member's policy
 * answers the same, A0404) or the id is malformed: the screen says so itself, without a toast.
 */
export async function getPolicy(id: string): Promise<PolicyDetail | null> {
  if (!/^\d{1,10}$/.test(id)) return null;
  try {
    return await unwrap<PolicyDetail>(apiClient.get(paths.policies.detail({ id }), { context: { silent: true } }));
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'A0404' || error.code === 'A0400')) return null;
    throw error;
  }
}

/** 犹豫期退保: the full premium goes back the way it was paid; a repeat answers the same result. */
export async function surrenderPolicy(
  id: number,
  reason: string,
): Promise<{ result: SurrenderResult; message: string }> {
  const body = await apiClient
    .post(paths.policies.surrender({ id }), { json: { reason } })
    .json<{ data: SurrenderResult; msg: string }>();
  return { result: body.data, message: body.msg };
}

/** 保留 from the cooling-off reminder: no more cooling-off reminders; surrender stays possible to the end of the period. */
export function keepPolicy(id: number): Promise<KeepResult> {
  return unwrap<KeepResult>(apiClient.post(paths.policies.keep({ id })));
}

/** 续保: the renewal draft to resume (made on the server from the policy), or why renewal is not possible. */
export function renewPolicy(id: number): Promise<RenewalAnswer> {
  return unwrap<RenewalAnswer>(apiClient.post(paths.policies.renewal({ id })));
}

/** The e-policy PDF (电子保单). */
export const policyPdfPath = (policyId: number) => paths.policies.policyPdf({ id: policyId });

/** The purchase record PDF (投保过程记录), in the language the H5 sends. */
export const recordPdfPath = (policyId: number) => paths.policies.recordPdf({ id: policyId });

/** One insured person's voucher PDF (保险凭证); takes the insured entry's `id`. */
export const voucherPdfPath = (insuredId: number) => paths.policies.voucherPdf({ id: insuredId });
