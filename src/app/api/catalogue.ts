import type {
  CollectProdList,
  DocumentKind,
  ListTypeProdsQuery,
  PRODUCT_TYPE_CODES,
  ProductDetail,
  ProductDocumentAnswer,
  ProductListItem,
  QuoteInput,
  QuoteResult,
  TypeWithProducts,
} from '#shared/catalogue.ts';
import * as paths from '#shared/api-paths.ts';
import { ApiError } from './api-error.ts';
import { apiClient, unwrap } from './client.ts';
import { HOT_PRODUCTS_LIMIT, PRODUCT_ID } from './first-screen.ts';

/*
 * Catalogue calls (spec §7 prodType/listTypeProds, product/{id}, favourites, quote). Types only
 * from #shared/catalogue.ts: its zod schemas stay out of the home screen's bundle.
 */

type ProductTypeCode = (typeof PRODUCT_TYPE_CODES)[number];

export function listTypeProds(query: ListTypeProdsQuery = {}): Promise<TypeWithProducts[]> {
  const searchParams: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string' || typeof value === 'number') if (value !== '') searchParams[key] = value;
  }
  return unwrap<TypeWithProducts[]>(apiClient.get(paths.catalogue.listTypeProds(), { searchParams }));
}

/**
 * The most bought products across all types, for the home screen. Its address is one of the first
 * screen's (first-screen.ts): index.html may have asked for it already.
 */
export async function hotProducts(limit = HOT_PRODUCTS_LIMIT): Promise<ProductListItem[]> {
  const types = await listTypeProds({ pageSize: limit });
  return types
    .flatMap((t) => t.products)
    .sort((a, b) => b.salesCount - a.salesCount)
    .slice(0, limit);
}

/** One page of the product list: every type's page `page` together; more while any type has more. */
export async function productPage(type: ProductTypeCode | 'all', keyword: string, page: number, pageSize: number) {
  const types = await listTypeProds({
    type: type === 'all' ? undefined : type,
    keyword: keyword.trim() || undefined,
    page,
    pageSize,
  });
  return {
    products: types.flatMap((t) => t.products),
    hasMore: types.some((t) => t.page * t.pageSize < t.total),
  };
}

/**
 * `GET product/{id}`; null when there is no such product on sale (A0404) or the id is malformed
 * (A0400): the screen says so itself, so those answers raise no toast.
 */
export async function getProduct(id: string): Promise<ProductDetail | null> {
  if (!PRODUCT_ID.test(id)) return null;
  try {
    return await unwrap<ProductDetail>(apiClient.get(paths.catalogue.product({ id }), { context: { silent: true } }));
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'A0404' || error.code === 'A0400')) return null;
    throw error;
  }
}

export function getProductDocument(id: number, kind: DocumentKind): Promise<ProductDocumentAnswer> {
  return unwrap<ProductDocumentAnswer>(apiClient.get(paths.catalogue.document({ id, kind })));
}

/** `POST|DELETE product/{id}/collect`: the favourite flag as the server now has it. */
export function setFavourite(id: number, favourite: boolean): Promise<{ productId: number; favourite: boolean }> {
  const call = favourite
    ? apiClient.post(paths.catalogue.favourite({ id }))
    : apiClient.delete(paths.catalogue.favourite({ id }));
  return unwrap<{ productId: number; favourite: boolean }>(call);
}

export function listFavourites(page: number, pageSize: number): Promise<CollectProdList> {
  return unwrap<CollectProdList>(apiClient.get(paths.catalogue.favourites(), { searchParams: { page, pageSize } }));
}

/**
 * `POST product/{id}/quote` without a toast: the plan step asks on every change, and a refusal
 * (A0420, e.g. an age outside the product's range) is shown beside the price instead.
 */
export async function quoteQuietly(
  productId: number,
  input: QuoteInput,
): Promise<{ result: QuoteResult | null; problem: string | null }> {
  try {
    const result = await unwrap<QuoteResult>(
      apiClient.post(paths.catalogue.quote({ id: productId }), { json: input, context: { silent: true } }),
    );
    return { result, problem: null };
  } catch (error) {
    return { result: null, problem: error instanceof ApiError ? error.message : null };
  }
}
