import { and, count, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageList } from '#shared/orders.ts';
import type { PolicyDetail, PolicyList, SurrenderResult } from '#shared/policies.ts';
import { auditEvents, invoices, messages, orders, policies } from '../../db/schema.ts';
import { PayApiError, PayTransportError } from '../../providers/pay/index.ts';
import { setupTestApp } from '../../test/helper.ts';
import { backdate } from '../../test/policies.ts';
import { paidPolicy, productByCode, type PaidPolicy } from '../../test/buying.ts';
import { api, V1 } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

const ctx = await setupTestApp();
const db = ctx.database.db;
const call = api(ctx);
const pay = ctx.app.providers.pay;
const owner = await signIn(ctx, 'demo.member');
const stranger = await signIn(ctx, 'demo.partner');
const medical = await productByCode(ctx, 'MED-BW');
const accident = await productByCode(ctx, 'ACC-ZH');

afterEach(() => {
  vi.restoreAllMocks();
});

const surrender = (p: PaidPolicy, who = owner, body: unknown = { reason: '重复投保' }) =>
  call<SurrenderResult>('POST', `order/policyInfo/${p.policyId}/surrender`, who, body);

/** What the member, WeChat Pay and the audit trail show about one policy's surrender. */
async function traces(p: PaidPolicy) {
  const [m] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.memberId, owner.memberId), like(messages.body, `%${p.policyNo}%已在犹豫期内退保%`)));
  const [a] = await db
    .select({ n: count() })
    .from(auditEvents)
    .where(and(eq(auditEvents.type, 'policy_surrender'), eq(auditEvents.subject, p.policyNo)));
  const tx = await pay.queryOrder(p.order.orderNo);
  return { messages: Number(m.n), audits: Number(a.n), tradeState: tx.tradeState };
}

/**
 * Whether any money is left to refund at WeChat Pay: a 1-fen refund under another number is
 * refused once the whole premium went back (so the premium was refunded exactly once).
 */
async function fullyRefunded(p: PaidPolicy): Promise<boolean> {
  try {
    await pay.refund({
      outTradeNo: p.order.orderNo,
      outRefundNo: `T${p.policyNo}`,
      refundFen: 1,
      totalFen: p.order.premiumFen,
    });
    return false;
  } catch (error) {
    if (error instanceof PayApiError && error.wechatCode === 'INVALID_REQUEST') return true;
    throw error;
  }
}

