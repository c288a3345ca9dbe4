import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ProductContentSchema,
  type ProductContent,
  type ProductDetail,
  type TypeWithProducts,
} from '#shared/catalogue.ts';
import { products, productTypes, productVersions } from '../../db/schema.ts';
import { DEMO_PRODUCTS } from '../../seeds/catalogue.ts';
import { setupTestApp } from '../../test/helper.ts';
import { publishVersion } from './publish.ts';
import { productId } from '../../test/buying.ts';
import { V1 } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

const ctx = await setupTestApp({}, { listen: false });
const db = ctx.database.db;

async function list(
  query = '',
): Promise<{ status: number; body: { code: string; msg: string; data: TypeWithProducts[] } }> {
  const res = await ctx.app.inject({ method: 'GET', url: `${V1}/prodType/listTypeProds${query}` });
  return { status: res.statusCode, body: res.json() };
}

async function detail(id: number | string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url: `${V1}/product/${id}`, headers });
  return { status: res.statusCode, body: res.json() as { code: string; msg: string; data: ProductDetail } };
}

const codesOf = (types: TypeWithProducts[]) => types.map((t) => [t.code, t.products.map((p) => p.code)]);

describe('GET prodType/listTypeProds', () => {
  it('lists the types in order with their on-sale products, without a token', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.code).toBe('00000');
    expect(codesOf(body.data)).toEqual([
      ['accident', ['ACC-ZH']],
      ['medical', ['MED-BW']],
      ['travel', ['TRV-DOM', 'TRV-INT']],
      ['team', ['TEAM-EMP', 'TEAM-MED']],
    ]);
    expect(body.data.map((t) => [t.name, t.total])).toEqual([
      ['意外险', 1],
      ['医疗险', 1],
      ['旅行险', 2],
      ['团体险', 2],
    ]);
    const accident = body.data[0].products[0];
    expect(accident).toMatchObject({
      name: '综合意外险',
      insurer: '演示财产保险股份有限公司',
      team: false,
      cover: 'sky',
      minPremiumFen: 6900,
    });
    expect(body.data[3].products[0]).toMatchObject({ name: '雇主责任险', team: true, minPremiumFen: 12000 });
  });

  it('prices "from" as the lowest premium of the current version', async () => {
    const { body } = await list();
    for (const type of body.data) {
      for (const item of type.products) {
        const { data } = (await detail(item.id)).body;
        expect(item.minPremiumFen).toBe(Math.min(...data.premiums.rows.map((r) => r.premiumFen)));
      }
    }
  });

  it('leaves out types whose products are all off sale or unpublished', async () => {
    const [type] = await db.insert(productTypes).values({ code: 'property', name: '财产险', sort: 9 }).returning();
    await db.insert(products).values([
      { code: 'PROP-OFF', typeId: type.id, insurer: '演示', name: '家财险', cover: 'sky', status: 'off_sale' },
      { code: 'PROP-DRAFT', typeId: type.id, insurer: '演示', name: '家财险草稿', cover: 'sky', status: 'on_sale' },
    ]);
    // Whoever edits the catalogue publishes the change, so cached answers are dropped.
    await ctx.database.changes.publish('catalogue');
    const { body } = await list();
    expect(body.data.map((t) => t.code)).toEqual(['accident', 'medical', 'travel', 'team']);
    expect((await list('?type=property')).body.data).toEqual([]);
  });

  it('filters by type code', async () => {
    const { body } = await list('?type=travel');
    expect(codesOf(body.data)).toEqual([['travel', ['TRV-DOM', 'TRV-INT']]]);
    expect((await list('?type=nothing')).body.data).toEqual([]);
  });

  it('filters by keyword in the name or the tagline, literally', async () => {
    expect(codesOf((await list(`?keyword=${encodeURIComponent('旅行')}`)).body.data)).toEqual([
      ['travel', ['TRV-DOM', 'TRV-INT']],
    ]);
    expect(codesOf((await list(`?keyword=${encodeURIComponent('申根')}`)).body.data)).toEqual([
      ['travel', ['TRV-INT']],
    ]);
    expect(codesOf((await list(`?keyword=${encodeURIComponent('医疗')}&type=team`)).body.data)).toEqual([
      ['team', ['TEAM-MED']],
    ]);
    expect((await list('?keyword=%25')).body.data).toEqual([]);
    expect((await list(`?keyword=${encodeURIComponent('少儿')}`)).body.data).toEqual([]);
  });

  it('pages each type and reports its total', async () => {
    const page1 = (await list('?type=travel&pageSize=1')).body.data[0];
    expect([page1.total, page1.page, page1.pageSize, page1.products.map((p) => p.code)]).toEqual([
      2,
      1,
      1,
      ['TRV-DOM'],
    ]);
    const page2 = (await list('?type=travel&pageSize=1&page=2')).body.data[0];
    expect(page2.products.map((p) => p.code)).toEqual(['TRV-INT']);
    const page3 = (await list('?type=travel&pageSize=1&page=3')).body.data[0];
    expect([page3.total, page3.products]).toEqual([2, []]);
    const home = (await list('?pageSize=1')).body.data;
    expect(home.map((t) => t.products.length)).toEqual([1, 1, 1, 1]);
    expect((await list()).body.data[0].pageSize).toBe(10);
  });

  it.each([
    ['?pageSize=51'],
    ['?pageSize=0'],
    ['?page=0'],
    ['?page=abc'],
    ['?pageSize=1.5'],
    [`?keyword=${'x'.repeat(51)}`],
  ])('refuses %s with 400', async (query) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    // A wrong-typed value comes back as A0410 from the shared error handler, a range error as A0400.
    expect(['A0400', 'A0410']).toContain(body.code);
  });
});

