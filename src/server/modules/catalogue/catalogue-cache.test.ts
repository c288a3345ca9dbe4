import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProductContent, ProductDetail, TypeWithProducts } from '#shared/catalogue.ts';
import { productVersions, products } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { paidPolicy, productByCode, productId } from '../../test/buying.ts';
import { V1 } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';
import { publishVersion } from './publish.ts';

/**
 * The catalogue is served from memory (docs/decisions/feed-cache.md); these check that
 * what a visitor or member sees still follows every change at once.
 */
// Listening: buying goes through the WeChat Pay simulator over HTTP.
const ctx = await setupTestApp();
const db = ctx.database.db;
const me = await signIn(ctx, 'demo.member');

const LIST = `${V1}/prodType/listTypeProds`;
const list = (headers: Record<string, string> = {}, query = '') =>
  ctx.app.inject({ method: 'GET', url: `${LIST}${query}`, headers });
const detail = async (id: number, headers: Record<string, string> = {}) =>
  (await ctx.app.inject({ method: 'GET', url: `${V1}/product/${id}`, headers })).json() as {
    code: string;
    data: ProductDetail;
  };
const itemOf = (types: TypeWithProducts[], code: string) =>
  types.flatMap((t) => t.products).find((p) => p.code === code);

async function cheaperVersion(code: string, byFen: number): Promise<{ id: number; versionId: number }> {
  const id = await productId(ctx, code);
  const [row] = await db
    .select({ id: products.id, content: productVersions.content })
    .from(products)
    .innerJoin(productVersions, eq(productVersions.id, products.currentVersionId))
    .where(eq(products.id, id));
  const content = row.content as ProductContent;
  const next = {
    ...content,
    premiums: {
      ...content.premiums,
      rows: content.premiums.rows.map((r) => ({ ...r, premiumFen: r.premiumFen - byFen })),
    },
  } as ProductContent;
  const { versionId } = await publishVersion(db, id, next, ctx.database.changes);
  return { id, versionId };
}

describe('listTypeProds with an entity tag', () => {
  it('answers a repeat naming the ETag with 304 and no body, and anything else with the list', async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=5');

    const again = await list({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await list({ 'if-none-match': `"other", ${etag.slice(2)}` })).statusCode).toBe(304);

    const stale = await list({ 'if-none-match': '"not-this-one"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data).toEqual(first.json().data);
    // Another query is another answer with its own tag.
    const travel = await list({ 'if-none-match': etag }, '?type=travel');
    expect(travel.statusCode).toBe(200);
    expect(travel.headers.etag).not.toBe(etag);
  });

  it('answers a repeated query string as the first time, and keeps refusing one it refused', async () => {
    const first = await list({}, '?type=travel&page=1');
    const repeat = await list({}, '?type=travel&page=1');
    expect(repeat.statusCode).toBe(200);
    expect(repeat.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(repeat.headers).toMatchObject({
      etag: first.headers.etag,
      vary: expect.stringContaining('Accept-Language'),
      'content-type': 'application/json; charset=utf-8',
    });
    for (let i = 0; i < 2; i++) {
      const refused = await list({}, '?page=0');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('A0400');
    }
  });

  it('shows a newly published version at once: new price, new tag, and the old tag no longer matches', async () => {
    const before = await list();
    const oldPrice = itemOf(before.json().data, 'ACC-ZH')!.minPremiumFen;
    await cheaperVersion('ACC-ZH', 100);
    const after = await list({ 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(itemOf(after.json().data, 'ACC-ZH')!.minPremiumFen).toBe(oldPrice - 100);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('counts a sale in the list and the detail at once', async () => {
    const before = itemOf((await list()).json().data, 'ACC-ZH')!.salesCount;
    await paidPolicy(ctx, me, await productByCode(ctx, 'ACC-ZH'));
    expect(itemOf((await list()).json().data, 'ACC-ZH')!.salesCount).toBe(before + 1);
    expect((await detail(await productId(ctx, 'ACC-ZH'))).data.salesCount).toBe(before + 1);
  });

  it('hides a product taken off sale once the change is published', async () => {
    const id = await productId(ctx, 'TRV-DOM');
    await list();
    await db.update(products).set({ status: 'off_sale' }).where(eq(products.id, id));
    await ctx.database.changes.publish('catalogue', id);
    try {
      expect(itemOf((await list()).json().data, 'TRV-DOM')).toBeUndefined();
      expect((await ctx.app.inject({ method: 'GET', url: `${V1}/product/${id}` })).statusCode).toBe(404);
    } finally {
      await db.update(products).set({ status: 'on_sale' }).where(eq(products.id, id));
      await ctx.database.changes.publish('catalogue', id);
    }
    expect(itemOf((await list()).json().data, 'TRV-DOM')).toBeDefined();
    expect((await detail(id)).code).toBe('00000');
  });
});

describe('product/{id} from memory', () => {
  it('gives the new current version at once after publishing, to visitors and members', async () => {
    const id = await productId(ctx, 'MED-BW');
    const before = await detail(id, me.headers);
    const { versionId } = await cheaperVersion('MED-BW', 50);
    for (const headers of [{}, me.headers]) {
      const after = await detail(id, headers);
      expect(after.data.versionId).toBe(versionId);
      expect(after.data.version).toBe(before.data.version + 1);
      expect(after.data.minPremiumFen).toBe(before.data.minPremiumFen - 50);
    }
  });

  it('shows a new favourite at once, only to the member who collected it', async () => {
    const id = await productId(ctx, 'TRV-INT');
    const other = await signIn(ctx, 'demo.company');
    expect((await detail(id, me.headers)).data.favourite).toBe(false);
    expect((await detail(id, other.headers)).data.favourite).toBe(false);
    const post = await ctx.app.inject({ method: 'POST', url: `${V1}/product/${id}/collect`, headers: me.headers });
    expect(post.statusCode).toBe(200);
    expect((await detail(id, me.headers)).data.favourite).toBe(true);
    expect((await detail(id, other.headers)).data.favourite).toBe(false);
    expect((await detail(id)).data.favourite).toBe(false);
    await ctx.app.inject({ method: 'DELETE', url: `${V1}/product/${id}/collect`, headers: me.headers });
    expect((await detail(id, me.headers)).data.favourite).toBe(false);
  });

  it('never remembers an unknown product', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${V1}/product/987654` });
    expect([res.statusCode, res.json().code]).toEqual([404, 'A0404']);
  });
});