describe('POST /order/policyInfo/{id}/surrender inside the cooling-off period', () => {
  it('refunds the whole premium, marks the policy 已退保, tells the member and writes the audit trail', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    const refund = vi.spyOn(pay, 'refund');
    const res = await surrender(p);
    expect(res.status, res.msg).toBe(200);
    expect(res.msg).toBe('退保成功，保费将原路退回');
    expect(res.data).toMatchObject({
      policyId: p.policyId,
      policyNo: p.policyNo,
      status: 'surrendered',
      statusText: '已退保',
      refundFen: p.order.premiumFen,
      refundStatus: 'SUCCESS',
      refundNo: `R${p.policyNo}`,
    });
    expect(refund).toHaveBeenCalledTimes(1);
    expect(refund.mock.calls[0][0]).toMatchObject({
      outTradeNo: p.order.orderNo,
      outRefundNo: `R${p.policyNo}`,
      refundFen: p.order.premiumFen,
      totalFen: p.order.premiumFen,
    });

    const detail = (await call<PolicyDetail>('GET', `order/policyInfo/${p.policyId}`, owner)).data;
    expect(detail).toMatchObject({
      status: 'surrendered',
      statusText: '已退保',
      surrender: {
        reason: '重复投保',
        refundFen: p.order.premiumFen,
        refundStatus: 'SUCCESS',
        surrenderedAt: res.data.surrenderedAt,
      },
    });
    expect(detail.actions.surrender).toMatchObject({ allowed: false, reason: '保单已退保' });
    expect(detail.actions.claim).toMatchObject({ allowed: false });
    const surrendered = (await call<PolicyList>('GET', 'order/policyInfo?status=surrendered', owner)).data;
    expect(surrendered.list.map((i) => (i.kind === 'policy' ? i.id : 0))).toContain(p.policyId);

    const [order] = await db.select().from(orders).where(eq(orders.id, p.order.id));
    expect(order).toMatchObject({
      refundNo: `R${p.policyNo}`,
      refundFen: p.order.premiumFen,
      refundStatus: 'SUCCESS',
      refundId: expect.any(String),
    });
    expect(order.refundedAt).toBeInstanceOf(Date);
    expect(await traces(p)).toEqual({ messages: 1, audits: 1, tradeState: 'REFUND' });
    expect(await fullyRefunded(p)).toBe(true);
  });

  it('a second surrender answers the same result without refunding again', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    const first = await surrender(p);
    const refund = vi.spyOn(pay, 'refund');
    const second = await surrender(p, owner, { reason: '再次申请' });
    expect(second.status).toBe(200);
    expect(second.msg).toBe('该保单已退保，退款已办理，无需重复申请');
    expect(second.data).toEqual(first.data);
    expect(refund).not.toHaveBeenCalled();
    expect(await traces(p)).toEqual({ messages: 1, audits: 1, tradeState: 'REFUND' });
  });

  it('parallel surrenders of one policy refund once', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    const refund = vi.spyOn(pay, 'refund');
    const answers = await Promise.all(Array.from({ length: 4 }, () => surrender(p)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.data.surrenderedAt)).size).toBe(1);
    expect(answers.filter((a) => a.msg === '退保成功，保费将原路退回')).toHaveLength(1);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await traces(p)).toEqual({ messages: 1, audits: 1, tradeState: 'REFUND' });
    expect(await fullyRefunded(p)).toBe(true);
  });

  it('counts 15 days after the issue date, to 24:00 Beijing time', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    await backdate(ctx, p.policyId, 15);
    expect((await surrender(p)).status).toBe(200);
  });

  it('a refund WeChat Pay refuses leaves the policy in force; trying again works', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    vi.spyOn(pay, 'refund').mockRejectedValueOnce(new PayApiError(500, 'SYSTEM_ERROR', '系统繁忙'));
    const failed = await surrender(p);
    expect(failed).toMatchObject({ status: 502, code: 'C0130' });
    expect(failed.msg).toContain('保单未退保');
    const [row] = await db
      .select({ surrenderedAt: policies.surrenderedAt })
      .from(policies)
      .where(eq(policies.id, p.policyId));
    expect(row.surrenderedAt).toBeNull();
    expect(await traces(p)).toEqual({ messages: 0, audits: 0, tradeState: 'SUCCESS' });
    expect((await surrender(p)).status).toBe(200);
  });

  it('a refund whose answer was lost is not repeated when the member tries again', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    const real = pay.refund.bind(pay);
    const refund = vi.spyOn(pay, 'refund').mockImplementationOnce(async (input) => {
      await real(input);
      throw new PayTransportError('network', 'connection reset');
    });
    expect((await surrender(p)).status).toBe(502);
    const again = await surrender(p);
    expect(again.status).toBe(200);
    expect(refund).toHaveBeenCalledTimes(2);
    // Same out_refund_no both times: WeChat Pay answered the first refund, the premium went back once.
    expect(refund.mock.calls[1][0].outRefundNo).toBe(refund.mock.calls[0][0].outRefundNo);
    expect(await fullyRefunded(p)).toBe(true);
    expect(await traces(p)).toEqual({ messages: 1, audits: 1, tradeState: 'REFUND' });
  });
});