describe('GET product/{id}', () => {
  it('shows an on-sale product with its current version, plans, limits and document titles', async () => {
    const id = await productId(ctx, 'MED-BW');
    const { status, body } = await detail(id);
    expect(status).toBe(200);
    const [current] = await db
      .select({ currentVersionId: products.currentVersionId })
      .from(products)
      .where(eq(products.id, id));
    expect(body.data).toMatchObject({
      id,
      name: '百万医疗险',
      type: { code: 'medical', name: '医疗险' },
      versionId: current.currentVersionId,
      version: 1,
      coolingOffDays: 15,
      waitingDays: 30,
      favourite: false,
      limits: { insuredAge: { min: 0, max: 65 }, applicantMinAge: 18, insuredMinDays: 28 },
    });
    expect(body.data.plans.map((p) => p.name)).toEqual(['标准版', '升级版']);
    expect(body.data.plans[0].coverages[1]).toMatchObject({
      name: '重大疾病医疗保险金',
      sumInsuredFen: 600 * 10_000 * 100,
      icon: 'critical-illness',
    });
    expect(body.data.documents).toEqual([
      { kind: 'clause', title: '个人住院医疗保险条款' },
      { kind: 'notice', title: '投保须知' },
      { kind: 'exclusions', title: '责任免除' },
      { kind: 'health', title: '健康告知' },
    ]);
  });

  it('answers 404 A0404 for an off-sale or unknown product', async () => {
    for (const id of [await productId(ctx, 'ACC-CHILD'), 999_999]) {
      const { status, body } = await detail(id);
      expect(status).toBe(404);
      expect(body).toEqual({ code: 'A0404', msg: '产品不存在或已下架', data: null });
    }
  });

  it.each(['abc', '1.5', '-1', '0', '99999999999', '1e3'])('answers 400 for the id %s', async (id) => {
    const { status, body } = await detail(id);
    expect(status).toBe(400);
    expect(body.code).toBe('A0400');
  });

  it('tells a signed-in member whether they collected it, and never fails on a bad token', async () => {
    const id = await productId(ctx, 'ACC-ZH');
    const member = await signIn(ctx, 'demo.member');
    const other = await signIn(ctx, 'demo.company');
    expect((await detail(id, member.headers)).body.data.favourite).toBe(false);
    await ctx.app.inject({ method: 'POST', url: `${V1}/product/${id}/collect`, headers: member.headers });
    expect((await detail(id, member.headers)).body.data.favourite).toBe(true);
    expect((await detail(id, other.headers)).body.data.favourite).toBe(false);
    expect((await detail(id)).body.data.favourite).toBe(false);
    for (const authorization of ['Bearer not.a.jwt', 'Basic abc', 'Bearer ']) {
      const { status, body } = await detail(id, { authorization });
      expect(status).toBe(200);
      expect(body.data.favourite).toBe(false);
    }
  });
});

