import type {
  CollectProdList, DocumentKind, ListTypeProdsQuery, ProductDetail,
  ProductDocumentAnswer, ProductListItem, QuoteInput, QuoteResult, TypeWithProducts,
} from '#shared/catalogue.ts';
import { ApiError, apiClient, unwrap } from '../../api/client.ts';
import type { IconName } from '../../components/ui/icons.tsx';
import type { MessageKey } from '../../i18n/index.ts';

/*
 * Catalogue calls of the views (spec §7 prodType/listTypeProds, product/{id}, favourites). Types
 * only from #shared/catalogue.ts: its zod schemas stay out of the home screen's bundle.
 */

const BASE = 'app-api/v1';

/** The four categories of the home grid and the product tabs; `code` is the `?type=` value. */
export const PRODUCT_TYPES = [
  { code: 'accident', label: 'product.type.accident', icon: 'shield', tone: { bg: '#e8f1ff', fg: '#1677ff' } },
  { code: 'medical', label: 'product.type.medical', icon: 'medical', tone: { bg: '#e7f8f0', fg: '#00a870' } },
  { code: 'travel', label: 'product.type.travel', icon: 'plane', tone: { bg: '#fff3e6', fg: '#f77b00' } },
  { code: 'team', label: 'product.type.team', icon: 'team', tone: { bg: '#f2ecff', fg: '#7a4dff' } },
] as const satisfies readonly { code: string; label: MessageKey; icon: IconName; tone: { bg: string; fg: string } }[];

export type ProductTypeCode = (typeof PRODUCT_TYPES)[number]['code'];

export function isProductTypeCode(value: string | null): value is ProductTypeCode {
  return PRODUCT_TYPES.some((p) => p.code === value);
}


export function listTypeProds(query: ListTypeProdsQuery = {}): Promise<TypeWithProducts[]> {
  const searchParams: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string' || typeof value === 'number') if (value !== '') searchParams[key] = value;
  }
  return unwrap<TypeWithProducts[]>(apiClient.get(`${BASE}/prodType/listTypeProds`, { searchParams }));
}

/** The most bought products across all types, for the home screen. */
export async function hotProducts(limit: number): Promise<ProductListItem[]> {
  const types = await listTypeProds({ pageSize: limit });
  return types.flatMap((t) => t.products).sort((a, b) => b.salesCount - a.salesCount).slice(0, limit);
}

/** One page of the product list: every type's page `page` together; more while any type has more. */
export async function productPage(type: ProductTypeCode | 'all', keyword: string, page: number, pageSize: number) {
  const types = await listTypeProds({ type: type === 'all' ? undefined : type, keyword: keyword.trim() || undefined, page, pageSize });
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
  if (!/^\d{1,10}$/.test(id)) return null;
  try {
    return await unwrap<ProductDetail>(apiClient.get(`${BASE}/product/${id}`, { context: { silent: true } }));
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'A0404' || error.code === 'A0400')) return null;
    throw error;
  }
}

export function getProductDocument(id: number, kind: DocumentKind): Promise<ProductDocumentAnswer> {
  return unwrap<ProductDocumentAnswer>(apiClient.get(`${BASE}/product/${id}/documents/${kind}`));
}

/** `POST|DELETE product/{id}/collect`: the favourite flag as the server now has it. */
export function setFavourite(id: number, favourite: boolean): Promise<{ productId: number; favourite: boolean }> {
  const call = favourite ? apiClient.post(`${BASE}/product/${id}/collect`) : apiClient.delete(`${BASE}/product/${id}/collect`);
  return unwrap<{ productId: number; favourite: boolean }>(call);
}

export function listFavourites(page: number, pageSize: number): Promise<CollectProdList> {
  return unwrap<CollectProdList>(apiClient.get(`${BASE}/product/collectProdList`, { searchParams: { page, pageSize } }));
}

/** "¥x 起": the lowest premium a plan is sold at, over all age bands (or classes) and terms. */
export function planFromFen(product: Pick<ProductDetail, 'premiums'>, planCode: string): number | null {
  const prices = product.premiums.rows.filter((r) => r.planCode === planCode).map((r) => r.premiumFen);
  return prices.length ? Math.min(...prices) : null;
}

/** `POST product/{id}/quote`: the server prices the application (docs/decisions.md#insurance-rules); A0420 names a broken rule. */
export function quote(id: number, input: QuoteInput): Promise<QuoteResult> {
  return unwrap<QuoteResult>(apiClient.post(`${BASE}/product/${id}/quote`, { json: input }));
}
