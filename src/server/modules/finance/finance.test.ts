import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  BonusTemplate,
  BonusTemplateList,
  FinanceSummary,
  LedgerPage,
  Withdrawal,
  WithdrawalList,
} from '#shared/finance.ts';
import { bonusTemplates, commissions, ledgerEntries, members, orders, productTypes } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { settlePaid } from '../orders/settle.ts';
import { backdate } from '../../test/policies.ts';
import { commissionFen, earnCommission } from './commission.ts';
import { beijingMonth, monthRange } from '#shared/beijing-time.ts';
import { paidPolicy, productByCode } from '../../test/buying.ts';
import { api } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

const ctx = await setupTestApp();
const db = ctx.database.db;
const call = api(ctx);
const buyer = await signIn(ctx, 'demo.member');
const partner = await signIn(ctx, 'demo.partner');
const company = await signIn(ctx, 'demo.company');
const channel = await signIn(ctx, 'demo.channel');
await db.insert(members).values({ username: 'other.partner', nickname: '另一伙伴', roles: ['member', 'partner'] });
const otherPartner = await signIn(ctx, 'other.partner');
const medical = await productByCode(ctx, 'MED-BW');
const accident = await productByCode(ctx, 'ACC-ZH');

const summaryOf = async (who = partner) => (await call<FinanceSummary>('GET', 'finance/summary', who)).data;
const typeId = async (code: string) =>
  (await db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.code, code)))[0].id;

describe('commission arithmetic: premium fen × rate bp / 10000, rounded half up to the fen', () => {
  it.each([
    [10_000, 1500, 1500],
    [12_345, 1000, 1235], // 1234.5 → 1235 (half up)
    [12_344, 1000, 1234], // 1234.4 → 1234
    [1, 1500, 0], // 0.15 fen → 0
    [4, 1250, 1], // 0.5 fen → 1
    [3, 1250, 0], // 0.375 → 0
    [99_999, 333, 3330], // 3329.9667 → 3330
    [2_147_483_647, 5000, 1_073_741_824], // 1073741823.5 → …24, no float error
    [50_000, 0, 0],
    [0, 1500, 0],
    [-100, 1500, 0],
  ])('%i fen at %i bp → %i fen', (premium, rate, expected) => {
    expect(commissionFen(premium, rate)).toBe(expected);
  });

  it('Beijing months: a payment at 23:30 on 31 Oct UTC is November in Beijing', () => {
    expect(beijingMonth(new Date('2026-10-31T16:30:00Z'))).toBe('2026-11');
    expect(monthRange('2026-12')).toEqual({
      from: new Date('2026-11-30T16:00:00Z'),
      to: new Date('2026-12-31T16:00:00Z'),
    });
  });
});

