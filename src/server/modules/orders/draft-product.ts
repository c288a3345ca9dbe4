import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { products, productVersions } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { findSellable, type SellableProduct } from '../catalogue/repository.ts';
import type { DraftRow } from './draft-repository.ts';

export type DraftProduct = Pick<
  SellableProduct,
  'id' | 'code' | 'name' | 'insurer' | 'team' | 'versionId' | 'version' | 'content'
> & { onSale: boolean };

/**
 * The product a draft buys: its current version while on sale; once off sale, the version the
 * draft was last saved under, so the buyer can still read and tidy their draft.
 */
export async function draftProduct(db: Db, draft: Pick<DraftRow, 'productId' | 'versionId'>): Promise<DraftProduct> {
  const sellable = await findSellable(db, draft.productId, DEFAULT_LANGUAGE);
  if (sellable) return { ...sellable, onSale: true };
  const [row] = await db
    .select({
      id: products.id,
      code: products.code,
      name: products.name,
      insurer: products.insurer,
      team: products.team,
      versionId: productVersions.id,
      version: productVersions.version,
      content: productVersions.content,
      onSale: sql<boolean>`false`,
    })
    .from(products)
    .innerJoin(productVersions, eq(productVersions.productId, products.id))
    .where(and(eq(products.id, draft.productId), eq(productVersions.id, draft.versionId)));
  return row;
}

export function requireOnSale(product: DraftProduct): void {
  if (!product.onSale)
    throw new AppError('A0420', 'orders.productOffSale', [{ field: 'productId', message: 'orders.productOffSale' }]);
}
