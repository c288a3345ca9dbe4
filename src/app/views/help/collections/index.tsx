import { InfiniteScroll, SwipeAction, Tag } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CollectedProduct } from '#shared/catalogue.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Hint } from '../../../components/ui/hint.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { useT } from '../../../i18n/index.ts';
import { listFavourites, setFavourite } from '../../../api/catalogue.ts';
import { ProductCard } from '../../../components/product/product-card.tsx';
import styles from '../help.module.css';

const PAGE_SIZE = 10;

/** 我的收藏: favourite products, newest first; swipe left to remove. Off-sale ones stay, marked. */
export default function CollectionsView() {
  const t = useT();
  const navigate = useNavigate();
  const [items, setItems] = useState<CollectedProduct[]>([]);
  const [hasMore, setHasMore] = useState(true);
  const page = useRef(0);

  const loadMore = async () => {
    const next = page.current + 1;
    const result = await listFavourites(next, PAGE_SIZE);
    page.current = next;
    setItems((prev) => [...prev, ...result.list.filter((p) => !prev.some((q) => q.id === p.id))]);
    setHasMore(next * PAGE_SIZE < result.total);
  };

  const remove = async (id: number) => {
    await setFavourite(id, false);
    setItems((prev) => prev.filter((p) => p.id !== id));
  };

  if (!hasMore && items.length === 0) {
    return (
      <ViewPage>
        <SectionCard>
          <EmptyState title={t('collections.empty')} description={t('collections.emptyHint')}>
            <Button size="small" color="primary" onClick={() => navigate('/product/index')}>
              {t('collections.browse')}
            </Button>
          </EmptyState>
        </SectionCard>
      </ViewPage>
    );
  }
  return (
    <ViewPage>
      <SectionCard flush>
        {items.map((p) => (
          <SwipeAction
            key={p.id}
            rightActions={[
              { key: 'remove', text: t('collections.remove'), color: 'danger', onClick: () => void remove(p.id) },
            ]}
          >
            {p.onSale ? (
              <ProductCard product={p} />
            ) : (
              <div className={styles.offSale}>
                <span>{p.name}</span>
                <Tag color="default">{t('collections.offSale')}</Tag>
              </div>
            )}
          </SwipeAction>
        ))}
        {items.length > 0 && <Hint>{t('collections.hint')}</Hint>}
      </SectionCard>
      <InfiniteScroll hasMore={hasMore} loadMore={loadMore} />
    </ViewPage>
  );
}
