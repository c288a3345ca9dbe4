import { describe, expect, it } from 'vitest';
import type { PolicyDetail, PolicyList, SurrenderResult } from '#shared/policies.ts';
import { setupTestApp } from '../../test/helper.ts';
import { backdate } from '../../test/policies.ts';
import { paidPolicy, productByCode, unpaidOrder } from '../../test/buying.ts';
import { api, readingIn } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

/**
 * A policy's `statusText` (and an unpaid order's in the same list) is the name of its status in the
 * reader's language (docs/decisions/server-texts-by-key.md).
 */

const ctx = await setupTestApp();
const call = api(ctx);
const owner = await signIn(ctx, 'demo.member');
const polish = readingIn(owner, 'pl');
const chinese = readingIn(owner, 'zh-CN');
const accident = await productByCode(ctx, 'ACC-ZH');

describe("a policy's statusText", () => {
  it('is Polish in the list and the detail for a Polish reader, Chinese without the header or in zh-CN', async () => {
    const active = await paidPolicy(ctx, owner, accident);
    await backdate(ctx, active.policyId, 30);
    const pending = await paidPolicy(ctx, owner, accident);

    const detail = await call<PolicyDetail>('GET', `order/policyInfo/${active.policyId}`, polish);
    expect(detail.data).toMatchObject({ status: 'active', statusText: 'Aktywne' });
    expect((await call<PolicyDetail>('GET', `order/policyInfo/${active.policyId}`, owner)).data.statusText).toBe(
      '保障中',
    );
    expect((await call<PolicyDetail>('GET', `order/policyInfo/${pending.policyId}`, chinese)).data).toMatchObject({
      status: 'pending',
      statusText: '待生效',
    });

    const list = (await call<PolicyList>('GET', 'order/policyInfo?pageSize=50', polish)).data.list;
    const textOf = (id: number) => list.find((p) => p.kind === 'policy' && p.id === id)?.statusText;
    expect(textOf(active.policyId)).toBe('Aktywne');
    expect(textOf(pending.policyId)).toBe('Oczekujące');
  });

  it("names the unpaid orders of the 待支付 tab in the reader's language", async () => {
    const order = await unpaidOrder(ctx, owner, accident);
    const itemOf = (list: PolicyList) => list.list.find((o) => o.kind === 'order' && o.orderId === order.id);
    const pl = (await call<PolicyList>('GET', 'order/policyInfo?status=unpaid', polish)).data;
    expect(itemOf(pl)).toMatchObject({ status: 'unpaid', statusText: 'Do zapłaty' });
    const zh = (await call<PolicyList>('GET', 'order/policyInfo?status=unpaid', owner)).data;
    expect(itemOf(zh)?.statusText).toBe('待支付');
  });

  it("names a surrendered policy in the reader's language, in the surrender's answer and its repeat", async () => {
    const p = await paidPolicy(ctx, owner, accident);
    const done = await call<SurrenderResult>('POST', `order/policyInfo/${p.policyId}/surrender`, polish, {
      reason: '重复投保',
    });
    expect(done.status, done.msg).toBe(200);
    expect(done.data).toMatchObject({ status: 'surrendered', statusText: 'Rozwiązane' });
    const again = await call<SurrenderResult>('POST', `order/policyInfo/${p.policyId}/surrender`, owner, {
      reason: '重复投保',
    });
    expect(again.data).toMatchObject({ status: 'surrendered', statusText: '已退保' });
    expect((await call<PolicyDetail>('GET', `order/policyInfo/${p.policyId}`, polish)).data.statusText).toBe(
      'Rozwiązane',
    );
  });
});
