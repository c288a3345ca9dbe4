import { describe, expect, it } from 'vitest';
import type { ProductDetail } from '#shared/catalogue.ts';
import type { LedgerPage } from '#shared/finance.ts';
import type { InvoiceableOrderList } from '#shared/invoices.ts';
import type { Draft, DraftList } from '#shared/orders.ts';
import { setupTestApp } from '../../test/helper.ts';
import { paidPolicy, productByCode } from '../../test/buying.ts';
import { V1 } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

/**
 * 草稿箱, the orders to invoice and the partner's income ledger name the product (and plan) in the reader's language,
 * from the version the draft or the order was made under (docs/decisions/catalogue-translations.md).
 */
const ctx = await setupTestApp();
const member = await signIn(ctx, 'demo.member');
const partner = await signIn(ctx, 'demo.partner');
const accident = await productByCode(ctx, 'ACC-ZH');
const polishAccident = (
  await ctx.app.inject({ method: 'GET', url: `${V1}/product/${accident.id}`, headers: { 'accept-language': 'pl' } })
).json().data as ProductDetail;
const hasHan = (text: string) => /\p{Script=Han}/u.test(text);

async function get<T>(url: string, headers: Record<string, string>, language?: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${V1}/${url}`,
    headers: { ...headers, ...(language ? { 'accept-language': language } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
}

describe("names in the reader's language", () => {
  it('草稿箱 lists the product and plan in Polish for a Polish reader, in Chinese otherwise', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${V1}/order/drafts`,
      headers: member.headers,
      payload: {
        productId: accident.id,
        planCode: accident.plans[0].code,
        termDays: accident.terms[0].days,
        step: 'plan',
      },
    });
    const draft = (res.json() as { data: Draft }).data;
    const chinese = (await get<DraftList>('order/drafts', member.headers)).list.find((d) => d.id === draft.id)!;
    const polish = (await get<DraftList>('order/drafts', member.headers, 'pl')).list.find((d) => d.id === draft.id)!;
    expect(chinese.productName).toBe(accident.name);
    expect(hasHan(chinese.productName) && hasHan(chinese.planName ?? '')).toBe(true);
    expect(polish.productName).toBe(polishAccident.name);
    expect(polish.planName).toBe(polishAccident.plans[0].name);
    expect(hasHan(polish.productName) || hasHan(polish.planName ?? '')).toBe(false);
  });

  it('开发票 lists the orders to invoice with the product and plan in Polish for a Polish reader', async () => {
    const sold = await paidPolicy(ctx, member, accident);
    const orderOf = (list: InvoiceableOrderList) => list.list.find((o) => o.orderNo === sold.order.orderNo)!;
    const chinese = orderOf(await get<InvoiceableOrderList>('invoice/orders', member.headers));
    expect(chinese.productName).toBe(accident.name);
    const polish = orderOf(await get<InvoiceableOrderList>('invoice/orders', member.headers, 'pl'));
    expect(polish.productName).toBe(polishAccident.name);
    expect(hasHan(polish.productName) || hasHan(polish.planName)).toBe(false);
    expect(polish).toMatchObject({ amountFen: chinese.amountFen, paidAt: chinese.paidAt, orderId: chinese.orderId });
  });

  it('收入明细 names the product sold in Polish for a Polish reader', async () => {
    const sold = await paidPolicy(ctx, member, accident, { recommendId: partner.memberId });
    const entryOf = (page: LedgerPage) =>
      page.list.find((e) => e.kind === 'commission' && e.orderNo === sold.order.orderNo)!;
    expect(entryOf(await get<LedgerPage>('finance/ledger', partner.headers)).productName).toBe(accident.name);
    const polish = entryOf(await get<LedgerPage>('finance/ledger', partner.headers, 'pl'));
    expect(polish.productName).toBe(polishAccident.name);
    expect(hasHan(polish.productName ?? '')).toBe(false);
  });
});
