import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { commissions } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { coolingOffUntil } from '../catalogue/cooling-off.ts';
import { settleDueCommissions } from './settlement.ts';
import { paidPolicy, productByCode } from '../../test/buying.ts';
import { api } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

const ctx = await setupTestApp();
const db = ctx.database.db;
const call = api(ctx);
const buyer = await signIn(ctx, 'demo.member');
const partner = await signIn(ctx, 'demo.partner');
const medical = await productByCode(ctx, 'MED-BW');

const statusOf = async (orderId: number) =>
  (await db.select().from(commissions).where(eq(commissions.orderId, orderId)))[0].status;

describe('commission settlement', () => {
  it("settles a commission when its policy's cooling-off period is over, not a moment before, and never a reversed one", async () => {
    const kept = await paidPolicy(ctx, buyer, medical, { recommendId: partner.memberId });
    const surrendered = await paidPolicy(ctx, buyer, medical, { recommendId: partner.memberId });
    const back = await call('POST', `order/policyInfo/${surrendered.policyId}/surrender`, buyer, {
      reason: '不想要了',
    });
    expect(back.status, back.msg).toBe(200);
    expect(await statusOf(surrendered.order.id)).toBe('reversed');

    const balance = async () => (await call<{ balanceFen: number }>('GET', 'finance/summary', partner)).data.balanceFen;
    const before = await balance();
    const until = coolingOffUntil(new Date(), medical.coolingOffDays)!;
    expect(await settleDueCommissions(db, new Date(until.getTime() - 1))).toBe(0);
    expect(await statusOf(kept.order.id)).toBe('earned');

    expect(await settleDueCommissions(db, new Date(until.getTime() + 60_000))).toBe(1);
    expect(await statusOf(kept.order.id)).toBe('settled');
    expect(await statusOf(surrendered.order.id)).toBe('reversed');
    // Settling again changes nothing, and settling moves no money.
    expect(await settleDueCommissions(db, new Date(until.getTime() + 60_000))).toBe(0);
    expect(await balance()).toBe(before);
  });
});
