import { describe, expect, it } from 'vitest';
import type { OrderDetail, OrderList, OrderStatusAnswer } from '#shared/orders.ts';
import { setupTestApp } from '../../test/helper.ts';
import { completeTrail, individualDraft, productByCode, submit, unpaidOrder } from '../../test/buying.ts';
import { api, readingIn } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

/** An order's `statusText` is the name of its status in the reader's language (docs/decisions/server-texts-by-key.md). */

const ctx = await setupTestApp();
const call = api(ctx);
const member = await signIn(ctx, 'demo.member');
const polish = readingIn(member, 'pl');
const chinese = readingIn(member, 'zh-CN');
const accident = await productByCode(ctx, 'ACC-ZH');

describe("an order's statusText", () => {
  it('is Polish for a Polish reader and Chinese without the header or in zh-CN, on submit, detail, list and status', async () => {
    const draft = await individualDraft(ctx, member, accident);
    await completeTrail(ctx, member, draft.id, accident);
    const submitted = await submit(ctx, polish, draft.id);
    expect(submitted.status, submitted.msg).toBe(200);
    expect(submitted.data).toMatchObject({ status: 'unpaid', statusText: 'Do zapłaty' });
    const id = submitted.data.id;

    const detail = await call<OrderDetail>('GET', `order/${id}`, polish);
    expect(detail.data.statusText).toBe('Do zapłaty');
    expect((await call<OrderDetail>('GET', `order/${id}`, member)).data.statusText).toBe('待支付');
    expect((await call<OrderDetail>('GET', `order/${id}`, chinese)).data.statusText).toBe('待支付');

    const listed = (await call<OrderList>('GET', 'order/list?pageSize=50', polish)).data.list.find((o) => o.id === id);
    expect(listed?.statusText).toBe('Do zapłaty');
    const status = await call<OrderStatusAnswer>('GET', `order/${id}/status`, polish);
    expect(status.data).toMatchObject({ status: 'unpaid', statusText: 'Do zapłaty' });
    expect((await call<OrderStatusAnswer>('GET', `order/${id}/status`, member)).data.statusText).toBe('待支付');
  });

  it("names a cancelled order in the reader's language", async () => {
    const order = await unpaidOrder(ctx, member, accident);
    const cancelled = await call<OrderDetail>('POST', `order/${order.id}/cancel`, polish);
    expect(cancelled.status, cancelled.msg).toBe(200);
    expect(cancelled.data).toMatchObject({ status: 'cancelled', statusText: 'Anulowane' });
    expect((await call<OrderDetail>('GET', `order/${order.id}`, member)).data.statusText).toBe('已取消');
  });
});
