import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PromoLinkStats, PromoStats, PromoVisitAnswer } from '#shared/promo.ts';
import { currentAgreement } from '#shared/consent.ts';
import { commissions, members, promoVisits } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { simOauthCode, tokenCall, tokenOf } from '../../test/token-call.ts';
import { commissionFen } from '../finance/commission.ts';
import { paidPolicy, productByCode } from '../../test/buying.ts';
import { api, V1 } from '../../test/http.ts';
import { signIn, type Caller } from '../../test/sign-in.ts';

const ctx = await setupTestApp({ RATE_LIMIT_SIGNIN_PER_MIN: '1000' });
const db = ctx.database.db;
const call = api(ctx);
const partner = await signIn(ctx, 'demo.partner');
const channel = await signIn(ctx, 'demo.channel');
const member = await signIn(ctx, 'demo.member');
const company = await signIn(ctx, 'demo.company');
await db.insert(members).values([
  { username: 'rival.partner', nickname: '另一伙伴', roles: ['member', 'partner'] },
  { username: 'gone.partner', nickname: '停用伙伴', roles: ['member', 'partner'], status: 'disabled' },
]);
const rival = await signIn(ctx, 'rival.partner');
const gone = await signIn(ctx, 'gone.partner');
const medical = await productByCode(ctx, 'MED-BW');
const accident = await productByCode(ctx, 'ACC-ZH');

let visitors = 0;
/** A fresh visitor key, as a new browser makes one. */
const newVisitor = () => `visitor-${String(++visitors).padStart(4, '0')}-abcdefgh`;

