import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { PolicyDetail, SurrenderResult } from '#shared/policies.ts';
import { messages, orders } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { followUpRefunds } from './refund-follow-up.ts';
import { paidPolicy, productByCode } from '../../test/buying.ts';
import { api } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

const ctx = await setupTestApp();
const db = ctx.database.db;
const call = api(ctx);
const owner = await signIn(ctx, 'demo.member');
const medical = await productByCode(ctx, 'MED-BW');

/** The simulator's test hooks (WeChat Pay's bank-card refunds end days later). */
async function simulator(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${ctx.url}/wx-sim/pay/test/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

afterAll(() => simulator('refund-mode', { mode: 'instant' }));

async function surrenderedWhileProcessing() {
  await simulator('refund-mode', { mode: 'processing' });
  const p = await paidPolicy(ctx, owner, medical);
  const res = await call<SurrenderResult>('POST', `order/policyInfo/${p.policyId}/surrender`, owner, {
    reason: '重复投保',
  });
  expect(res.status, res.msg).toBe(200);
  await simulator('refund-mode', { mode: 'instant' });
  return p;
}

const refundMessages = (title: string) =>
  db
    .select()
    .from(messages)
    .where(and(eq(messages.memberId, owner.memberId), eq(messages.title, title)));

describe('refunds that are still PROCESSING', () => {
  it('are asked about until they end; SUCCESS records when the money came back and tells the member once', async () => {
    const p = await surrenderedWhileProcessing();
    const [before] = await db.select().from(orders).where(eq(orders.id, p.order.id));
    expect(before).toMatchObject({ refundStatus: 'PROCESSING', refundedAt: null });
    const detail = await call<PolicyDetail>('GET', `order/policyInfo/${p.policyId}`, owner);
    expect(detail.data.surrender).toMatchObject({ refundStatus: 'PROCESSING' });

    expect(await followUpRefunds(ctx.app)).toBe(0);
    await simulator('refund-complete', { outRefundNo: `R${p.policyNo}`, status: 'SUCCESS' });
    const arrived = (await refundMessages('退款已到账')).length;
    expect(await followUpRefunds(ctx.app)).toBe(1);
    const [after] = await db.select().from(orders).where(eq(orders.id, p.order.id));
    expect(after.refundStatus).toBe('SUCCESS');
    expect(after.refundedAt).toBeInstanceOf(Date);
    expect((await refundMessages('退款已到账')).length).toBe(arrived + 1);

    expect(await followUpRefunds(ctx.app)).toBe(0);
    expect((await refundMessages('退款已到账')).length).toBe(arrived + 1);
  });

  it('an ABNORMAL end is recorded and the member is asked to call, once', async () => {
    const p = await surrenderedWhileProcessing();
    await simulator('refund-complete', { outRefundNo: `R${p.policyNo}`, status: 'ABNORMAL' });
    expect(await followUpRefunds(ctx.app)).toBe(1);
    const [after] = await db.select().from(orders).where(eq(orders.id, p.order.id));
    expect(after).toMatchObject({ refundStatus: 'ABNORMAL', refundedAt: null });
    const told = await refundMessages('退款未能完成');
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain('请联系客服');
    expect(await followUpRefunds(ctx.app)).toBe(0);
  });
});