describe('cancelling before cover starts (待生效)', () => {
  it('on a product without a cooling-off period: the whole premium back, once, the member told, the invoice cancelled in red', async () => {
    const p = await paidPolicy(ctx, owner, accident);
    const before = (await call<PolicyDetail>('GET', `order/policyInfo/${p.policyId}`, owner)).data;
    expect(before.status).toBe('pending');
    expect(before.actions.surrender).toMatchObject({ allowed: true, beforeStart: true, reason: null });
    const invoiced = await call('POST', 'invoice', owner, {
      orderIds: [p.order.id],
      titleType: 'personal',
      title: '张三',
      email: `before-start${p.policyId}@example.com`,
    });
    expect(invoiced.status, invoiced.msg).toBe(200);

    const refund = vi.spyOn(pay, 'refund');
    const res = await surrender(p);
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({
      status: 'surrendered',
      refundFen: p.order.premiumFen,
      refundNo: `R${p.policyNo}`,
    });
    expect(refund.mock.calls[0][0]).toMatchObject({ refundFen: p.order.premiumFen, totalFen: p.order.premiumFen });
    const again = await surrender(p);
    expect(again.status).toBe(200);
    expect(again.data).toEqual(res.data);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(await fullyRefunded(p)).toBe(true);

    const [m] = await db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.memberId, owner.memberId), like(messages.body, `%${p.policyNo}%保险责任开始前退保%`)));
    expect(Number(m.n)).toBe(1);
    const kinds = await db.select({ kind: invoices.kind }).from(invoices).where(eq(invoices.orderId, p.order.id));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['blue', 'red']);
  });

  it('says so in Polish too', async () => {
    const p = await paidPolicy(ctx, owner, accident);
    const polish = { ...owner, headers: { ...owner.headers, 'accept-language': 'pl' } };
    const detail = await call<PolicyDetail>('GET', `order/policyInfo/${p.policyId}`, polish);
    expect(detail.data.actions.surrender).toMatchObject({ allowed: true, beforeStart: true });
    expect(await surrender(p, polish)).toMatchObject({ status: 200 });
    const list = (await call<MessageList>('GET', 'messages?pageSize=5', polish)).data.list;
    const told = list.find((m) => m.body.includes(p.policyNo));
    expect(told?.body).toContain('przed rozpoczęciem ochrony');
  });
});

describe('surrender refused', () => {
  it('after the cooling-off period: A0460 with the date it ended, nothing refunded', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    await backdate(ctx, p.policyId, 16);
    const refund = vi.spyOn(pay, 'refund');
    const res = await surrender(p);
    expect(res).toMatchObject({ status: 400, code: 'A0460' });
    expect(res.msg).toMatch(/^犹豫期已于 \d{4}-\d{2}-\d{2} 24:00 结束，不能在线退保。如需解除合同，请联系客服。$/);
    expect(refund).not.toHaveBeenCalled();
    expect((await call<PolicyDetail>('GET', `order/policyInfo/${p.policyId}`, owner)).data.status).not.toBe(
      'surrendered',
    );
    expect(await traces(p)).toEqual({ messages: 0, audits: 0, tradeState: 'SUCCESS' });
  });

  it('for a product without a cooling-off period once cover has started', async () => {
    const p = await paidPolicy(ctx, owner, accident);
    await backdate(ctx, p.policyId, 4);
    const res = await surrender(p);
    expect(res).toMatchObject({
      status: 400,
      code: 'A0460',
      msg: '本产品无犹豫期，不支持在线退保。如需解除合同，请联系客服。',
    });
  });

  it("for another member's policy: 404 A0404, and nothing happens", async () => {
    const p = await paidPolicy(ctx, owner, medical);
    const refund = vi.spyOn(pay, 'refund');
    expect(await surrender(p, stranger)).toMatchObject({ status: 404, code: 'A0404' });
    expect(await call('POST', `order/policyInfo/${p.policyId}/surrender`, null, { reason: '重复投保' })).toMatchObject({
      status: 401,
    });
    expect(refund).not.toHaveBeenCalled();
    expect(await traces(p)).toEqual({ messages: 0, audits: 0, tradeState: 'SUCCESS' });
  });

  it('malformed bodies answer 4xx, never 500', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    for (const body of [{}, { reason: '' }, { reason: 'x' }, { reason: 12 }, { reason: 'y'.repeat(201) }, [], null]) {
      const res = await surrender(p, owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const raw = await ctx.app.inject({
      method: 'POST',
      url: `${V1}/order/policyInfo/${p.policyId}/surrender`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{"reason":',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().code).toBe('A0427');
    expect((await call('POST', 'order/policyInfo/abc/surrender', owner, { reason: '重复投保' })).status).toBe(400);
  });
});
