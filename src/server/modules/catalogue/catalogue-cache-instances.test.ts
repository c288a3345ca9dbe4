import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ProductContent, TypeWithProducts } from '#shared/catalogue.ts';
import { buildApp, type App } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { members, products, productVersions } from '../../db/schema.ts';
import { setupTestApp, type TestContext } from '../../test/helper.ts';
import { productId } from '../../test/buying.ts';
import { V1 } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';
import { publishVersion } from './publish.ts';

/**
 * Two instances on one PostgreSQL: what one changes, the other's caches drop through the change
 * feed (LISTEN/NOTIFY). The wait below is far shorter than the caches' own time bounds (10 s and
 * 60 s), so only the feed can make these pass; it is generous, never a speed check.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const FEED_WAIT = { timeout: 8_000, interval: 50 };

async function twoInstances() {
  const ctx = await setupTestApp({}, { listen: false });
  // The second instance: its own pool, change feed and caches, on the first one's database.
  const url = (ctx.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
  const database = await openDatabase({ databaseUrl: url });
  const app = await buildApp({ config: ctx.config, database, logger: false });
  // Listening: the catalogue list is read over HTTP, as a browser reads it.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const otherUrl = address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : '';
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { ctx, other: { app, database, url: otherUrl } };
}

/** The list as a browser reads it, over HTTP. */
const minPriceAt = async (url: string, code: string) => {
  const res = await fetch(`${url}${V1}/prodType/listTypeProds`, {
    headers: { 'accept-language': 'zh-CN', 'accept-encoding': 'br' },
  });
  return ((await res.json()).data as TypeWithProducts[]).flatMap((t) => t.products).find((p) => p.code === code)!
    .minPremiumFen;
};

// Built at the top, where the kit's afterAll hooks belong; only on PostgreSQL.
const pair: { ctx: TestContext; other: { app: App; database: Database; url: string } } | null = onPostgres
  ? await twoInstances()
  : null;

describe.runIf(onPostgres)('caches of two instances on one PostgreSQL', () => {
  const { ctx, other } = pair ?? ({} as NonNullable<typeof pair>);

  it('shows a version published on one instance in the list of the other', async () => {
    const id = await productId(ctx, 'ACC-ZH');
    const before = await minPriceAt(other.url, 'ACC-ZH');
    expect(await minPriceAt(other.url, 'ACC-ZH')).toBe(before);
    const [row] = await ctx.database.db
      .select({ content: productVersions.content })
      .from(products)
      .innerJoin(productVersions, eq(productVersions.id, products.currentVersionId))
      .where(eq(products.id, id));
    const content = row.content as ProductContent;
    const next = {
      ...content,
      premiums: {
        ...content.premiums,
        rows: content.premiums.rows.map((r) => ({ ...r, premiumFen: r.premiumFen - 10 })),
      },
    } as ProductContent;
    await publishVersion(ctx.database.db, id, next, ctx.database.changes);
    await vi.waitFor(async () => expect(await minPriceAt(other.url, 'ACC-ZH')).toBe(before - 10), FEED_WAIT);
  });

  it('refuses on the other instance a member disabled through the first', async () => {
    const who = await signIn(ctx, 'demo.company');
    const menu = () => other.app.inject({ method: 'GET', url: `${V1}/open/menu`, headers: who.headers });
    expect((await menu()).statusCode).toBe(200);
    await ctx.database.db.update(members).set({ status: 'disabled' }).where(eq(members.id, who.memberId));
    await ctx.database.changes.publish('roles', who.memberId);
    try {
      await vi.waitFor(async () => expect((await menu()).statusCode).toBe(403), FEED_WAIT);
    } finally {
      await ctx.database.db.update(members).set({ status: 'active' }).where(eq(members.id, who.memberId));
      await ctx.database.changes.publish('roles', who.memberId);
    }
  });

  it("shows a favourite collected on one instance in the other instance's product detail", async () => {
    const who = await signIn(ctx, 'demo.member');
    const id = await productId(ctx, 'TRV-DOM');
    const favourite = async () =>
      (await other.app.inject({ method: 'GET', url: `${V1}/product/${id}`, headers: who.headers })).json().data
        .favourite;
    expect(await favourite()).toBe(false);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `${V1}/product/${id}/collect`, headers: who.headers })).statusCode,
    ).toBe(200);
    await vi.waitFor(async () => expect(await favourite()).toBe(true), FEED_WAIT);
  });
});