describe('GET product/{id}/documents/{kind}', () => {
  it('gives the full text of each document of the current version', async () => {
    const id = await productId(ctx, 'ACC-ZH');
    const versionId = (await detail(id)).body.data.versionId;
    for (const [kind, title, phrase] of [
      ['clause', '综合意外伤害保险条款', '第三条 保险责任'],
      ['notice', '投保须知', '被保险人投保年龄为 18–60 周岁'],
      ['exclusions', '责任免除', '故意自伤'],
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: `${V1}/product/${id}/documents/${kind}` });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({ kind, title, versionId });
      expect(data.content).toContain(phrase);
      expect(data.content.split('\n\n').length).toBeGreaterThan(3);
    }
  });

  it("describes the liabilities plan by plan, so no plan reads as another plan's cover (demo clause)", async () => {
    const id = await productId(ctx, 'ACC-ZH');
    const { data } = (await ctx.app.inject({ method: 'GET', url: `${V1}/product/${id}/documents/clause` })).json();
    const paragraphs: string[] = data.content.split('\n\n');
    const standard = paragraphs.slice(paragraphs.indexOf('【标准版】'), paragraphs.indexOf('【尊享版】'));
    expect(standard.join('\n')).toContain('社保范围内 100% 赔付、范围外 80% 赔付');
    expect(standard.join('\n')).not.toContain('猝死');
    expect(standard.join('\n')).not.toContain('不限社保');
  });

  it('gives the health questions of a medical product', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${V1}/product/${await productId(ctx, 'MED-BW')}/documents/health`,
    });
    const { data } = res.json();
    expect(data.content).toContain('第十六条');
    expect(data.questions).toHaveLength(6);
    expect(data.questions[0]).toEqual({ id: 'q1', text: expect.stringContaining('住院') });
  });

  it('answers 404 where the product has no such document, 400 for an unknown kind', async () => {
    const id = await productId(ctx, 'ACC-ZH');
    const none = await ctx.app.inject({ method: 'GET', url: `${V1}/product/${id}/documents/health` });
    expect([none.statusCode, none.json()]).toEqual([404, { code: 'A0404', msg: '该产品无需健康告知', data: null }]);
    const bad = await ctx.app.inject({ method: 'GET', url: `${V1}/product/${id}/documents/poem` });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'A0400']);
    const off = await ctx.app.inject({
      method: 'GET',
      url: `${V1}/product/${await productId(ctx, 'ACC-CHILD')}/documents/clause`,
    });
    expect(off.statusCode).toBe(404);
  });
});

describe('product versions', () => {
  const seeded = DEMO_PRODUCTS.find((p) => p.code === 'TRV-DOM')!.content;

  it('publishing makes a new current version and leaves the old one as it was', async () => {
    const id = await productId(ctx, 'TRV-DOM');
    const before = (await detail(id)).body.data;
    if (seeded.premiums.basis !== 'age') throw new Error('TRV-DOM is priced by age');
    const cheaper: ProductContent = {
      ...seeded,
      premiums: { basis: 'age', rows: seeded.premiums.rows.map((r) => ({ ...r, premiumFen: r.premiumFen - 100 })) },
    };
    const published = await publishVersion(db, id, cheaper, ctx.database.changes);
    const after = (await detail(id)).body.data;
    expect([after.version, after.versionId]).toEqual([2, published.versionId]);
    expect(after.versionId).not.toBe(before.versionId);
    expect(after.minPremiumFen).toBe(200);
    const [old] = await db.select().from(productVersions).where(eq(productVersions.id, before.versionId));
    expect(old.version).toBe(1);
    expect(old.content).toEqual(seeded);
  });

  it('refuses to change a published version in the database', async () => {
    await expect(db.execute(sql`update product_versions set version = version + 10`)).rejects.toThrow();
  });

  it('refuses content whose premium table misses an age band or names an unknown plan', () => {
    const missing = {
      ...seeded,
      premiums: {
        basis: 'age' as const,
        rows: seeded.premiums.rows.filter((r) => !('minAge' in r && r.minAge === 66)),
      },
    };
    const result = ProductContentSchema.safeParse(missing);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).join()).toContain('保费表 economy/3天/66 有 0 个费率');
    const unknown = { ...seeded, plans: seeded.plans.slice(0, 1) };
    expect(
      ProductContentSchema.safeParse(unknown)
        .error?.issues.map((i) => i.message)
        .join(),
    ).toContain('未知方案');
  });

  it('every demo product passes the content rules', () => {
    for (const p of DEMO_PRODUCTS) expect(ProductContentSchema.safeParse(p.content).success).toBe(true);
  });
});