interface Visit {
  recommendId?: unknown;
  productId?: unknown;
  path?: unknown;
  visitor?: unknown;
}
async function visit(body: Visit | string, opts: { token?: string; ip?: string; contentType?: string } = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${V1}/promo/visits`,
    headers: {
      'content-type': opts.contentType ?? 'application/json',
      ...(opts.token ? { authorization: opts.token } : {}),
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress: opts.ip ?? '10.0.0.1',
  });
  const json = res.json() as { code: string; msg: string; data: PromoVisitAnswer };
  return { status: res.statusCode, ...json };
}
const productVisit = (recommender: Caller, productId: number, visitor: string) => ({
  recommendId: String(recommender.memberId),
  productId,
  path: '/productDetails/index',
  visitor,
});

const statsOf = async (who: Caller) => {
  const res = await call<PromoStats>('GET', 'promo/stats', who);
  expect(res.status, res.msg).toBe(200);
  return res.data;
};
const linkOf = (stats: PromoStats, productId: number | null): PromoLinkStats =>
  stats.links.find((l) => l.productId === productId) ?? {
    productId,
    visits: 0,
    signups: 0,
    paidOrders: 0,
    commissionFen: 0,
  };
const visitRows = () => db.select().from(promoVisits);

describe('POST promo/visits', () => {
  it('counts a visit once per visitor, link and day; another link or another visitor counts again', async () => {
    const v1 = newVisitor();
    expect(await visit(productVisit(partner, medical.id, v1))).toMatchObject({
      status: 200,
      code: '00000',
      data: { counted: true },
    });
    expect((await visit(productVisit(partner, medical.id, v1))).data.counted).toBe(false);
    expect((await visit(productVisit(partner, accident.id, v1))).data.counted).toBe(true);
    expect((await visit(productVisit(partner, medical.id, newVisitor()))).data.counted).toBe(true);
    // The home link (no product), as a number id this time; twice is still one.
    const home = { recommendId: partner.memberId, path: '/index', visitor: v1 };
    expect((await visit(home)).data.counted).toBe(true);
    expect((await visit(home)).data.counted).toBe(false);

    const stats = await statsOf(partner);
    expect(linkOf(stats, medical.id).visits).toBe(2);
    expect(linkOf(stats, accident.id).visits).toBe(1);
    expect(linkOf(stats, null).visits).toBe(1);
    expect(stats.total.visits).toBe(4);
  });

  it('counts nothing and answers 200 for an unknown member, a plain member, a disabled partner, and the partner opening their own link', async () => {
    const before = (await visitRows()).length;
    for (const recommendId of ['99999999', String(member.memberId), String(company.memberId), String(gone.memberId)]) {
      const res = await visit({ recommendId, productId: medical.id, visitor: newVisitor() });
      expect(res, recommendId).toMatchObject({ status: 200, code: '00000', data: { counted: false } });
    }
    const own = await visit(productVisit(partner, medical.id, newVisitor()), { token: partner.headers.authorization });
    expect(own.data.counted).toBe(false);
    expect((await visitRows()).length).toBe(before);
  });

  it('records a visit of an unknown product under the home and other pages link; a bad token is just an anonymous visitor', async () => {
    const before = linkOf(await statsOf(partner), null).visits;
    expect((await visit(productVisit(partner, 2_000_000_000, newVisitor()))).data.counted).toBe(true);
    expect(
      (await visit(productVisit(partner, medical.id, newVisitor()), { token: 'Bearer not-a-token' })).data.counted,
    ).toBe(true);
    expect(linkOf(await statsOf(partner), null).visits).toBe(before + 1);
  });

  it('refuses malformed reports with a 400 in Chinese saying what is wrong (never an internal field name), and stores nothing', async () => {
    const before = (await visitRows()).length;
    const good = productVisit(partner, medical.id, newVisitor());
    const cases: [Visit | string, string][] = [
      [{ ...good, recommendId: 'abc' }, '推荐码应为正整数'],
      [{ ...good, recommendId: '-1' }, '推荐码应为正整数'],
      [{ ...good, recommendId: 0 }, '推荐码应为正整数'],
      [{ ...good, recommendId: '12345678901234567890' }, '推荐码应为正整数'],
      [{ ...good, recommendId: true }, ''],
      [{ ...good, productId: 'x' }, '产品编号应为正整数'],
      [{ ...good, productId: 1.5 }, '产品编号应为正整数'],
      [{ ...good, productId: 3_000_000_000 }, '产品编号应为正整数'],
      [{ ...good, visitor: 'short' }, '访客标识格式不正确'],
      [{ ...good, visitor: 'x'.repeat(65) }, '访客标识格式不正确'],
      [{ ...good, visitor: "abc'; drop table x;--xxxxxxxx" }, '访客标识格式不正确'],
      [{ ...good, path: '/index?x=<script>' }, '页面路径格式不正确'],
      [{ ...good, path: `/${'a'.repeat(300)}` }, '页面路径过长'],
      [{ recommendId: good.recommendId }, ''],
      [[good] as unknown as Visit, ''],
    ];
    for (const [body, field] of cases) {
      const res = await visit(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.code).toMatch(/^A04(00|10)$/);
      expect(res.msg).toContain(field);
      expect(res.msg).not.toMatch(/recommendId|productId|visitor|path/);
    }
    expect(await visit('{"recommendId":', {})).toMatchObject({ status: 400, code: 'A0427' });
    const plain = await visit('recommendId=1', { contentType: 'text/plain' });
    expect([400, 415]).toContain(plain.status);
    expect(plain.code).toMatch(/^A04/);
    expect((await visitRows()).length).toBe(before);
  });
});

describe('GET promo/stats', () => {
  it('is for partners and channel staff only', async () => {
    expect(await call('GET', 'promo/stats', member)).toMatchObject({ status: 403, code: 'A0303' });
    expect(await call('GET', 'promo/stats', company)).toMatchObject({ status: 403, code: 'A0303' });
    expect(await call('GET', 'promo/stats', null)).toMatchObject({ status: 401 });
    expect((await call('GET', 'promo/stats', channel)).status).toBe(200);
    expect((await call('GET', 'promo/stats', rival)).status).toBe(200);
  });

  it('a visitor who opens the link, signs in through it and buys counts as a visit, a sign-up, a paid order and the commission of that product link', async () => {
    const before = await statsOf(partner);
    const visitor = newVisitor();
    // The page open before WeChat's consent page: anonymous.
    expect((await visit(productVisit(partner, accident.id, visitor))).data.counted).toBe(true);
    // Back with the code: the wx_web grant records the recommender, the H5 reports the same visit signed in.
    const { code } = await simOauthCode(ctx, 'promo-visitor');
    const token = tokenOf(
      await tokenCall(ctx, {
        grant_type: 'wx_web',
        code,
        channel: 'demo',
        agreement: currentAgreement(),
        recommendId: String(partner.memberId),
      }),
    );
    const buyer: Caller = {
      memberId: (await ctx.app.accessTokens.verify(token.access_token))!.memberId,
      token: token.access_token,
      headers: { authorization: `Bearer ${token.access_token}` },
    };
    expect(
      (await visit(productVisit(partner, accident.id, visitor), { token: buyer.headers.authorization })).data.counted,
    ).toBe(false);
    const [row] = await db.select().from(promoVisits).where(eq(promoVisits.visitorKey, visitor));
    expect(row.memberId).toBe(buyer.memberId);

    const paid = await paidPolicy(ctx, buyer, accident);
    const [commission] = await db.select().from(commissions).where(eq(commissions.orderId, paid.order.id));
    expect(commission.amountFen).toBe(commissionFen(paid.order.premiumFen, commission.rateBp));

    const after = await statsOf(partner);
    const was = linkOf(before, accident.id);
    expect(linkOf(after, accident.id)).toEqual({
      productId: accident.id,
      visits: was.visits + 1,
      signups: was.signups + 1,
      paidOrders: was.paidOrders + 1,
      commissionFen: was.commissionFen + commission.amountFen,
    });
    expect(after.total).toEqual({
      visits: before.total.visits + 1,
      signups: before.total.signups + 1,
      paidOrders: before.total.paidOrders + 1,
      commissionFen: before.total.commissionFen + commission.amountFen,
    });
    expect(linkOf(after, medical.id)).toEqual(linkOf(before, medical.id));
  });

  it('a sign-up without a signed-in visit counts under the home and other pages link', async () => {
    const before = await statsOf(partner);
    const { code } = await simOauthCode(ctx, 'promo-direct');
    tokenOf(
      await tokenCall(ctx, {
        grant_type: 'wx_web',
        code,
        channel: 'demo',
        agreement: currentAgreement(),
        recommendId: String(partner.memberId),
      }),
    );
    const after = await statsOf(partner);
    expect(linkOf(after, null).signups).toBe(linkOf(before, null).signups + 1);
    expect(after.total.signups).toBe(before.total.signups + 1);
  });

  it("never counts another partner's visits, sign-ups, orders or commission", async () => {
    const mine = await statsOf(partner);
    const theirsBefore = await statsOf(rival);
    const visitor = newVisitor();
    await visit(productVisit(rival, medical.id, visitor));
    const { code } = await simOauthCode(ctx, 'rival-visitor');
    const token = tokenOf(
      await tokenCall(ctx, {
        grant_type: 'wx_web',
        code,
        channel: 'demo',
        agreement: currentAgreement(),
        recommendId: String(rival.memberId),
      }),
    );
    const buyer: Caller = {
      memberId: (await ctx.app.accessTokens.verify(token.access_token))!.memberId,
      token: token.access_token,
      headers: { authorization: `Bearer ${token.access_token}` },
    };
    await visit(productVisit(rival, medical.id, visitor), { token: buyer.headers.authorization });
    // The rival's customer even opens my link afterwards: the sign-up stays the rival's.
    await visit(productVisit(partner, medical.id, visitor), { token: buyer.headers.authorization });
    await paidPolicy(ctx, buyer, medical);
    // demo.member buys through the channel's link.
    await paidPolicy(ctx, member, medical, { recommendId: channel.memberId });

    const now = await statsOf(partner);
    expect(now.total).toEqual({ ...mine.total, visits: mine.total.visits + 1 });
    expect(linkOf(now, medical.id)).toEqual({
      ...linkOf(mine, medical.id),
      visits: linkOf(mine, medical.id).visits + 1,
    });
    const theirs = await statsOf(rival);
    expect(linkOf(theirs, medical.id)).toMatchObject({
      visits: linkOf(theirsBefore, medical.id).visits + 1,
      signups: 1,
      paidOrders: 1,
    });
    expect(theirs.total.commissionFen).toBeGreaterThan(theirsBefore.total.commissionFen);
  });

  it('a cooling-off surrender takes the order and its commission out again', async () => {
    const before = await statsOf(partner);
    const p = await paidPolicy(ctx, member, medical, { recommendId: partner.memberId });
    const [c] = await db.select().from(commissions).where(eq(commissions.orderId, p.order.id));
    const paid = await statsOf(partner);
    expect(linkOf(paid, medical.id).paidOrders).toBe(linkOf(before, medical.id).paidOrders + 1);
    expect(paid.total.commissionFen).toBe(before.total.commissionFen + c.amountFen);
    expect(
      (await call('POST', `order/policyInfo/${p.policyId}/surrender`, member, { reason: '重复投保' })).status,
    ).toBe(200);
    expect(await statsOf(partner)).toEqual(before);
  });
});

describe('rate limit', () => {
  it('answers 429 A0429 beyond the reports a minute of one address, and counts nothing then', async () => {
    const ip = '10.9.9.9';
    const answers = [];
    for (let i = 0; i < 61; i += 1) answers.push(await visit(productVisit(partner, medical.id, newVisitor()), { ip }));
    expect(answers.slice(0, 60).every((a) => a.status === 200)).toBe(true);
    expect(answers[60]).toMatchObject({ status: 429, code: 'A0429' });
    // Another address is not affected.
    expect((await visit(productVisit(partner, medical.id, newVisitor()), { ip: '10.9.9.10' })).status).toBe(200);
  });
});
