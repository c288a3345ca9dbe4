import { createVerify } from 'node:crypto';
import { and, count, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail, OrderStatusAnswer, PayAnswer } from '#shared/orders.ts';
import {
  auditEvents,
  messages,
  orders,
  policies,
  policyInsureds,
  products,
  purchaseEvents,
  wechatIdentities,
} from '../../db/schema.ts';
import type { TransactionWire } from '../../providers/pay/wechatpay-wire.ts';
import { rfc3339Beijing } from '../../providers/pay/wechatpay-wire.ts';
import { buildNotification, signNotification, type NotifyTamper } from '../../simulators/pay/notifier.ts';
import { getSimulatorKeys } from '../../simulators/pay/routes.ts';
import { QUERY_MIN_INTERVAL_MS } from './payment.ts';
import { setupTestApp } from '../../test/helper.ts';
import { closeExpiredOrders } from './expiry.ts';
import { payDeadline } from './submit.ts';
import { completeTrail, productByCode, submit, unpaidOrder } from '../../test/buying.ts';
import { startDate, yearsBefore } from '../../test/dates.ts';
import { api, V1 } from '../../test/http.ts';
import { idNumber } from '../../test/id-number.ts';
import { signIn, type Caller } from '../../test/sign-in.ts';

const ctx = await setupTestApp();
const db = ctx.database.db;
const call = api(ctx);
const keys = getSimulatorKeys(ctx.config);
const NOTIFY = `${ctx.url}${V1}/pay/notify`;
const member = await signIn(ctx, 'demo.member');
const accident = await productByCode(ctx, 'ACC-ZH');

afterEach(() => {
  ctx.config.WECHAT_PAY_NOTIFY_URL = undefined;
  vi.restoreAllMocks();
});

/**
 * Loses WeChat's own notifications of the orders paid next: they go to a closed port (the
 * simulator gives up after its retries), so the test decides what reaches the notify route.
 */
function loseNotifications(): void {
  ctx.config.WECHAT_PAY_NOTIFY_URL = 'http://127.0.0.1:9/notify';
}

async function pay(who: Caller, orderId: number, body: unknown = {}) {
  return call<PayAnswer>('POST', `order/${orderId}/pay`, who, body);
}

const prepayOf = (answer: PayAnswer) => answer.payParams.package.replace('prepay_id=', '');

