import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { CoverKey, ProductContent, ProductListItem, ProductLocale, ProductLocales } from '#shared/catalogue.ts';
import type { Language } from '#shared/constants.ts';
import type { Db, Tx } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { favourites, members, products, productTypes, productVersions } from '../../db/schema.ts';
import { localeOf, localizeContent, localizeItem, localizedText, type LocalizedText } from './localize.ts';

/**
 * Catalogue queries; no HTTP here. Visitors only ever see on-sale products with a published version.
 * Every read takes the reader's language (a cache key for whoever caches these answers): texts come
 * in it where the current version has them, else in Chinese (docs/decisions/catalogue-translations.md).
 */

/** The current version's translations (null before the first version is published). */
const localesColumn = sql<ProductLocales | null>`${productVersions.content}->'locales'`.as('locales');

const itemColumns = {
  id: products.id,
  code: products.code,
  typeCode: sql<string>`${productTypes.code}`.as('type_code'),
  name: products.name,
  tagline: products.tagline,
  insurer: products.insurer,
  minPremiumFen: products.minPremiumFen,
  team: products.team,
  tags: products.tags,
  cover: sql<CoverKey>`${products.cover}`.as('cover'),
  salesCount: products.salesCount,
};

const sellable = () => and(eq(products.status, 'on_sale'), isNotNull(products.currentVersionId));

/** LIKE pattern matching `keyword` literally (its % and _ are not wildcards). */
const containing = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListFilter {
  type?: string;
  keyword?: string;
  page: number;
  pageSize: number;
}

export async function listTypes(db: Db, typeCode?: string) {
  return db
    .select({
      id: productTypes.id,
      code: productTypes.code,
      name: productTypes.name,
      sort: productTypes.sort,
      icon: productTypes.icon,
    })
    .from(productTypes)
    .where(typeCode ? eq(productTypes.code, typeCode) : undefined)
    .orderBy(asc(productTypes.sort), asc(productTypes.id));
}

/** On-sale products matching the filter: how many per type, and page `page` of each type. */
export async function listSellableByType(
  db: Db,
  filter: ListFilter,
  language: Language,
): Promise<{ totals: Map<number, number>; pages: Map<number, ProductListItem[]> }> {
  const conditions: (SQL | undefined)[] = [sellable()];
  if (filter.type) conditions.push(eq(productTypes.code, filter.type));
  if (filter.keyword) {
    const pattern = containing(filter.keyword);
    // The translated name and tagline match too, so a Polish reader finds what they read.
    conditions.push(
      or(
        ilike(products.name, pattern),
        ilike(products.tagline, pattern),
        ilike(sql`${productVersions.content}#>>'{locales,pl,name}'`, pattern),
        ilike(sql`${productVersions.content}#>>'{locales,pl,tagline}'`, pattern),
      ),
    );
  }
  const where = and(...conditions);

  const totals = await db
    .select({ typeId: products.typeId, total: count() })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.typeId))
    .innerJoin(productVersions, eq(productVersions.id, products.currentVersionId))
    .where(where)
    .groupBy(products.typeId);

  const ranked = db
    .select({
      ...itemColumns,
      locales: localesColumn,
      typeId: sql<number>`${products.typeId}`.as('type_id'),
      rn: sql<number>`row_number() over (partition by ${products.typeId} order by ${products.sort}, ${products.id})`.as(
        'rn',
      ),
    })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.typeId))
    .innerJoin(productVersions, eq(productVersions.id, products.currentVersionId))
    .where(where)
    .as('ranked');
  const offset = (filter.page - 1) * filter.pageSize;
  const rows = await db
    .select()
    .from(ranked)
    .where(and(gt(ranked.rn, offset), lte(ranked.rn, offset + filter.pageSize)))
    .orderBy(asc(ranked.rn));

  const pages = new Map<number, ProductListItem[]>();
  for (const { typeId, rn: _rn, locales, ...item } of rows) {
    pages.set(typeId, [...(pages.get(typeId) ?? []), localizeItem(item, localeOf(locales, language))]);
  }
  return { totals: new Map(totals.map((t) => [t.typeId, t.total])), pages };
}

export interface SellableProduct extends ProductListItem {
  typeName: string;
  versionId: number;
  version: number;
  publishedAt: Date;
  content: ProductContent;
}

/**
 * An on-sale product with its current version, or null (unknown, off sale, never published), in
 * `language`. Orders ask in Chinese: what they keep (product and plan names) is the Chinese record.
 */
