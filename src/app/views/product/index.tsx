import { Button, InfiniteScroll, SearchBar, Tabs } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ProductListItem } from '#shared/catalogue.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import listStyles from '../../components/ui/list-page.module.css';
import { useT } from '../../i18n/index.ts';
import { isProductTypeCode, PRODUCT_TYPES, productPage } from './catalogue.ts';
import { ProductCard } from './product-card.tsx';
import styles from './product.module.css';

const PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;

/** Product list by type (`?type=`), searchable, loading the next page as the user scrolls. */
export default function ProductListView() {
  const t = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type = isProductTypeCode(typeParam) ? typeParam : 'all';
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [items, setItems] = useState<ProductListItem[]>([]);
  const [hasMore, setHasMore] = useState(true);
  const page = useRef(0);
  // Bumped on every new query, so a page that answers for an older query is dropped.
  const generation = useRef(0);

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);

  useEffect(() => {
    generation.current += 1;
    page.current = 0;
    setItems([]);
    setHasMore(true);
  }, [type, keyword]);

  const loadMore = async () => {
    const mine = generation.current;
    const next = page.current + 1;
    const result = await productPage(type, keyword, next, PAGE_SIZE);
    if (mine !== generation.current) return;
    page.current = next;
    setItems((prev) => [...prev, ...result.products]);
    setHasMore(result.hasMore);
  };

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
          {PRODUCT_TYPES.map((p) => <Tabs.Tab key={p.code} title={t(p.label)} />)}
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
            <Button size="small" onClick={() => setInput('')}>{t('product.clearSearch')}</Button>
          ) : (
            <Button size="small" onClick={() => navigate('/know/index')}>{t('product.readGuide')}</Button>
          )}
        </EmptyState>
      ) : (
        <>
          {items.length > 0 && (
            <div className={styles.list}>
              {items.map((p) => <ProductCard key={p.id} product={p} />)}
            </div>
          )}
          <InfiniteScroll hasMore={hasMore} loadMore={loadMore} />
        </>
      )}
    </div>
  );
}
