import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PayAnswer } from '#shared/orders.ts';
import { orders, policies } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { productByCode, unpaidOrder } from '../../test/buying.ts';
import { signIn } from '../../test/sign-in.ts';
import { followUpPayments } from './payment-follow-up.ts';

// The job's interval is far away: each test runs the job itself at the moments it names.
const ctx = await setupTestApp({ PAYMENT_QUERY_INTERVAL_S: '3600' });
const db = ctx.database.db;
const seconds = (s: number) => new Date(Date.now() + s * 1000);

async function simulator(path: string, body: object) {
  const res = await fetch(`${ctx.url}/wx-sim/pay/test/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** An order whose payment started (prepaid at the simulated WeChat Pay): its number and prepay id. */
async function startedPayment() {
  const member = await signIn(ctx, 'demo.member');
  const order = await unpaidOrder(ctx, member, await productByCode(ctx, 'ACC-ZH'));
  const pay = await api(ctx)<PayAnswer>('POST', `order/${order.id}/pay`, member, {});
  expect(pay.status, pay.msg).toBe(200);
  return { id: order.id, orderNo: order.orderNo, prepayId: pay.data.payParams.package.slice('prepay_id='.length) };
}

const orderRow = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0];
const policiesOf = async (id: number) => db.select().from(policies).where(eq(policies.orderId, id));

describe('payments settle without the customer', () => {
  it('settles a paid order whose notification was lost, once, however many runs meet', async () => {
    const payment = await startedPayment();
    await simulator('pay', { prepayId: payment.prepayId, lost: true });
    // Too early: the notification usually comes within seconds, so the job waits before asking.
    expect(await followUpPayments(ctx.app, seconds(2))).toBe(0);
    expect((await orderRow(payment.id)).status).toBe('unpaid');

    const runs = await Promise.all([0, 1, 2].map(() => followUpPayments(ctx.app, seconds(11))));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const row = await orderRow(payment.id);
    expect(row.status).toBe('paid');
    expect(row.transactionId).toMatch(/^4200/);
    expect(await policiesOf(payment.id)).toHaveLength(1);
    // The notification arriving late changes nothing.
    await simulator('notify', { outTradeNo: payment.orderNo });
    expect(await policiesOf(payment.id)).toHaveLength(1);
  });

  it('asks again with a growing wait while the payer has not paid, and leaves the order payable', async () => {
    const payment = await startedPayment();
    await simulator('trade-state', { outTradeNo: payment.orderNo, state: 'USERPAYING' });
    await followUpPayments(ctx.app, seconds(11));
    const asked = (await orderRow(payment.id)).lastQueryAt!;
    expect(asked.getTime()).toBeGreaterThan(Date.now());
    expect((await orderRow(payment.id)).status).toBe('unpaid');
    // Asked at about 11 s of age: the next question waits about as long again.
    await followUpPayments(ctx.app, seconds(15));
    expect((await orderRow(payment.id)).lastQueryAt).toEqual(asked);
    await simulator('trade-state', { outTradeNo: payment.orderNo, state: 'PAYERROR' });
    await followUpPayments(ctx.app, seconds(25));
    expect((await orderRow(payment.id)).lastQueryAt!.getTime()).toBeGreaterThan(asked.getTime());
    expect((await orderRow(payment.id)).status).toBe('unpaid');
    expect(await policiesOf(payment.id)).toHaveLength(0);
  });

  it('closes an order WeChat Pay closed', async () => {
    const payment = await startedPayment();
    // Closed at WeChat (e.g. by an earlier cancel whose own update never happened here).
    await ctx.app.providers.pay.closeOrder(payment.orderNo);
    await followUpPayments(ctx.app, seconds(11));
    expect((await orderRow(payment.id)).status).toBe('expired');
  });
});
