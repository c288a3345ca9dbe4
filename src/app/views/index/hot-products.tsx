import { DotLoading } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useNavigate } from 'react-router-dom';
import type { ProductListItem } from '#shared/catalogue.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useT } from '../../i18n/index.ts';
import { ProductCard } from '../../components/product/product-card.tsx';
import styles from './home.module.css';

interface HotProductsProps {
  /** Undefined while loading. */
  products: ProductListItem[] | undefined;
  failed: boolean;
  onRetry: () => void;
}

/** "热门产品": the best-selling products on sale, or a plain statement that none are on sale yet. */
export function HotProducts({ products, failed, onRetry }: HotProductsProps) {
  const t = useT();
  const navigate = useNavigate();
  const more = (
    <Button fill="none" size="small" color="primary" onClick={() => navigate('/product/index')}>
      {t('home.hot.more')}
    </Button>
  );
  let body;
  if (products === undefined && failed) {
    body = (
      <EmptyState title={t('common.loadFailed')} description={t('common.loadFailedHint')}>
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  } else if (products === undefined) {
    body = (
      <div className={styles.loading}>
        <DotLoading color="primary" />
      </div>
    );
  } else if (products.length === 0) {
    body = (
      <EmptyState title={t('home.hot.empty')} description={t('home.hot.emptyHint')}>
        <Button size="small" onClick={() => navigate('/know/index')}>
          {t('home.hot.readGuide')}
        </Button>
      </EmptyState>
    );
  } else {
    body = products.map((p) => <ProductCard key={p.id} product={p} />);
  }
  return (
    <SectionCard title={t('home.hot.title')} extra={products?.length ? more : undefined} flush>
      {body}
    </SectionCard>
  );
}