export async function findSellable(db: Db, productId: number, language: Language): Promise<SellableProduct | null> {
  const [row] = await db
    .select({
      ...itemColumns,
      typeName: productTypes.name,
      versionId: productVersions.id,
      version: productVersions.version,
      publishedAt: productVersions.publishedAt,
      content: productVersions.content,
    })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.typeId))
    .innerJoin(productVersions, eq(productVersions.id, products.currentVersionId))
    .where(and(eq(products.id, productId), eq(products.status, 'on_sale')));
  if (!row) return null;
  const locale = localeOf(row.content.locales, language);
  return locale ? { ...localizeItem(row, locale), content: localizeContent(row.content, locale) } : row;
}

export async function memberStatus(db: Db, memberId: number): Promise<'active' | 'disabled' | null> {
  const [row] = await db.select({ status: members.status }).from(members).where(eq(members.id, memberId));
  return row?.status ?? null;
}

const favouriteIdsQuery = preparedPerDb((db) =>
  db
    .select({ productId: favourites.productId })
    .from(favourites)
    .where(eq(favourites.memberId, sql.placeholder('memberId')))
    .prepare('catalogue_favourite_ids'),
);

/** Every product the member has collected (the detail page's heart; cached per member). */
export async function favouriteProductIds(db: Db, memberId: number): Promise<number[]> {
  const rows = await favouriteIdsQuery(db).execute({ memberId });
  return rows.map((r) => r.productId);
}

/** Idempotent: collecting twice keeps the first row (and its time). */
export async function addFavourite(db: Db, memberId: number, productId: number): Promise<void> {
  await db.insert(favourites).values({ memberId, productId }).onConflictDoNothing();
}

export async function removeFavourite(db: Db, memberId: number, productId: number): Promise<void> {
  await db.delete(favourites).where(and(eq(favourites.memberId, memberId), eq(favourites.productId, productId)));
}

/** The member's favourites, newest first, including products since taken off sale. */
export async function listFavourites(db: Db, memberId: number, page: number, pageSize: number, language: Language) {
  const [{ total }] = await db.select({ total: count() }).from(favourites).where(eq(favourites.memberId, memberId));
  const rows = await db
    .select({
      ...itemColumns,
      onSale: sql<boolean>`${products.status} = 'on_sale' and ${products.currentVersionId} is not null`,
      collectedAt: favourites.createdAt,
      locales: localesColumn,
    })
    .from(favourites)
    .innerJoin(products, eq(products.id, favourites.productId))
    .innerJoin(productTypes, eq(productTypes.id, products.typeId))
    .leftJoin(productVersions, eq(productVersions.id, products.currentVersionId))
    .where(eq(favourites.memberId, memberId))
    .orderBy(desc(favourites.createdAt), desc(favourites.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total, rows: rows.map(({ locales, ...row }) => localizeItem(row, localeOf(locales, language))) };
}

/**
 * A version's product name, and one of its plans' names, in every language the version has: for
 * texts written now and read later in either language (messages). The Chinese names are the ones
 * the order recorded.
 */
export async function versionNames(
  db: Db | Tx,
  versionId: number,
  productName: string,
  plan?: { code: string; name: string },
): Promise<{ product: LocalizedText; plan: LocalizedText }> {
  const [row] = await db
    .select({ locales: sql<ProductLocales | null>`${productVersions.content}->'locales'` })
    .from(productVersions)
    .where(eq(productVersions.id, versionId));
  const pl = row?.locales?.pl;
  return {
    product: localizedText(productName, pl?.name),
    plan: localizedText(plan?.name ?? '', plan ? pl?.plans?.[plan.code]?.name : undefined),
  };
}

/** The translations of some versions into `language` (none for Chinese), by version id: for names of things sold. */
export async function versionLocales(
  db: Db | Tx,
  versionIds: number[],
  language: Language,
): Promise<Map<number, ProductLocale>> {
  const ids = [...new Set(versionIds)];
  if (language === 'zh-cn' || ids.length === 0) return new Map();
  const rows = await db
    .select({ id: productVersions.id, locales: sql<ProductLocales | null>`${productVersions.content}->'locales'` })
    .from(productVersions)
    .where(inArray(productVersions.id, ids));
  const found = new Map<number, ProductLocale>();
  for (const row of rows) {
    const locale = localeOf(row.locales, language);
    if (locale) found.set(row.id, locale);
  }
  return found;
}
