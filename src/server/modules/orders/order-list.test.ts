import { describe, expect, it } from 'vitest';
import type { OrderList } from '#shared/orders.ts';
import type { SurrenderResult } from '#shared/policies.ts';
import { setupTestApp } from '../../test/helper.ts';
import { paidPolicy, productByCode } from '../../test/buying.ts';
import { api } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

const ctx = await setupTestApp();
const call = api(ctx);
const owner = await signIn(ctx, 'demo.member');
const medical = await productByCode(ctx, 'MED-BW');

const paidOrders = async () => (await call<OrderList>('GET', 'order/list?status=paid&pageSize=50', owner)).data.list;

describe('GET /order/list: what 我的订单 needs for its 已承保 and 已退保 tabs', () => {
  it('carries the policy and, once surrendered, when it was surrendered', async () => {
    const kept = await paidPolicy(ctx, owner, medical);
    const gone = await paidPolicy(ctx, owner, medical);
    const res = await call<SurrenderResult>('POST', `order/policyInfo/${gone.policyId}/surrender`, owner, {
      reason: '重复投保',
    });
    expect(res.status, res.msg).toBe(200);

    const list = await paidOrders();
    const keptRow = list.find((o) => o.id === kept.order.id);
    const goneRow = list.find((o) => o.id === gone.order.id);
    expect(keptRow).toMatchObject({ policyId: kept.policyId, policyNo: kept.policyNo, surrenderedAt: null });
    expect(goneRow).toMatchObject({
      policyId: gone.policyId,
      policyNo: gone.policyNo,
      surrenderedAt: res.data.surrenderedAt,
    });
  });
});
