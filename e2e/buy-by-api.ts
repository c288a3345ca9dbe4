import type { APIRequestContext } from '@playwright/test';
import { apiGet, apiSend, envelopeData, expect, productIdByName } from './fixtures.ts';

/*
 * Buying through the service calls the buying screens make (draft, trail, submit, pay in the
 * simulator), for stories about what comes after the purchase.
 */

/** The product these stories buy. */
export const MEDICAL_PRODUCT = '百万医疗险';

/** The Beijing calendar date `days` from today. */
export function beijingDayPlus(days: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** ¥1,234.50 from fen, as the H5 writes amounts. */
export function yuanText(fen: number): string {
  return `¥${Math.floor(fen / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(fen % 100).padStart(2, '0')}`;
}

export interface ApiApplicant {
  name: string;
  idNumber: string;
  mobile: string;
  email?: string;
}
export interface PaidByApi {
  orderId: number;
  orderNo: string;
  premiumFen: number;
  policyId: number;
  policyNo: string;
}

/**
 * A submitted, unpaid 百万医疗险 for the applicant themselves, cover starting `startInDays` from
 * today; every document read and confirmed, every health question answered "no", consent given.
 */
export async function submitMedical(
  request: APIRequestContext,
  token: string,
  applicant: ApiApplicant,
  opts: { startInDays: number; pageVersion: string },
): Promise<{ orderId: number }> {
  const productId = await productIdByName(request, MEDICAL_PRODUCT);
  const product = await apiGet<{ versionId: number; plans: { code: string }[]; terms: { days: number }[] }>(
    request,
    `product/${productId}`,
    token,
  );
  const draft = await apiSend<{ id: number }>(request, 'POST', 'order/drafts', token, { productId });
  await apiSend(request, 'PUT', `order/drafts/${draft.id}`, token, {
    planCode: product.plans[0].code,
    termDays: product.terms[0].days,
    startDate: beijingDayPlus(opts.startInDays),
    applicant: { ...applicant, idType: 'id_card' },
    insured: { relation: 'self' },
  });
  const trail = (body: unknown) => apiSend(request, 'POST', `order/drafts/${draft.id}/trail`, token, body);
  const { versionId } = product;
  await trail({ type: 'page', step: 'confirm', pageVersion: opts.pageVersion });
  for (const document of ['clause', 'notice', 'exclusions']) await trail({ type: 'open', document, versionId });
  await trail({ type: 'confirm', documents: ['clause', 'notice', 'exclusions'], versionId });
  const health = await apiGet<{ questions: { id: string }[] }>(request, `product/${productId}/documents/health`, token);
  await trail({ type: 'health', versionId, answers: Object.fromEntries(health.questions.map((q) => [q.id, false])) });
  await trail({ type: 'consent', granted: true });
  const order = await apiSend<{ id: number }>(request, 'POST', `order/drafts/${draft.id}/submit`, token, {});
  return { orderId: order.id };
}

/** submitMedical, then paid in the simulator's cashier. */
export async function buyPaidMedical(
  request: APIRequestContext,
  token: string,
  applicant: ApiApplicant,
  opts: { startInDays: number; pageVersion: string },
): Promise<PaidByApi> {
  const order = { id: (await submitMedical(request, token, applicant, opts)).orderId };
  const pay = await apiSend<{ payParams: { package: string } }>(request, 'POST', `order/${order.id}/pay`, token, {});
  const paid = await request.post('/wx-sim/pay/test/pay', {
    data: { prepayId: pay.payParams.package.replace(/^prepay_id=/, '') },
  });
  expect(paid.status(), 'paid in the simulator').toBe(200);
  const done = await apiGet<{
    status: string;
    orderNo: string;
    premiumFen: number;
    policyId: number | null;
    policyNo: string | null;
  }>(request, `order/${order.id}`, token);
  expect(done).toMatchObject({ status: 'paid' });
  return {
    orderId: order.id,
    orderNo: done.orderNo,
    premiumFen: done.premiumFen,
    policyId: done.policyId!,
    policyNo: done.policyNo!,
  };
}

/**
 * A paid 百万医疗险 as if bought 10 days ago: in force today, inside its 30-day waiting period
 * (bought through the service, then backdated by the development-only call).
 */
export async function medicalInForce(
  request: APIRequestContext,
  token: string,
  applicant: ApiApplicant,
  pageVersion: string,
): Promise<PaidByApi> {
  const bought = await buyPaidMedical(request, token, applicant, { startInDays: 1, pageVersion });
  await backdatePolicy(request, token, bought.policyId, 10);
  return bought;
}

/** Moves the member's policy `days` into the past (development-only call), so it is in force today. */
export async function backdatePolicy(
  request: APIRequestContext,
  token: string,
  policyId: number,
  days: number,
): Promise<void> {
  await envelopeData(
    await request.post(`/prod-api/dev/policies/${policyId}/backdate`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { days },
    }),
    'backdate the policy',
  );
}
