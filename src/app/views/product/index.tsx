import { DotLoading, InfiniteScroll, SearchBar, Tabs } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ProductListItem } from '#shared/catalogue.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import listStyles from '../../components/ui/list-page.module.css';
import { useT } from '../../i18n/index.ts';
import { productPage } from '../../api/catalogue.ts';
import { PRODUCT_LIST_PAGE_SIZE } from '../../api/first-screen.ts';
import { prefetchFirstScreenData, useFirstScreenData } from '../../components/ui/first-screen-data.ts';
import { isProductTypeCode, PRODUCT_TYPES } from '../../components/product/product-types.ts';
import { ProductCard } from '../../components/product/product-card.tsx';
import styles from './product.module.css';

const SEARCH_DELAY_MS = 300;

type ListType = Parameters<typeof productPage>[0];
type ListPage = Awaited<ReturnType<typeof productPage>>;

const listType = (param: string | null): ListType => (isProductTypeCode(param) ? param : 'all');
const firstPageData = (type: ListType) => `product-list:${type}`;

/**
 * The first page of the address's type, read with the code when the list is the first screen
 * (docs/decisions/first-screen-data.md): the list's first render shows the products.
 */
export function firstScreenData(search: URLSearchParams): Promise<void> {
  const type = listType(search.get('type'));
  return prefetchFirstScreenData(firstPageData(type), () => productPage(type, '', 1, PRODUCT_LIST_PAGE_SIZE));
}

/** Product list by type (`?type=`), searchable, loading the next page as the user scrolls. */
export default function ProductListView() {
  const t = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const type = listType(params.get('type'));
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const query = `${type}\u0000${keyword}`;
  const first = useFirstScreenData<ListPage>(firstPageData(type));
  const [items, setItems] = useState<ProductListItem[]>(first?.products ?? []);
  const [hasMore, setHasMore] = useState(first?.hasMore ?? true);
  const [shownQuery, setShownQuery] = useState(query);
  // The query pages were last loaded for; a page answering an older query is dropped.
  const latest = useRef(query);
  const loaded = useRef({ query, pages: first ? 1 : 0 });
  // The query whose first page failed: InfiniteScroll then offers to load it again.
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);

  useEffect(() => {
    latest.current = query;
  }, [query]);

  // A new tab or keyword starts the list again in this very render, so InfiniteScroll, whose effect
  // runs before ours, never loads a first page that is then thrown away.
  if (shownQuery !== query) {
    setShownQuery(query);
    setItems([]);
    setHasMore(true);
  }

  const loadMore = async () => {
    const asked = query;
    const before = loaded.current.query === asked ? loaded.current.pages : 0;
    const result = await productPage(type, keyword, before + 1, PRODUCT_LIST_PAGE_SIZE);
    if (asked !== latest.current) return;
    loaded.current = { query: asked, pages: before + 1 };
    setItems((prev) => (before === 0 ? result.products : [...prev, ...result.products]));
    setHasMore(result.hasMore);
  };

  // The first page of a query loads here, under a placeholder as tall as the screen: InfiniteScroll's
  // footer, drawn under an empty list, moved down when the products came (a layout shift).
  const firstPage = items.length === 0 && hasMore && failed !== query;
  useEffect(() => {
    if (!firstPage) return;
    loadMore().catch(() => setFailed(query));
    // Once per query: loadMore is the render's own closure over it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  const selectType = (key: string) => {
    const next = new URLSearchParams(params);
    if (key === 'all') next.delete('type');
    else next.set('type', key);
    setParams(next, { replace: true });
  };

  return (
    <div className={listStyles.page}>
      <div className={listStyles.toolbar}>
        <Tabs activeKey={type} onChange={selectType}>
          <Tabs.Tab key="all" title={t('product.type.all')} />
          {PRODUCT_TYPES.map((p) => (
            <Tabs.Tab key={p.code} title={t(p.label)} />
          ))}
        </Tabs>
        <div className={listStyles.search}>
          <SearchBar placeholder={t('product.searchPlaceholder')} value={input} onChange={setInput} />
        </div>
      </div>
      {!hasMore && items.length === 0 ? (
        <EmptyState
          title={keyword ? t('product.noMatch', { keyword }) : t('product.noneOnSale')}
          description={keyword ? t('product.noMatchHint') : t('product.noneOnSaleHint')}
        >
          {keyword ? (
            <Button size="small" onClick={() => setInput('')}>
              {t('product.clearSearch')}
            </Button>
          ) : (
            <Button size="small" onClick={() => navigate('/know/index')}>
              {t('product.readGuide')}
            </Button>
          )}
        </EmptyState>
      ) : firstPage ? (
        <div className={styles.firstPage} role="status">
          <DotLoading />
          <span>{t('common.loading')}</span>
        </div>
      ) : (
        <>
          {items.length > 0 && (
            <div className={styles.list}>
              {items.map((p) => (
                <ProductCard key={p.id} product={p} />
              ))}
            </div>
          )}
          <InfiniteScroll hasMore={hasMore} loadMore={loadMore} />
        </>
      )}
    </div>
  );
}
