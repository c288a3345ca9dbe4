import { describe, expect, it } from 'vitest';
import type { PolicyDetail } from '#shared/policies.ts';
import { setupTestApp } from '../../test/helper.ts';
import { paidPolicy, productByCode } from '../../test/buying.ts';
import { beijingToday, plusDays } from '../../test/dates.ts';
import { api } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

const ctx = await setupTestApp();
const call = api(ctx);
const owner = await signIn(ctx, 'demo.member');
const stranger = await signIn(ctx, 'demo.partner');
const accident = await productByCode(ctx, 'ACC-ZH');

describe('POST /prod-api/dev/policies/{id}/backdate (outside production)', () => {
  it("moves the owner's policy into the past so it is in force today; others get 404", async () => {
    const paid = await paidPolicy(ctx, owner, accident);
    const before = (await call<PolicyDetail>('GET', `order/policyInfo/${paid.policyId}`, owner)).data;
    expect(before.startDate > beijingToday()).toBe(true);
    expect(
      await call('POST', `/prod-api/dev/policies/${paid.policyId}/backdate`, stranger, { days: 10 }),
    ).toMatchObject({ status: 404 });
    expect((await call('POST', `/prod-api/dev/policies/${paid.policyId}/backdate`, null, { days: 10 })).status).toBe(
      401,
    );
    expect((await call('POST', `/prod-api/dev/policies/${paid.policyId}/backdate`, owner, { days: 0 })).status).toBe(
      400,
    );
    const res = await call<{ startDate: string }>('POST', `/prod-api/dev/policies/${paid.policyId}/backdate`, owner, {
      days: 10,
    });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.startDate).toBe(plusDays(before.startDate, -10));
    const after = (await call<PolicyDetail>('GET', `order/policyInfo/${paid.policyId}`, owner)).data;
    expect(after).toMatchObject({ status: 'active', startDate: plusDays(before.startDate, -10) });
    // Paid before it was issued, as it was: the payment time moves with the policy's dates.
    const DAY_MS = 86_400_000;
    expect(Date.parse(after.paidAt!)).toBe(Date.parse(before.paidAt!) - 10 * DAY_MS);
    expect(Date.parse(after.paidAt!)).toBeLessThanOrEqual(Date.parse(after.issuedAt));
  });
});
