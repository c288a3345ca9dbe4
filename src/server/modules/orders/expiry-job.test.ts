import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { productByCode, unpaidOrder } from '../../test/buying.ts';
import { signIn } from '../../test/sign-in.ts';

// Only the interval is simulated: database and HTTP run on real time.
vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
afterAll(() => {
  vi.useRealTimers();
});

const ctx = await setupTestApp({ ORDER_SWEEP_INTERVAL_S: '30' });
const db = ctx.database.db;

describe('the expiry job', () => {
  it('runs every ORDER_SWEEP_INTERVAL_S in the app and closes orders whose time is up', async () => {
    const member = await signIn(ctx, 'demo.member');
    const order = await unpaidOrder(ctx, member, await productByCode(ctx, 'ACC-ZH'));
    await db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.id));
    const statusOf = async () =>
      (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)))[0].status;

    vi.advanceTimersByTime(29_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(await statusOf()).toBe('unpaid');
    vi.advanceTimersByTime(1_000);
    await vi.waitFor(async () => expect(await statusOf()).toBe('expired'), { timeout: 30_000, interval: 50 });
  });

  it('is stopped when the app closes', async () => {
    const member = await signIn(ctx, 'demo.member');
    const order = await unpaidOrder(ctx, member, await productByCode(ctx, 'ACC-ZH'));
    await db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, order.id));
    await ctx.app.close();
    vi.advanceTimersByTime(120_000);
    await new Promise((r) => setTimeout(r, 300));
    const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row.status).toBe('unpaid');
  });
});
