import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatYuan } from '#shared/money.ts';
import type { Partner, PartnerList, RelationRemoved } from '#shared/partners.ts';
import { auditEvents, commissions, members, orders, policies, refreshTokens } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { insertRefreshToken } from '../auth/refresh-tokens.ts';
import { payOrder, productByCode, unpaidOrder } from '../../test/buying.ts';
import { api } from '../../test/http.ts';
import { signIn, type Caller } from '../../test/sign-in.ts';

const ctx = await setupTestApp();
const db = ctx.database.db;
const call = api(ctx);

/*
 * Partners for the tests: 一号 recommended 二号 and 三号 (partners) and a plain customer; 四号 is
 * unrelated. The relation is members.recommenderId, as the wx_web sign-in records it.
 */
async function partner(
  username: string,
  nickname: string,
  mobile: string,
  recommenderId: number | null = null,
  roles = ['member', 'partner'],
): Promise<Caller> {
  await db.insert(members).values({ username, nickname, mobile, roles, recommenderId });
  return signIn(ctx, username);
}
const one = await partner('p.one', '一号伙伴', '13911110001');
const two = await partner('p.two', '二号伙伴', '13911110002', one.memberId);
const three = await partner('p.three', '三号伙伴', '13911110003', one.memberId);
const four = await partner('p.four', '四号伙伴', '13911110004');
const customer = await partner('p.customer', '普通客户', '13911110005', one.memberId, ['member']);
const channel = await signIn(ctx, 'demo.channel');
const member = await signIn(ctx, 'demo.member');
const company = await signIn(ctx, 'demo.company');
const medical = await productByCode(ctx, 'MED-BW');

const list = (who: Caller | null, query = '') => call<PartnerList>('GET', `partner${query}`, who);
const names = (l: PartnerList) => l.list.map((p) => p.name);
const canre = (who: Caller | null, a: number | string, b: number | string) =>
  call<RelationRemoved>('PUT', `partner/canre/${a}/${b}`, who);
const recommenderOf = async (id: number) =>
  (await db.select({ r: members.recommenderId }).from(members).where(eq(members.id, id)))[0].r;

