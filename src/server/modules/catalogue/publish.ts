import { eq, sql } from 'drizzle-orm';
import { ProductContentSchema, type ProductContent } from '#shared/catalogue.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Db } from '../../db/client.ts';
import { products, productVersions } from '../../db/schema.ts';

/** The lowest premium of a version: the "¥x 起" of lists. */
export function minPremiumFen(content: ProductContent): number {
  return Math.min(...content.premiums.rows.map((r) => r.premiumFen));
}

/**
 * The one way to change what a product sells: validate the content, write it as the next version
 * and make it current. Older versions stay as they were, for the orders that reference them.
 * Once committed, the change is published so every instance's catalogue cache drops the product;
 * `changes` may be left out only where no app has run yet (seeding an empty database).
 */
export async function publishVersion(
  db: Db,
  productId: number,
  content: ProductContent,
  changes?: ChangeFeed,
): Promise<{ versionId: number; version: number }> {
  const valid = ProductContentSchema.parse(content);
  const published = await db.transaction(async (tx) => {
    // Lock the product row so two publishers cannot take the same version number.
    await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${productVersions.version}), 0)::int + 1` })
      .from(productVersions)
      .where(eq(productVersions.productId, productId));
    const [row] = await tx
      .insert(productVersions)
      .values({ productId, version: next, content: valid })
      .returning({ id: productVersions.id });
    await tx
      .update(products)
      .set({
        currentVersionId: row.id,
        minPremiumFen: minPremiumFen(valid),
        team: valid.premiums.basis === 'occupation',
        updatedAt: new Date(),
      })
      .where(eq(products.id, productId));
    return { versionId: row.id, version: next };
  });
  await changes?.publish('catalogue', productId);
  return published;
}