/** The payer confirms in the simulated WeChat (its cashier's 确认支付). */
async function payAtWechat(answer: PayAnswer): Promise<{ transactionId: string; notify: { status: number } }> {
  const res = await fetch(`${ctx.url}/wx-sim/pay/test/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prepayId: prepayOf(answer) }),
  });
  expect(res.status).toBe(200);
  return res.json();
}

/** A notification signed and encrypted with the simulator's platform keys, posted to the product. */
async function notify(tx: TransactionWire, tamper?: NotifyTamper): Promise<{ status: number; body: string }> {
  const signer = {
    apiV3Key: keys.apiV3Key,
    platformPrivateKey: keys.platformPrivateKey,
    platformPublicKeyId: keys.platformPublicKeyId,
  };
  const { body } = buildNotification(signer, tx, Date.now(), tamper);
  const res = await fetch(NOTIFY, {
    method: 'POST',
    headers: signNotification(signer, body, Date.now(), tamper),
    body,
  });
  return { status: res.status, body: await res.text() };
}

function paidWire(order: OrderDetail, transactionId: string, openid: string): TransactionWire {
  return {
    appid: ctx.config.wechatPayAppId,
    mchid: ctx.config.wechatPayMchid,
    out_trade_no: order.orderNo,
    transaction_id: transactionId,
    trade_type: 'JSAPI',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    bank_type: 'OTHERS',
    attach: '',
    success_time: rfc3339Beijing(new Date()),
    payer: { openid },
    amount: { total: order.premiumFen, payer_total: order.premiumFen, currency: 'CNY', payer_currency: 'CNY' },
  };
}

async function status(who: Caller, orderId: number) {
  return call<OrderStatusAnswer>('GET', `order/${orderId}/status`, who);
}

/** Policies, payment messages (they name the order number) and paid trail events of one order. */
async function counts(orderId: number) {
  const [order] = await db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, orderId));
  const [p] = await db.select({ n: count() }).from(policies).where(eq(policies.orderId, orderId));
  const [m] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.type, 'payment'), like(messages.body, `%${order.orderNo}%`)));
  const [e] = await db
    .select({ n: count() })
    .from(purchaseEvents)
    .where(and(eq(purchaseEvents.orderId, orderId), eq(purchaseEvents.type, 'paid')));
  return { policies: Number(p.n), messages: Number(m.n), paidEvents: Number(e.n) };
}

async function salesCount(): Promise<number> {
  const [row] = await db.select({ n: products.salesCount }).from(products).where(eq(products.id, accident.id));
  return row.n;
}

async function refusals(): Promise<string[]> {
  const rows = await db
    .select({ detail: auditEvents.detail })
    .from(auditEvents)
    .where(eq(auditEvents.type, 'pay_notify_refused'));
  return rows.map((r) => String((r.detail as { reason: string }).reason));
}

describe('POST /order/{id}/pay', () => {
  it('answers parameters signed with the merchant key, for chooseWXPay and the bridge, and the simulator cashier', async () => {
    const order = await unpaidOrder(ctx, member, accident);
    const res = await pay(member, order.id, { returnUrl: `${ctx.url}/#/pay/index?orderId=${order.id}` });
    expect(res.status).toBe(200);
    const p = res.data.payParams;
    expect(p).toMatchObject({
      appId: ctx.config.wechatPayAppId,
      signType: 'RSA',
      package: expect.stringMatching(/^prepay_id=wx/),
    });
    const signed = `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
    expect(createVerify('RSA-SHA256').update(signed).verify(keys.merchantPublicKey, p.paySign, 'base64')).toBe(true);
    // chooseWXPay: lower-case timestamp, no appId (docs/domain.md#js-sdk).
    expect(res.data.chooseWXPay).toEqual({
      timestamp: p.timeStamp,
      nonceStr: p.nonceStr,
      package: p.package,
      signType: 'RSA',
      paySign: p.paySign,
    });
    expect(res.data.cashierUrl).toMatch(/^\/wx-sim\/pay\/cashier\?prepay_id=wx/);
    expect(res.data).toMatchObject({
      orderId: order.id,
      orderNo: order.orderNo,
      amountFen: order.premiumFen,
      expiresAt: order.expiresAt,
    });
    expect((await status(member, order.id)).data.status).toBe('unpaid');
  });

  it("uses the member's WeChat web openid when there is one", async () => {
    const company = await signIn(ctx, 'demo.company');
    await db.insert(wechatIdentities).values({
      memberId: company.memberId,
      appId: ctx.config.wechatPayAppId,
      kind: 'web',
      openid: 'oWebOpenidOfDemoCompany000001',
    });
    const order = await unpaidOrder(ctx, company, accident);
    const answer = await pay(company, order.id);
    await payAtWechat(answer.data);
    const [row] = await db
      .select({ payerOpenid: orders.payerOpenid, status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row).toEqual({ payerOpenid: 'oWebOpenidOfDemoCompany000001', status: 'paid' });
  });
});

describe('the payment notification', () => {
  it('from WeChat marks the order paid and issues the policy, the message, the trail and the sales count', async () => {
    const before = await salesCount();
    const order = await unpaidOrder(ctx, member, accident);
    const paid = await payAtWechat((await pay(member, order.id)).data);
    expect(paid.notify.status).toBe(204);
    const s = (await status(member, order.id)).data;
    expect(s).toMatchObject({ status: 'paid', statusText: '已支付', policyNo: expect.stringMatching(/^P\d{8}\d{8}$/) });
    const [policy] = await db.select().from(policies).where(eq(policies.orderId, order.id));
    expect(policy).toMatchObject({
      premiumFen: order.premiumFen,
      startDate: order.startDate,
      endDate: order.endDate,
      insuredCount: 1,
    });
    expect(policy.effectiveAt.toISOString()).toBe(new Date(`${order.startDate}T00:00:00+08:00`).toISOString());
    const vouchers = await db.select().from(policyInsureds).where(eq(policyInsureds.policyId, policy.id));
    expect(vouchers.map((v) => v.voucherNo)).toEqual([`${policy.policyNo}-0001`]);
    expect(await counts(order.id)).toEqual({ policies: 1, messages: 1, paidEvents: 1 });
    expect(await salesCount()).toBe(before + 1);
    const inbox = await call<{ list: { title: string; link: string; body: string }[] }>('GET', 'messages', member);
    expect(inbox.data.list.find((m) => m.body.includes(policy.policyNo))).toMatchObject({
      title: '支付成功',
      link: `/policy/index?id=${policy.id}`,
    });
    const detail = await call<OrderDetail>('GET', `order/${order.id}`, member);
    expect(detail.data).toMatchObject({ status: 'paid', policyId: policy.id, paidAt: expect.any(String) });
  });

  it('with a bad signature, a wrong amount or a stale timestamp is refused with 4xx FAIL, logged, and changes nothing', async () => {
    loseNotifications();
    const order = await unpaidOrder(ctx, member, accident);
    const paid = await payAtWechat((await pay(member, order.id)).data);
    const wire = paidWire(order, paid.transactionId, 'osim_member_x');
    const seen = (await refusals()).length;
    for (const tamper of ['signature', 'amount', 'stale'] as const) {
      const answer = await notify(wire, tamper);
      expect(answer.status, tamper).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'FAIL', message: expect.any(String) });
    }
    expect((await refusals()).slice(seen)).toEqual(['signature', 'mismatch', 'stale']);
    // Unsigned, and not even JSON.
    expect(
      (await fetch(NOTIFY, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":"x"}' }))
        .status,
    ).toBe(400);
    expect(
      (await fetch(NOTIFY, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' })).status,
    ).toBe(400);
    const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe('unpaid');
    expect(await counts(order.id)).toEqual({ policies: 0, messages: 0, paidEvents: 0 });
    // The genuine one still goes through afterwards.
    expect((await notify(wire)).status).toBe(204);
    expect((await status(member, order.id)).data.status).toBe('paid');
  });

  it('for an order number that does not exist is refused and logged', async () => {
    const seen = (await refusals()).length;
    const fake = { orderNo: 'O2099010100000000', premiumFen: 100 } as OrderDetail;
    expect((await notify(paidWire(fake, '4200000000000000000000000000', 'o1'))).status).toBe(400);
    expect((await refusals()).slice(seen)).toEqual(['unknown_order']);
  });

  it('arriving 20 times at once issues exactly one policy and one message', async () => {
    loseNotifications();
    const before = await salesCount();
    const order = await unpaidOrder(ctx, member, accident);
    const paid = await payAtWechat((await pay(member, order.id)).data);
    const wire = paidWire(order, paid.transactionId, 'osim_member_dup');
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(wire)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(204));
    expect(await counts(order.id)).toEqual({ policies: 1, messages: 1, paidEvents: 1 });
    expect(await salesCount()).toBe(before + 1);
    // And once more later: still one.
    expect((await notify(wire)).status).toBe(204);
    expect(await counts(order.id)).toEqual({ policies: 1, messages: 1, paidEvents: 1 });
  });
});

describe('team policies', () => {
  it('give every insured person a voucher number of their own', async () => {
    const employer = await productByCode(ctx, 'TEAM-EMP');
    const start = startDate();
    const draft = (
      await call<{ id: number }>('POST', 'order/drafts', member, {
        productId: employer.id,
        planCode: 'B',
        termDays: 365,
        startDate: start,
      })
    ).data;
    await call('PUT', `order/drafts/${draft.id}`, member, {
      holder: {
        company: '演示物流有限公司',
        creditCode: '91310000MA1FL0XX3J',
        contact: '钱会计',
        contactMobile: '13700000002',
      },
    });
    for (let i = 0; i < 4; i += 1) {
      await call('POST', `order/drafts/${draft.id}/team/insured`, member, {
        name: `司机${'甲乙丙丁'[i]}`,
        idNumber: idNumber(yearsBefore(start, 25 + i), 201 + 2 * i),
        occupationClass: 4,
      });
    }
    await completeTrail(ctx, member, draft.id, employer);
    const order = (await submit(ctx, member, draft.id)).data;
    await payAtWechat((await pay(member, order.id)).data);
    const [policy] = await db.select().from(policies).where(eq(policies.orderId, order.id));
    expect(policy).toMatchObject({ insuredCount: 4, premiumFen: order.premiumFen, productName: '雇主责任险' });
    const vouchers = await db
      .select({ no: policyInsureds.voucherNo })
      .from(policyInsureds)
      .where(eq(policyInsureds.policyId, policy.id))
      .orderBy(policyInsureds.sort);
    expect(vouchers.map((v) => v.no)).toEqual([1, 2, 3, 4].map((n) => `${policy.policyNo}-000${n}`));
  });
});

describe('GET /order/{id}/status', () => {
  it('finds a payment whose notification never came by asking WeChat Pay, and issues the policy', async () => {
    loseNotifications();
    const order = await unpaidOrder(ctx, member, accident);
    await payAtWechat((await pay(member, order.id)).data);
    const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe('unpaid');
    const s = await status(member, order.id);
    expect(s.data).toMatchObject({ status: 'paid', policyNo: expect.stringMatching(/^P\d{16}$/) });
    expect(await counts(order.id)).toEqual({ policies: 1, messages: 1, paidEvents: 1 });
    const [trail] = await db
      .select({ detail: purchaseEvents.detail })
      .from(purchaseEvents)
      .where(and(eq(purchaseEvents.orderId, order.id), eq(purchaseEvents.type, 'paid')));
    expect(trail.detail).toMatchObject({ source: 'query' });
  });

  it('asks WeChat Pay at most once every few seconds, however often it is polled', async () => {
    const order = await unpaidOrder(ctx, member, accident);
    await pay(member, order.id);
    const query = vi.spyOn(ctx.app.providers.pay, 'queryOrder');
    // The server's clock stands still while it is polled, however long the polls take here.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      await Promise.all([status(member, order.id), status(member, order.id), status(member, order.id)]);
      await status(member, order.id);
      expect(query).toHaveBeenCalledTimes(1);
      expect((await status(member, order.id)).data.status).toBe('unpaid');
      vi.setSystemTime(Date.now() + QUERY_MIN_INTERVAL_MS + 1);
      await status(member, order.id);
      expect(query).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not ask WeChat Pay about an order whose payment never started', async () => {
    const order = await unpaidOrder(ctx, member, accident);
    const query = vi.spyOn(ctx.app.providers.pay, 'queryOrder');
    expect((await status(member, order.id)).data.status).toBe('unpaid');
    expect(query).not.toHaveBeenCalled();
  });
});

describe('expiry and cancellation', () => {
  const expire = (orderId: number) =>
    db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));

  it('gives unpaid orders the configured time to pay', async () => {
    const order = await unpaidOrder(ctx, member, accident);
    const minutes = (Date.parse(order.expiresAt) - Date.parse(order.createdAt)) / 60_000;
    expect(minutes).toBe(ctx.config.ORDER_PAY_TIMEOUT_MIN);
  });

  it('never lets the pay-by time run into the cover period', () => {
    const now = new Date('2026-05-20T15:00:00Z'); // 23:00 in Beijing
    expect(payDeadline(now, 30, '2026-05-22').toISOString()).toBe('2026-05-20T15:30:00.000Z');
    // Cover starts at 00:00 Beijing (16:00Z): the order must be paid by then.
    expect(payDeadline(now, 120, '2026-05-21').toISOString()).toBe('2026-05-20T16:00:00.000Z');
    // A start date of today (cover already running since 00:00) keeps the full period.
    expect(payDeadline(now, 30, '2026-05-20').toISOString()).toBe('2026-05-20T15:30:00.000Z');
  });

  it('the expiry job closes unpaid orders at WeChat Pay and here; they can no longer be paid', async () => {
    const order = await unpaidOrder(ctx, member, accident);
    const answer = (await pay(member, order.id)).data;
    await expire(order.id);
    expect(await closeExpiredOrders(ctx.app)).toBeGreaterThanOrEqual(1);
    expect((await status(member, order.id)).data).toMatchObject({ status: 'expired', statusText: '已超时关闭' });
    expect((await ctx.app.providers.pay.queryOrder(order.orderNo)).tradeState).toBe('CLOSED');
    const res = await fetch(`${ctx.url}/wx-sim/pay/test/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prepayId: prepayOf(answer) }),
    });
    expect(res.status).toBe(400);
    expect(await pay(member, order.id)).toMatchObject({ status: 409, code: 'A0409' });
  });

  it('reading an expired order closes it (no prepay: nothing to close at WeChat)', async () => {
    const order = await unpaidOrder(ctx, member, accident);
    await expire(order.id);
    expect((await call<OrderDetail>('GET', `order/${order.id}`, member)).data.status).toBe('expired');
    const list = await call<{ list: OrderDetail[] }>('GET', 'order/list?status=expired', member);
    expect(list.data.list.map((o) => o.id)).toContain(order.id);
  });

  it('an order paid at WeChat just before its time ran out is settled as paid, not closed', async () => {
    loseNotifications();
    const order = await unpaidOrder(ctx, member, accident);
    await payAtWechat((await pay(member, order.id)).data);
    await expire(order.id);
    await closeExpiredOrders(ctx.app, { memberId: member.memberId });
    expect((await status(member, order.id)).data.status).toBe('paid');
    expect(await counts(order.id)).toEqual({ policies: 1, messages: 1, paidEvents: 1 });
  });

  it('POST /order/{id}/cancel closes an unpaid order at WeChat Pay; paid orders cannot be cancelled', async () => {
    const order = await unpaidOrder(ctx, member, accident);
    await pay(member, order.id);
    const cancelled = await call<OrderDetail>('POST', `order/${order.id}/cancel`, member);
    expect(cancelled.data).toMatchObject({ status: 'cancelled', statusText: '已取消' });
    expect((await ctx.app.providers.pay.queryOrder(order.orderNo)).tradeState).toBe('CLOSED');
    expect(await pay(member, order.id)).toMatchObject({ status: 409, msg: '订单已关闭，请重新投保' });

    const paidOrder = await unpaidOrder(ctx, member, accident);
    await payAtWechat((await pay(member, paidOrder.id)).data);
    expect(await call('POST', `order/${paidOrder.id}/cancel`, member)).toMatchObject({
      status: 409,
      msg: '订单已支付，不能取消',
    });
    expect(await pay(member, paidOrder.id)).toMatchObject({ status: 409, msg: '订单已支付，无需重复支付' });
  });

  it('order list filters by status, newest first', async () => {
    const list = await call<{ list: OrderDetail[]; total: number }>(
      'GET',
      'order/list?status=paid&pageSize=50',
      member,
    );
    expect(list.status).toBe(200);
    expect(list.data.list.length).toBeGreaterThan(0);
    expect(list.data.list.every((o) => o.status === 'paid' && o.policyNo)).toBe(true);
    const ids = list.data.list.map((o) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await call('GET', 'order/list?status=nope', member)).status).toBe(400);
  });
});