describe('GET /partner', () => {
  it('a partner sees those they recommended (partners only) and not the others, mobiles masked', async () => {
    const res = await list(one);
    expect(res.status, res.msg).toBe(200);
    expect(names(res.data)).toEqual(['二号伙伴', '三号伙伴']);
    expect(res.data.total).toBe(2);
    const row = res.data.list[0];
    expect(row).toMatchObject({
      id: two.memberId,
      mobile: '139****0002',
      status: 'active',
      statusText: '正常',
      relation: 'downline',
      relationText: '我推荐的伙伴',
      recommenderId: one.memberId,
      recommenderName: '一号伙伴',
      remark: null,
      orders: { total: 0, unpaid: 0, paid: 0 },
    });
    expect(Date.parse(row.relatedSince!)).not.toBeNaN();
    expect(JSON.stringify(res.data)).not.toContain('13911110002');
  });

  it('a recommended partner sees the one who recommended them, not their siblings', async () => {
    await db.update(members).set({ recommenderId: four.memberId }).where(eq(members.id, one.memberId));
    const res = await list(two);
    expect(names(res.data)).toEqual(['一号伙伴']);
    // 一号's own recommender (四号) is none of 二号's business.
    expect(res.data.list[0]).toMatchObject({
      relation: 'upline',
      relationText: '推荐我的伙伴',
      mobile: '139****0001',
      recommenderId: null,
      recommenderName: null,
    });
    await db.update(members).set({ recommenderId: null }).where(eq(members.id, one.memberId));
    expect(res.data.list[0].relatedSince).not.toBeNull();
    expect((await list(four)).data).toMatchObject({ list: [], total: 0 });
  });

  it('channel staff see every partner with remark; keyword and paging work; customers are not partners', async () => {
    const all = await list(channel, '?pageSize=50');
    expect(names(all.data)).toEqual(expect.arrayContaining(['一号伙伴', '二号伙伴', '三号伙伴', '四号伙伴']));
    expect(names(all.data)).not.toContain('普通客户');
    expect(
      all.data.list.every(
        (p) => p.relation === null && p.remark === '' && (p.mobile === null || p.mobile.includes('****')),
      ),
    ).toBe(true);
    expect(names((await list(channel, '?keyword=三号')).data)).toEqual(['三号伙伴']);
    expect(names((await list(channel, `?keyword=${encodeURIComponent('0004')}`)).data)).toEqual(['四号伙伴']);
    expect(names((await list(channel, '?keyword=%25')).data)).toEqual([]);
    const page2 = await list(channel, '?page=2&pageSize=1');
    expect(page2.data).toMatchObject({ page: 2, pageSize: 1, total: all.data.total });
    expect(page2.data.list).toHaveLength(1);
  });

  it('refuses members and companies (A0303), asks visitors to sign in, and answers bad paging with a 400 in Chinese', async () => {
    expect(await list(member)).toMatchObject({ status: 403, code: 'A0303' });
    expect(await list(company)).toMatchObject({ status: 403, code: 'A0303' });
    expect((await list(null)).status).toBe(401);
    for (const q of ['?page=0', '?page=abc', '?pageSize=51', `?keyword=${'长'.repeat(31)}`]) {
      const res = await list(one, q);
      expect(res.status, q).toBe(400);
      expect(res.code).toMatch(/^A04/);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('PUT /partner/{id}', () => {
  it("channel staff edit name, remark and status; disabling revokes the partner's refresh tokens", async () => {
    await insertRefreshToken(db, four.memberId, 3600);
    const res = await call<Partner>('PUT', `partner/${four.memberId}`, channel, {
      name: '四号（华东）',
      remark: '华东区域',
      status: 'disabled',
    });
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({
      id: four.memberId,
      name: '四号（华东）',
      remark: '华东区域',
      status: 'disabled',
      statusText: '已停用',
      mobile: '139****0004',
    });
    const tokens = await db.select().from(refreshTokens).where(eq(refreshTokens.memberId, four.memberId));
    expect(tokens.every((t) => t.revokedAt !== null)).toBe(true);
    const back = await call<Partner>('PUT', `partner/${four.memberId}`, channel, { status: 'active' });
    expect(back.data).toMatchObject({ status: 'active', remark: '华东区域', name: '四号（华东）' });
  });

  it('a partner may not edit anyone, not even their own downline (A0303); members neither', async () => {
    for (const who of [one, two, member, company]) {
      const res = await call('PUT', `partner/${two.memberId}`, who, { remark: '改一下' });
      expect(res).toMatchObject({ status: 403, code: 'A0303' });
    }
    expect((await call('PUT', `partner/${two.memberId}`, null, { remark: 'x' })).status).toBe(401);
    const [row] = await db.select().from(members).where(eq(members.id, two.memberId));
    expect(row.nickname).toBe('二号伙伴');
  });

  it('answers 404 for a member who is not a partner and 400 for bad ids and bodies, changing nothing', async () => {
    expect(await call('PUT', `partner/${customer.memberId}`, channel, { remark: 'x' })).toMatchObject({
      status: 404,
      code: 'A0404',
    });
    expect(await call('PUT', 'partner/2147483647', channel, { remark: 'x' })).toMatchObject({
      status: 404,
      code: 'A0404',
    });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '%00']) {
      const res = await call('PUT', `partner/${id}`, channel, { remark: 'x' });
      expect(res.status, id).toBe(400);
      expect(res.msg, id).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const body of [{}, { status: 'gone' }, { name: '' }, { name: 'x'.repeat(31) }, { remark: 5 }, [], null]) {
      const res = await call('PUT', `partner/${three.memberId}`, channel, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    // A body that is not JSON at all: 415 envelope, not 500.
    expect((await call('PUT', `partner/${three.memberId}`, channel, 'text')).status).toBe(415);
    expect(await call('PUT', `partner/${channel.memberId}`, channel, { status: 'disabled' })).toMatchObject({
      status: 404,
    });
    const [row] = await db.select().from(members).where(eq(members.id, three.memberId));
    expect(row).toMatchObject({ nickname: '三号伙伴', status: 'active' });
  });
});

describe('PUT /partner/canre/{a}/{b}', () => {
  it("refuses the wrong role, another partner's relation, unrelated pairs and malformed ids without changing anything", async () => {
    expect(await canre(member, one.memberId, two.memberId)).toMatchObject({ status: 403, code: 'A0303' });
    expect(await canre(company, one.memberId, two.memberId)).toMatchObject({ status: 403, code: 'A0303' });
    expect((await canre(null, one.memberId, two.memberId)).status).toBe(401);
    // 三号 is not a party; 三号 cannot pose as a either.
    expect(await canre(three, one.memberId, two.memberId)).toMatchObject({ status: 403, code: 'A0303' });
    expect(await canre(four, one.memberId, two.memberId)).toMatchObject({ status: 403, code: 'A0303' });
    // No relation between siblings, with an unrelated partner, or with a plain customer.
    expect(await canre(two, two.memberId, three.memberId)).toMatchObject({ status: 404, code: 'A0404' });
    expect(await canre(one, one.memberId, four.memberId)).toMatchObject({ status: 404, code: 'A0404' });
    expect(await canre(one, one.memberId, customer.memberId)).toMatchObject({ status: 404, code: 'A0404' });
    expect(await canre(one, one.memberId, one.memberId)).toMatchObject({ status: 400, code: 'A0400' });
    for (const [a, b] of [
      ['abc', two.memberId],
      [one.memberId, 'x'],
      [0, 1],
      [one.memberId, '99999999999'],
      [one.memberId, '-2'],
    ]) {
      const res = await canre(channel, a, b);
      expect(res.status, `${a}/${b}`).toBe(400);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await recommenderOf(two.memberId)).toBe(one.memberId);
    expect(await recommenderOf(customer.memberId)).toBe(one.memberId);
  });

  it('refuses while an unpaid order goes through the relation, then while its commission is unsettled, then removes it', async () => {
    // 二号 buys; the order is attributed to 一号 through the relation (no link needed).
    const order = await unpaidOrder(ctx, two, medical);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.recommendId).toBe(one.memberId);
    expect((await list(one)).data.list.find((p) => p.id === two.memberId)?.orders).toEqual({
      total: 0,
      unpaid: 0,
      paid: 0,
    });
    expect((await list(channel, '?keyword=一号')).data.list[0].orders).toEqual({ total: 1, unpaid: 1, paid: 0 });

    const open = await canre(one, one.memberId, two.memberId);
    expect(open).toMatchObject({ status: 409, code: 'A0480' });
    expect(open.msg).toContain('1 笔未支付的订单');
    // The recommended side asks (it is "a" now): same refusal.
    expect(await canre(two, two.memberId, one.memberId)).toMatchObject({ status: 409, code: 'A0480' });

    await payOrder(ctx, two, order);
    const [c] = await db.select().from(commissions).where(eq(commissions.orderId, order.id));
    expect(c).toMatchObject({ memberId: one.memberId, status: 'earned' });
    const owed = await canre(channel, one.memberId, two.memberId);
    expect(owed).toMatchObject({ status: 409, code: 'A0481' });
    expect(owed.msg).toContain(`1 笔未结算的佣金（共 ${formatYuan(c.amountFen)}）`);
    expect(await recommenderOf(two.memberId)).toBe(one.memberId);

    // Once the policy's cooling-off period is over the commission settles, and nothing depends on the relation any more.
    await db
      .update(policies)
      .set({ issuedAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(policies.orderId, order.id));
    const done = await canre(one, one.memberId, two.memberId);
    expect(done.status, done.msg).toBe(200);
    expect(done).toMatchObject({
      msg: '已解除合作关系',
      data: { recommenderId: one.memberId, recommendedId: two.memberId },
    });
    expect(await recommenderOf(two.memberId)).toBeNull();
    expect(names((await list(one)).data)).toEqual(['三号伙伴']);
    expect((await list(two)).data.total).toBe(0);
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.type, 'partner_relation_removed'), eq(auditEvents.memberId, one.memberId)));
    expect(audit).toHaveLength(1);
    // History stays: the paid order keeps its attribution.
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0].recommendId).toBe(one.memberId);
    // Again: the relation is gone.
    expect(await canre(one, one.memberId, two.memberId)).toMatchObject({ status: 404, code: 'A0404' });
  });

  it('a reversed commission or an expired unpaid order does not hold the relation; the recommended partner may remove it too', async () => {
    const five = await partner('p.five', '五号伙伴', '13911110006', three.memberId);
    const expired = await unpaidOrder(ctx, five, medical);
    await db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, expired.id));
    const res = await canre(five, five.memberId, three.memberId);
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toEqual({ recommenderId: three.memberId, recommendedId: five.memberId });
  });

  it('of two simultaneous removals of one relation exactly one succeeds', async () => {
    const [r1, r2] = await Promise.all([
      canre(channel, one.memberId, three.memberId),
      canre(one, one.memberId, three.memberId),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 404]);
    expect(await recommenderOf(three.memberId)).toBeNull();
  });
});

describe('POST /prod-api/dev/partners (development only)', () => {
  it('makes a partner recommended by the calling partner, who then lists them; others are refused', async () => {
    const made = await call<{ id: number }>('POST', '/prod-api/dev/partners', four, {
      mobile: '13911110099',
      nickname: '开发伙伴',
    });
    expect(made.status, made.msg).toBe(200);
    expect(names((await list(four)).data)).toContain('开发伙伴');
    expect((await call('POST', '/prod-api/dev/partners', four, { mobile: '13911110099', nickname: '重复' })).code).toBe(
      'A0151',
    );
    expect(
      (await call('POST', '/prod-api/dev/partners', member, { mobile: '13911110098', nickname: '会员' })).code,
    ).toBe('A0303');
  });
});