describe('commission from paid orders', () => {
  it("a paid order sold through the partner's link earns the rate of the template in force, once; surrender reverses it", async () => {
    const before = await summaryOf();
    const p = await paidPolicy(ctx, buyer, medical, { recommendId: partner.memberId });
    const [c] = await db.select().from(commissions).where(eq(commissions.orderId, p.order.id));
    expect(c).toMatchObject({
      memberId: partner.memberId,
      basePremiumFen: p.order.premiumFen,
      rateBp: 1000,
      templateVersion: 1,
      status: 'earned',
      policyId: p.policyId,
    });
    expect(c.amountFen).toBe(commissionFen(p.order.premiumFen, 1000));
    const after = await summaryOf();
    expect(after.balanceFen - before.balanceFen).toBe(c.amountFen);
    expect(after.monthIncomeFen - before.monthIncomeFen).toBe(c.amountFen);

    // A repeated confirmation changes nothing; neither does a second attempt to earn.
    expect(await settlePaid(ctx.app, p.order.id, { transactionId: 'again' } as never, 'notify')).toBe(false);
    const [order] = await db.select().from(orders).where(eq(orders.id, p.order.id));
    await db.transaction((tx) => earnCommission(tx, order, p.policyId, new Date()));
    expect(await db.select().from(commissions).where(eq(commissions.orderId, p.order.id))).toHaveLength(1);
    expect((await summaryOf()).balanceFen).toBe(after.balanceFen);

    const ledger = (await call<LedgerPage>('GET', 'finance/ledger', partner)).data;
    expect(ledger.list[0]).toMatchObject({
      kind: 'commission',
      kindText: '佣金收入',
      amountFen: c.amountFen,
      orderNo: p.order.orderNo,
      rateBp: 1000,
      templateVersion: 1,
    });

    const res = await call('POST', `order/policyInfo/${p.policyId}/surrender`, buyer, { reason: '重复投保' });
    expect(res.status, res.msg).toBe(200);
    const [r] = await db.select().from(commissions).where(eq(commissions.orderId, p.order.id));
    expect(r.status).toBe('reversed');
    const reversed = await summaryOf();
    expect(reversed.balanceFen).toBe(before.balanceFen);
    expect(reversed.reversedFen - before.reversedFen).toBe(c.amountFen);
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.commissionId, c.id));
    expect(entries.map((e) => [e.kind, e.amountFen]).sort()).toEqual([
      ['commission', c.amountFen],
      ['reversal', -c.amountFen],
    ]);
    // A repeated surrender does not reverse twice.
    await call('POST', `order/policyInfo/${p.policyId}/surrender`, buyer, { reason: '重复投保' });
    expect((await summaryOf()).balanceFen).toBe(before.balanceFen);
  });

  it('uses the template version in force at payment time; editing creates a new version and keeps the old', async () => {
    const accidentType = await typeId('accident');
    const created = await call<BonusTemplate>('POST', 'finance/bonusTemplates', company, {
      productTypeId: accidentType,
      rateBp: 1234,
      name: '意外险上调',
    });
    expect(created.status, created.msg).toBe(200);
    expect(created.data).toMatchObject({ version: 2, rateBp: 1234, current: true, productTypeCode: 'accident' });
    // WeChat Pay reports the payment time to the second: let the new version be in force a moment earlier.
    await db
      .update(bonusTemplates)
      .set({ effectiveFrom: new Date(Date.now() - 5_000) })
      .where(eq(bonusTemplates.id, created.data.id));
    const versions = await db.select().from(bonusTemplates).where(eq(bonusTemplates.productTypeId, accidentType));
    expect(versions.map((v) => [v.version, v.rateBp]).sort()).toEqual([
      [1, 1500],
      [2, 1234],
    ]);
    const p = await paidPolicy(ctx, buyer, accident, { recommendId: partner.memberId });
    const [c] = await db.select().from(commissions).where(eq(commissions.orderId, p.order.id));
    expect(c).toMatchObject({ rateBp: 1234, templateVersion: 2, amountFen: commissionFen(p.order.premiumFen, 1234) });
    const list = (await call<BonusTemplateList>('GET', 'finance/bonusTemplates', company)).data.list.filter(
      (t) => t.productTypeId === accidentType,
    );
    expect(list.map((t) => [t.version, t.current])).toEqual([
      [2, true],
      [1, false],
    ]);
  });

  it('no commission without a partner link, or outside cooling-off the surrender is refused and commission stays', async () => {
    const p = await paidPolicy(ctx, buyer, medical);
    expect(await db.select().from(commissions).where(eq(commissions.orderId, p.order.id))).toHaveLength(0);
    const q = await paidPolicy(ctx, buyer, medical, { recommendId: otherPartner.memberId });
    await backdate(ctx, q.policyId, 60);
    const res = await call('POST', `order/policyInfo/${q.policyId}/surrender`, buyer, { reason: '不想要了' });
    expect(res.status).toBe(400);
    const [c] = await db.select().from(commissions).where(eq(commissions.orderId, q.order.id));
    expect(c.status).toBe('earned');
  });
});

