import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ProductDetail } from '#shared/catalogue.ts';
import type { Draft, OrderDetail, PayAnswer } from '#shared/orders.ts';
import { orders, policies } from '../../db/schema.ts';
import type { TestContext } from '../../test/helper.ts';
import { api, completeTrail, idNumber, startDate, submit, unpaidOrder, yearsBefore, type Caller } from '../orders/test-support.ts';

/** Helpers of the policy and claim tests: policies made through the real buying and paying flow. */

export interface PaidPolicy { order: OrderDetail; policyId: number; policyNo: string }

/** Pays an order as the simulated WeChat cashier's 确认支付 does; the notification issues the policy. */
export async function payOrder(ctx: TestContext, who: Caller, order: OrderDetail): Promise<PaidPolicy> {
  const answer = await api(ctx)<PayAnswer>('POST', `order/${order.id}/pay`, who, {});
  expect(answer.status, answer.msg).toBe(200);
  const res = await fetch(`${ctx.url}/wx-sim/pay/test/pay`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prepayId: answer.data.payParams.package.slice('prepay_id='.length) }),
  });
  expect(res.status).toBe(200);
  const [policy] = await ctx.database.db.select({ id: policies.id, policyNo: policies.policyNo }).from(policies).where(eq(policies.orderId, order.id));
  expect(policy, 'policy issued on payment').toBeDefined();
  return { order, policyId: policy.id, policyNo: policy.policyNo };
}

export async function paidPolicy(ctx: TestContext, who: Caller, product: ProductDetail, over: Record<string, unknown> = {}): Promise<PaidPolicy> {
  return payOrder(ctx, who, await unpaidOrder(ctx, who, product, over));
}

/** A paid team policy with the given insured names (occupation class 2, ages 25, 26, …). */
export async function paidTeamPolicy(ctx: TestContext, who: Caller, product: ProductDetail, names: string[]): Promise<PaidPolicy> {
  const call = api(ctx);
  const start = startDate();
  const draft = (await call<Draft>('POST', 'order/drafts', who, { productId: product.id, planCode: product.plans[0].code, termDays: product.terms[0].days, startDate: start })).data;
  await call('PUT', `order/drafts/${draft.id}`, who, { holder: { company: '演示物流有限公司', creditCode: '91310000MA1FL0XX3C', contact: '钱会计', contactMobile: '13700000002' } });
  for (const [i, name] of names.entries()) {
    const row = await call('POST', `order/drafts/${draft.id}/team/insured`, who, { name, idNumber: idNumber(yearsBefore(start, 25 + (i % 30)), 301 + 2 * i), occupationClass: 2 });
    expect(row.status, row.msg).toBe(200);
  }
  await completeTrail(ctx, who, draft.id, product);
  const order = await submit(ctx, who, draft.id);
  expect(order.status, order.msg).toBe(200);
  return payOrder(ctx, who, order.data);
}

const DAY_MS = 86_400_000;

/**
 * Moves a policy (and its order) `days` into the past: cover window, issue and payment time. What
 * a policy bought that many days ago looks like, without waiting.
 */
export async function backdate(ctx: TestContext, policyId: number, days: number, opts: { issue?: boolean; cover?: boolean } = { issue: true, cover: true }): Promise<void> {
  const db = ctx.database.db;
  const [p] = await db.select().from(policies).where(eq(policies.id, policyId));
  const shift = (d: Date) => new Date(d.getTime() - days * DAY_MS);
  const shiftDay = (s: string) => new Date(Date.parse(`${s}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
  await db.update(policies).set({
    ...(opts.issue ? { issuedAt: shift(p.issuedAt) } : {}),
    ...(opts.cover ? { startDate: shiftDay(p.startDate), endDate: shiftDay(p.endDate), effectiveAt: shift(p.effectiveAt), expiresAt: shift(p.expiresAt) } : {}),
  }).where(eq(policies.id, policyId));
  if (opts.cover) {
    const [o] = await db.select().from(orders).where(eq(orders.id, p.orderId));
    await db.update(orders).set({ startDate: shiftDay(o.startDate), endDate: shiftDay(o.endDate) }).where(eq(orders.id, p.orderId));
  }
}

/** The text of a PDF, as poppler's pdftotext reads it (so the font really is embedded and mapped). */
export async function pdfText(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'policy-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, bytes);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A GET of a binary route: status, headers and the bytes. */
export async function download(ctx: TestContext, path: string, who: Caller | null) {
  const res = await ctx.app.inject({ method: 'GET', url: path, headers: who?.headers ?? {} });
  return { status: res.statusCode, headers: res.headers, body: res.rawPayload, json: () => res.json() };
}
