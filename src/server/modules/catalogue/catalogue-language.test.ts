import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CollectProdList, ProductDetail, ProductDocumentAnswer, TypeWithProducts } from '#shared/catalogue.ts';
import { products, productVersions } from '../../db/schema.ts';
import { parseAcceptLanguage } from '../../lib/request-language.ts';
import { setupTestApp } from '../../test/helper.ts';
import { productId } from '../../test/buying.ts';
import { V1 } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';
import { seedCatalogue } from '../../seeds/catalogue.ts';
import { publishVersion } from './publish.ts';

/** The catalogue in the reader's language (docs/decisions/catalogue-translations.md). */

const ctx = await setupTestApp({}, { listen: false });
const db = ctx.database.db;

async function get<T>(url: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url: `${V1}/${url}`, headers });
  return { vary: res.headers.vary, body: res.json() as { code: string; data: T } };
}
/** A version published behind the product's back, as an operator's tool would, announced like one. */
async function publish(id: number, content: Parameters<typeof publishVersion>[2]) {
  await publishVersion(db, id, content);
  await ctx.database.changes.publish('catalogue', id);
}
/** The product's current version and its content. */
async function currentVersion(id: number) {
  const [row] = await db
    .select({ versionId: products.currentVersionId, content: productVersions.content })
    .from(products)
    .innerJoin(productVersions, eq(productVersions.id, products.currentVersionId))
    .where(eq(products.id, id));
  return row;
}
const POLISH = { 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.5' };
const hasHan = (text: string) => /\p{Script=Han}/u.test(text);

describe('Accept-Language', () => {
  it('picks the supported language of highest weight, else Chinese', () => {
    expect(parseAcceptLanguage('pl')).toBe('pl');
    expect(parseAcceptLanguage('en;q=0.9, PL-pl;q=0.8, zh-CN;q=0.7')).toBe('pl');
    expect(parseAcceptLanguage('zh-CN,zh;q=0.9,pl;q=0.8')).toBe('zh-cn');
    expect(parseAcceptLanguage('de, en')).toBe('zh-cn');
    expect(parseAcceptLanguage('pl;q=0')).toBe('zh-cn');
    expect(parseAcceptLanguage(undefined)).toBe('zh-cn');
    expect(parseAcceptLanguage(';;,q=x, ,pl;q=abc')).toBe('zh-cn');
  });
});

describe('catalogue in Polish', () => {
  it('lists names, taglines, insurers and tags in Polish, and says the answer varies by language', async () => {
    const { vary, body } = await get<TypeWithProducts[]>('prodType/listTypeProds', POLISH);
    expect(vary).toMatch(/Accept-Language/);
    const items = body.data.flatMap((t) => t.products);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      for (const text of [item.name, item.tagline, item.insurer, ...item.tags]) expect(hasHan(text), text).toBe(false);
    }
    expect(items.find((p) => p.code === 'ACC-ZH')).toMatchObject({
      name: 'Kompleksowe ubezpieczenie NNW',
      minPremiumFen: 6900,
    });
  });

  it('answers Chinese without the header, as before', async () => {
    const { vary, body } = await get<TypeWithProducts[]>('prodType/listTypeProds');
    expect(vary).toMatch(/Accept-Language/);
    expect(body.data[0].products[0].name).toBe('综合意外险');
  });

  it('finds products by their Polish name', async () => {
    const { body } = await get<TypeWithProducts[]>(
      `prodType/listTypeProds?keyword=${encodeURIComponent('podróży zagr')}`,
      POLISH,
    );
    expect(body.data.flatMap((t) => t.products.map((p) => p.code))).toEqual(['TRV-INT']);
  });

  it('translates plans, coverages, terms, highlights and document titles, keeping codes and prices', async () => {
    const id = await productId(ctx, 'TRV-DOM');
    const [zh, pl] = await Promise.all([
      get<ProductDetail>(`product/${id}`),
      get<ProductDetail>(`product/${id}`, POLISH),
    ]);
    expect(pl.vary).toMatch(/Accept-Language/);
    const texts = [
      pl.body.data.name,
      ...pl.body.data.highlights,
      ...pl.body.data.terms.map((t) => t.label),
      ...pl.body.data.documents.map((d) => d.title),
      ...pl.body.data.plans.flatMap((p) => [p.name, ...p.coverages.flatMap((c) => [c.name, c.description])]),
    ];
    for (const text of texts) expect(hasHan(text), text).toBe(false);
    expect(pl.body.data.terms).toEqual([
      { days: 3, label: '3 dni' },
      { days: 7, label: '7 dni' },
      { days: 15, label: '15 dni' },
      { days: 30, label: '30 dni' },
    ]);
    expect(pl.body.data.plans.map((p) => p.code)).toEqual(zh.body.data.plans.map((p) => p.code));
    expect(pl.body.data.premiums).toEqual(zh.body.data.premiums);
    expect(pl.body.data.plans.map((p) => p.coverages.map((c) => c.sumInsuredFen))).toEqual(
      zh.body.data.plans.map((p) => p.coverages.map((c) => c.sumInsuredFen)),
    );
    expect(zh.body.data.plans[0].name).toBe('经济型');
  });

  it('translates the health notice (the duty to disclose) and its questions, and keeps an untranslated document text in Chinese', async () => {
    const id = await productId(ctx, 'MED-BW');
    const { body } = await get<ProductDocumentAnswer>(`product/${id}/documents/health`, POLISH);
    expect(body.data.title).toBe('Ankieta medyczna');
    expect(body.data.questions!.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6']);
    for (const q of body.data.questions!) expect(hasHan(q.text), q.text).toBe(false);
    expect(body.data.content).toContain('art. 16 ustawy o ubezpieczeniach');
    expect(hasHan(body.data.content)).toBe(false);
    const zh = await get<ProductDocumentAnswer>(`product/${id}/documents/health`);
    expect(zh.body.data.content).toContain('第十六条');
    const clause = await get<ProductDocumentAnswer>(`product/${id}/documents/clause`, POLISH);
    expect(hasHan(clause.body.data.content)).toBe(true);
  });

  it('falls back to Chinese field by field where a version has no translation', async () => {
    const id = await productId(ctx, 'TRV-INT');
    const [row] = await db
      .select({ content: productVersions.content })
      .from(products)
      .innerJoin(productVersions, eq(productVersions.id, products.currentVersionId))
      .where(eq(products.id, id));
    const { locales: _all, ...chinese } = row.content;
    // Only the name and one plan's name are Polish in this version.
    await publish(id, { ...chinese, locales: { pl: { name: 'Tylko nazwa', plans: { global: { name: 'Świat' } } } } });
    const { body } = await get<ProductDetail>(`product/${id}`, POLISH);
    expect(body.data.name).toBe('Tylko nazwa');
    expect(body.data.tagline).toBe('申根签证可用，全球紧急救援');
    expect(body.data.plans.map((p) => p.name)).toEqual(['申根标准版', 'Świat']);
    expect(body.data.plans[1].coverages[0].name).toBe('意外身故、伤残');
    expect(body.data.terms[0].label).toBe('7天');
    await publish(id, chinese);
    expect((await get<ProductDetail>(`product/${id}`, POLISH)).body.data.name).toBe('境外旅行险');
    await publish(id, row.content);
  });

  it('gives a demo catalogue seeded before the translations its Polish texts, once, as a new version', async () => {
    const id = await productId(ctx, 'TEAM-MED');
    const current = () => currentVersion(id);
    const { locales: _pl, ...untranslated } = (await current()).content;
    await publish(id, untranslated);
    const before = await current();
    expect((await get<ProductDetail>(`product/${id}`, POLISH)).body.data.name).toBe('团体医疗险');
    await seedCatalogue(db);
    await ctx.database.changes.publish('catalogue', id);
    const after = await current();
    expect(after.versionId).not.toBe(before.versionId);
    expect({ ...after.content, locales: undefined }).toEqual({ ...before.content, locales: undefined });
    expect((await get<ProductDetail>(`product/${id}`, POLISH)).body.data.name).toBe('Grupowe ubezpieczenie medyczne');
    await seedCatalogue(db);
    expect((await current()).versionId).toBe(after.versionId);
  });

  it('gives a demo catalogue translated before the health notice was its Polish notice, once, as a new version', async () => {
    const id = await productId(ctx, 'MED-BW');
    const current = () => currentVersion(id);
    const { content } = await current();
    const pl = content.locales!.pl!;
    const { content: _notice, ...health } = pl.documents!.health!;
    await publish(id, { ...content, locales: { pl: { ...pl, documents: { ...pl.documents, health } } } });
    const before = await current();
    expect(hasHan((await get<ProductDocumentAnswer>(`product/${id}/documents/health`, POLISH)).body.data.content)).toBe(
      true,
    );
    await seedCatalogue(db);
    await ctx.database.changes.publish('catalogue', id);
    const after = await current();
    expect(after.versionId).not.toBe(before.versionId);
    expect(after.content).toEqual(content);
    const { body } = await get<ProductDocumentAnswer>(`product/${id}/documents/health`, POLISH);
    expect(body.data.content).toContain('art. 16');
    await seedCatalogue(db);
    expect((await current()).versionId).toBe(after.versionId);
  });

  it('lists a member’s favourites in their language', async () => {
    const member = await signIn(ctx, 'demo.member');
    const id = await productId(ctx, 'MED-BW');
    await ctx.app.inject({ method: 'POST', url: `${V1}/product/${id}/collect`, headers: member.headers });
    const { vary, body } = await get<CollectProdList>('product/collectProdList', { ...member.headers, ...POLISH });
    expect(vary).toMatch(/Accept-Language/);
    expect(body.data.list.find((p) => p.id === id)?.name).toBe('Ubezpieczenie medyczne „Milion”');
  });
});
