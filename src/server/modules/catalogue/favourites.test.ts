import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CollectProdList } from '#shared/catalogue.ts';
import { favourites, members, products } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { productId } from '../../test/buying.ts';
import { V1 } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

const ctx = await setupTestApp({}, { listen: false });
const db = ctx.database.db;

const me = await signIn(ctx, 'demo.member');
const other = await signIn(ctx, 'demo.partner');
const codes = ['ACC-ZH', 'MED-BW', 'TRV-DOM', 'TRV-INT', 'TEAM-EMP'];
const ids = Object.fromEntries(await Promise.all(codes.map(async (c) => [c, await productId(ctx, c)] as const)));

const collect = (id: number | string, headers: Record<string, string>, method: 'POST' | 'DELETE' = 'POST') =>
  ctx.app.inject({ method, url: `${V1}/product/${id}/collect`, headers });

async function myList(headers: Record<string, string>, query = '') {
  const res = await ctx.app.inject({ method: 'GET', url: `${V1}/product/collectProdList${query}`, headers });
  return { status: res.statusCode, body: res.json() as { code: string; data: CollectProdList } };
}

const rowsOf = (memberId: number, id: number) =>
  db
    .select()
    .from(favourites)
    .where(and(eq(favourites.memberId, memberId), eq(favourites.productId, id)));

describe('favourites need a signed-in member', () => {
  it.each([
    ['POST', `/product/1/collect`],
    ['DELETE', `/product/1/collect`],
    ['GET', `/product/collectProdList`],
  ] as const)('%s %s without a token is 401 A0301, with a bad one 401 A0230', async (method, path) => {
    const none = await ctx.app.inject({ method, url: `${V1}${path}` });
    expect([none.statusCode, none.json().code]).toEqual([401, 'A0301']);
    const bad = await ctx.app.inject({ method, url: `${V1}${path}`, headers: { authorization: 'Bearer x.y.z' } });
    expect([bad.statusCode, bad.json().code]).toEqual([401, 'A0230']);
  });
});

describe('POST and DELETE product/{id}/collect', () => {
  it('collecting twice keeps one row', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await collect(ids['ACC-ZH'], me.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ productId: ids['ACC-ZH'], favourite: true });
    }
    expect(await rowsOf(me.memberId, ids['ACC-ZH'])).toHaveLength(1);
    expect((await myList(me.headers)).body.data.total).toBe(1);
  });

  it('removing is idempotent', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await collect(ids['ACC-ZH'], me.headers, 'DELETE');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ productId: ids['ACC-ZH'], favourite: false });
    }
    expect(await rowsOf(me.memberId, ids['ACC-ZH'])).toHaveLength(0);
    expect((await myList(me.headers)).body.data).toEqual({ list: [], total: 0, page: 1, pageSize: 10 });
  });

  it('cannot collect an off-sale or unknown product; a bad id is 400', async () => {
    for (const id of [await productId(ctx, 'ACC-CHILD'), 999_999]) {
      const res = await collect(id, me.headers);
      expect([res.statusCode, res.json().code]).toEqual([404, 'A0404']);
    }
    expect((await collect('abc', me.headers)).statusCode).toBe(400);
    expect((await collect('abc', me.headers, 'DELETE')).statusCode).toBe(400);
  });

  it('a disabled account cannot collect', async () => {
    const company = await signIn(ctx, 'demo.company');
    await db.update(members).set({ status: 'disabled' }).where(eq(members.id, company.memberId));
    const res = await collect(ids['MED-BW'], company.headers);
    await db.update(members).set({ status: 'active' }).where(eq(members.id, company.memberId));
    expect([res.statusCode, res.json().code]).toEqual([403, 'A0202']);
  });
});

describe('GET product/collectProdList', () => {
  it('lists only my favourites, newest first, paged', async () => {
    for (const code of codes.slice(0, 4)) {
      expect((await collect(ids[code], me.headers)).statusCode).toBe(200);
      // Distinct times, so "newest first" is observable.
      await new Promise((r) => setTimeout(r, 5));
    }
    await collect(ids['TEAM-EMP'], other.headers);
    await collect(ids['ACC-ZH'], other.headers);

    const page1 = (await myList(me.headers, '?page=1&pageSize=3')).body.data;
    expect([page1.total, page1.page, page1.pageSize]).toEqual([4, 1, 3]);
    expect(page1.list.map((p) => p.code)).toEqual(['TRV-INT', 'TRV-DOM', 'MED-BW']);
    const page2 = (await myList(me.headers, '?page=2&pageSize=3')).body.data;
    expect(page2.list.map((p) => p.code)).toEqual(['ACC-ZH']);
    expect(page2.list[0]).toMatchObject({
      name: '综合意外险',
      typeCode: 'accident',
      minPremiumFen: 6900,
      onSale: true,
    });
    expect(Date.parse(page2.list[0].collectedAt)).toBeLessThanOrEqual(Date.parse(page1.list[2].collectedAt));

    const theirs = (await myList(other.headers)).body.data;
    expect(theirs.list.map((p) => p.code)).toEqual(['ACC-ZH', 'TEAM-EMP']);
    expect(theirs.total).toBe(2);
  });

  it('keeps a favourite that went off sale, marked, and lets me remove it', async () => {
    await db.update(products).set({ status: 'off_sale' }).where(eq(products.id, ids['TRV-INT']));
    await ctx.database.changes.publish('catalogue', ids['TRV-INT']);
    const listed = (await myList(me.headers)).body.data.list.find((p) => p.code === 'TRV-INT');
    expect(listed?.onSale).toBe(false);
    expect((await collect(ids['TRV-INT'], me.headers, 'DELETE')).statusCode).toBe(200);
    expect((await myList(me.headers)).body.data.list.map((p) => p.code)).toEqual(['TRV-DOM', 'MED-BW', 'ACC-ZH']);
    await db.update(products).set({ status: 'on_sale' }).where(eq(products.id, ids['TRV-INT']));
    await ctx.database.changes.publish('catalogue', ids['TRV-INT']);
  });

  it.each(['?pageSize=51', '?page=0', '?page=x'])('refuses %s with 400', async (query) => {
    const { status } = await myList(me.headers, query);
    expect(status).toBe(400);
  });
});
