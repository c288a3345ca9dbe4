import type { CollectedProduct, ProductDetail, ProductListItem } from '#shared/catalogue.ts';
import type { SellableProduct } from './repository.ts';

/** Answers of the catalogue calls, from repository rows. */

export function toDetail(row: SellableProduct, favourite: boolean): ProductDetail {
  const { typeName, versionId, version, publishedAt, content, ...item } = row;
  return {
    ...item,
    type: { code: item.typeCode, name: typeName },
    versionId,
    version,
    publishedAt: publishedAt.toISOString(),
    plans: content.plans,
    terms: content.terms,
    premiums: content.premiums,
    limits: content.limits,
    coolingOffDays: content.coolingOffDays,
    waitingDays: content.waitingDays,
    highlights: content.highlights,
    documents: content.documents.map(({ kind, title }) => ({ kind, title })),
    favourite,
  };
}

export function toCollected(row: ProductListItem & { onSale: boolean; collectedAt: Date }): CollectedProduct {
  return { ...row, collectedAt: row.collectedAt.toISOString() };
}
