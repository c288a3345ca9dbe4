import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ProductDetail } from '#shared/catalogue.ts';
import type { Draft, OrderDetail, PayAnswer, TrailAnswer } from '#shared/orders.ts';
import { policies, products } from '../db/schema.ts';
import { startDate, yearsBefore } from './dates.ts';
import type { TestContext } from './helper.ts';
import { api, V1, type Answer } from './http.ts';
import { idNumber } from './id-number.ts';
import type { Caller } from './sign-in.ts';

/** Buying through the real calls, as the H5 does it: product, draft, trail, order, payment, policy. */

export async function productId(ctx: TestContext, code: string): Promise<number> {
  const [row] = await ctx.database.db.select({ id: products.id }).from(products).where(eq(products.code, code));
  return row.id;
}

export async function productDetail(ctx: TestContext, id: number): Promise<ProductDetail> {
  const res = await ctx.app.inject({ method: 'GET', url: `${V1}/product/${id}` });
  return res.json().data;
}

export async function productByCode(ctx: TestContext, code: string): Promise<ProductDetail> {
  return productDetail(ctx, await productId(ctx, code));
}

export const person = (name: string, birthDate: string, seq = 123, mobile = '13912345678') => ({
  name,
  idType: 'id_card',
  idNumber: idNumber(birthDate, seq),
  mobile,
});

/** Opens and confirms the required documents, answers the health notice "no" everywhere, consents. */
export async function completeTrail(
  ctx: TestContext,
  who: Caller,
  draftId: number,
  product: ProductDetail,
  opts: { health?: boolean; consent?: boolean; confirm?: boolean } = {},
): Promise<TrailAnswer> {
  const call = api(ctx);
  const trail = (body: unknown) => call<TrailAnswer>('POST', `order/drafts/${draftId}/trail`, who, body);
  const versionId = product.versionId;
  await trail({ type: 'page', step: 'confirm', pageVersion: 'test-1' });
  for (const document of ['clause', 'notice', 'exclusions'])
    expect((await trail({ type: 'open', document, versionId })).status).toBe(200);
  if (opts.confirm !== false)
    await trail({ type: 'confirm', documents: ['clause', 'notice', 'exclusions'], versionId });
  if (opts.health !== false && product.documents.some((d) => d.kind === 'health')) {
    const doc = (await ctx.app.inject({ method: 'GET', url: `${V1}/product/${product.id}/documents/health` })).json()
      .data;
    await trail({
      type: 'health',
      versionId,
      answers: Object.fromEntries(doc.questions.map((q: { id: string }) => [q.id, false])),
    });
  }
  const last = await trail({ type: 'consent', granted: opts.consent !== false });
  expect(last.status).toBe(200);
  return last.data;
}

/** A complete individual draft: plan, term, start, applicant and insured (self unless given). */
export async function individualDraft(
  ctx: TestContext,
  who: Caller,
  product: ProductDetail,
  over: Record<string, unknown> = {},
): Promise<Draft> {
  const call = api(ctx);
  const start = (over.startDate as string | undefined) ?? startDate();
  const created = await call<Draft>('POST', 'order/drafts', who, { productId: product.id });
  expect(created.status).toBe(200);
  const saved = await call<Draft>('PUT', `order/drafts/${created.data.id}`, who, {
    planCode: product.plans[0].code,
    termDays: product.terms[0].days,
    startDate: start,
    applicant: { ...person('李投保', yearsBefore(start, 35)), email: 'li@example.com' },
    insured: { relation: 'self' },
    ...over,
  });
  expect(saved.status, saved.msg).toBe(200);
  return saved.data;
}

export async function submit(
  ctx: TestContext,
  who: Caller,
  draftId: number,
  body: unknown = {},
): Promise<Answer<OrderDetail>> {
  return api(ctx)<OrderDetail>('POST', `order/drafts/${draftId}/submit`, who, body);
}

/** Draft → trail → submit: an unpaid order of the product. */
export async function unpaidOrder(
  ctx: TestContext,
  who: Caller,
  product: ProductDetail,
  over: Record<string, unknown> = {},
): Promise<OrderDetail> {
  const draft = await individualDraft(ctx, who, product, over);
  await completeTrail(ctx, who, draft.id, product);
  const order = await submit(ctx, who, draft.id);
  expect(order.status, order.msg).toBe(200);
  return order.data;
}

export interface PaidPolicy {
  order: OrderDetail;
  policyId: number;
  policyNo: string;
}

/** Pays an order as the simulated WeChat cashier's 确认支付 does; the notification issues the policy. */
export async function payOrder(ctx: TestContext, who: Caller, order: OrderDetail): Promise<PaidPolicy> {
  const answer = await api(ctx)<PayAnswer>('POST', `order/${order.id}/pay`, who, {});
  expect(answer.status, answer.msg).toBe(200);
  const res = await fetch(`${ctx.url}/wx-sim/pay/test/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prepayId: answer.data.payParams.package.slice('prepay_id='.length) }),
  });
  expect(res.status).toBe(200);
  const [policy] = await ctx.database.db
    .select({ id: policies.id, policyNo: policies.policyNo })
    .from(policies)
    .where(eq(policies.orderId, order.id));
  expect(policy, 'policy issued on payment').toBeDefined();
  return { order, policyId: policy.id, policyNo: policy.policyNo };
}

export async function paidPolicy(
  ctx: TestContext,
  who: Caller,
  product: ProductDetail,
  over: Record<string, unknown> = {},
): Promise<PaidPolicy> {
  return payOrder(ctx, who, await unpaidOrder(ctx, who, product, over));
}

/** A paid team policy with the given insured names (occupation class 2, ages 25, 26, …). */
export async function paidTeamPolicy(
  ctx: TestContext,
  who: Caller,
  product: ProductDetail,
  names: string[],
): Promise<PaidPolicy> {
  const call = api(ctx);
  const start = startDate();
  const draft = (
    await call<Draft>('POST', 'order/drafts', who, {
      productId: product.id,
      planCode: product.plans[0].code,
      termDays: product.terms[0].days,
      startDate: start,
    })
  ).data;
  await call('PUT', `order/drafts/${draft.id}`, who, {
    holder: {
      company: '演示物流有限公司',
      creditCode: '91310000MA1FL0XX3J',
      contact: '钱会计',
      contactMobile: '13700000002',
    },
  });
  for (const [i, name] of names.entries()) {
    const row = await call('POST', `order/drafts/${draft.id}/team/insured`, who, {
      name,
      idNumber: idNumber(yearsBefore(start, 25 + (i % 30)), 301 + 2 * i),
      occupationClass: 2,
    });
    expect(row.status, row.msg).toBe(200);
  }
  await completeTrail(ctx, who, draft.id, product);
  const order = await submit(ctx, who, draft.id);
  expect(order.status, order.msg).toBe(200);
  return payOrder(ctx, who, order.data);
}