describe('withdrawals', () => {
  it('refuses more than the balance, below the minimum, a second pending one; rejection gives the money back', async () => {
    // Fund the other partner: a large commission straight into the ledger, as earned commission would.
    const [o] = await db.select({ id: members.id }).from(members).where(eq(members.username, 'other.partner'));
    await db.insert(ledgerEntries).values({ memberId: o.id, kind: 'commission', amountFen: 30_000, note: 'test' });
    const start = (await summaryOf(otherPartner)).balanceFen;
    expect((await call('POST', 'finance/withdrawals', otherPartner, { amountFen: start + 1 })).status).toBe(400);
    expect((await call('POST', 'finance/withdrawals', otherPartner, { amountFen: 9_999 })).status).toBe(400);
    expect((await call('POST', 'finance/withdrawals', otherPartner, { amountFen: 100.5 })).status).toBe(400);
    expect((await call('POST', 'finance/withdrawals', otherPartner, { amountFen: '10000' })).status).toBe(400);

    // Two at once: exactly one goes through.
    const both = await Promise.all(
      [10_000, 10_000].map((amountFen) => call<Withdrawal>('POST', 'finance/withdrawals', otherPartner, { amountFen })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const w = both.find((r) => r.status === 200)!.data;
    expect(w).toMatchObject({ status: 'pending', statusText: '待审核', amountFen: 10_000 });
    expect(await summaryOf(otherPartner)).toMatchObject({ balanceFen: start - 10_000, pendingWithdrawalFen: 10_000 });

    // Only channel staff review; others' withdrawals are not visible to a partner.
    expect(
      (await call('POST', `finance/staff/withdrawals/${w.id}/review`, partner, { action: 'approve' })).status,
    ).toBe(403);
    expect(
      (await call<WithdrawalList>('GET', 'finance/withdrawals', partner)).data.list.find((x) => x.id === w.id),
    ).toBeUndefined();
    const noReason = await call('POST', `finance/staff/withdrawals/${w.id}/review`, channel, {
      action: 'reject',
      note: '  ',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.msg).toContain('驳回提现需填写原因');
    expect((await summaryOf(otherPartner)).pendingWithdrawalFen).toBe(10_000);
    const rejected = await call<Withdrawal>('POST', `finance/staff/withdrawals/${w.id}/review`, channel, {
      action: 'reject',
      note: '账户信息有误',
    });
    expect(rejected.data).toMatchObject({ status: 'rejected', statusText: '已驳回' });
    expect(
      (await call('POST', `finance/staff/withdrawals/${w.id}/review`, channel, { action: 'approve' })).status,
    ).toBe(409);
    expect((await summaryOf(otherPartner)).balanceFen).toBe(start);

    const again = await call<Withdrawal>('POST', 'finance/withdrawals', otherPartner, { amountFen: 20_000 });
    expect(again.status, again.msg).toBe(200);
    const paid = await call<Withdrawal>('POST', `finance/staff/withdrawals/${again.data.id}/review`, channel, {
      action: 'approve',
    });
    expect(paid.data).toMatchObject({ status: 'paid', statusText: '已打款' });
    expect(await summaryOf(otherPartner)).toMatchObject({
      balanceFen: start - 20_000,
      withdrawnFen: 20_000,
      pendingWithdrawalFen: 0,
    });
    expect((await call('POST', 'finance/staff/withdrawals/999999/review', channel, { action: 'approve' })).status).toBe(
      404,
    );
    const mine = (await call<WithdrawalList>('GET', 'finance/withdrawals', otherPartner)).data;
    expect(mine.list.map((x) => x.statusText)).toEqual(['已打款', '已驳回']);
  });
});

describe('roles and bad input', () => {
  it.each([
    ['GET', 'finance/summary'],
    ['GET', 'finance/ledger'],
    ['GET', 'finance/withdrawals'],
    ['POST', 'finance/withdrawals'],
  ] as const)('%s %s refuses members and companies (403) and anonymous callers (401)', async (method, path) => {
    expect((await call(method, path, buyer, method === 'POST' ? { amountFen: 10_000 } : undefined)).status).toBe(403);
    expect((await call(method, path, company, method === 'POST' ? { amountFen: 10_000 } : undefined)).status).toBe(403);
    const res = await fetch(`${ctx.url}/prod-api/app-api/v1/${path}`, { method });
    expect(res.status).toBe(401);
  });

  it('bonus templates are for companies: partners and members are refused, and nothing is created', async () => {
    const count = (await db.select().from(bonusTemplates)).length;
    expect((await call('GET', 'finance/bonusTemplates', partner)).status).toBe(403);
    expect(
      (await call('POST', 'finance/bonusTemplates', partner, { productTypeId: await typeId('travel'), rateBp: 4000 }))
        .status,
    ).toBe(403);
    expect(
      (await call('POST', 'finance/bonusTemplates', buyer, { productTypeId: await typeId('travel'), rateBp: 4000 }))
        .status,
    ).toBe(403);
    for (const body of [
      { productTypeId: 999_999, rateBp: 100 },
      { productTypeId: await typeId('travel'), rateBp: 5001 },
      { productTypeId: await typeId('travel'), rateBp: -1 },
      { productTypeId: 'x', rateBp: 1 },
      { rateBp: 1.5, productTypeId: 1 },
      {},
    ]) {
      const res = await call('POST', 'finance/bonusTemplates', company, body);
      expect([400, 404]).toContain(res.status);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await db.select().from(bonusTemplates)).length).toBe(count);
  });

  it('ledger and staff list validate their queries in Chinese', async () => {
    for (const q of ['month=2026-13', 'month=x', 'pageNum=0', 'pageSize=51', 'pageNum=abc']) {
      const res = await call('GET', `finance/ledger?${q}`, partner);
      expect(res.status, q).toBe(400);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await call('GET', 'finance/staff/withdrawals?status=nope', channel)).status).toBe(400);
    expect((await call('GET', 'finance/staff/withdrawals', partner)).status).toBe(403);
    const empty = (await call<LedgerPage>('GET', 'finance/ledger?month=2020-01', partner)).data;
    expect(empty).toMatchObject({ list: [], total: 0, month: '2020-01' });
    expect(
      await db
        .select()
        .from(commissions)
        .where(and(eq(commissions.memberId, buyer.memberId))),
    ).toHaveLength(0);
  });
});

describe('no shape of request produces a 500', () => {
  it.each([
    ['POST', 'finance/withdrawals', partner],
    ['POST', 'finance/bonusTemplates', company],
    ['POST', 'finance/staff/withdrawals/1/review', channel],
  ] as const)('%s %s answers 4xx in Chinese to malformed bodies and changes nothing', async (method, path, who) => {
    const ledger = (await db.select().from(ledgerEntries)).length;
    const templates = (await db.select().from(bonusTemplates)).length;
    for (const payload of [
      '[]',
      'null',
      '"x"',
      '{"amountFen":1e20}',
      '{"amountFen":null}',
      '{"productTypeId":1,"rateBp":"1500"}',
      '{"action":"approve","note":{}}',
      '{',
    ]) {
      const res = await ctx.app.inject({
        method,
        url: `/prod-api/app-api/v1/${path}`,
        headers: { ...who.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, `${path} ${payload}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${path} ${payload}`).toBeLessThan(500);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const id of ['abc', '99999999999', '-1', '1.5']) {
      const res = await call('POST', `finance/staff/withdrawals/${id}/review`, channel, { action: 'approve' });
      expect(res.status, id).toBe(400);
    }
    expect((await db.select().from(ledgerEntries)).length).toBe(ledger);
    expect((await db.select().from(bonusTemplates)).length).toBe(templates);
  });
});
