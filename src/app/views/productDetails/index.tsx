import { DotLoading } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ProductDetail } from '#shared/catalogue.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { prefetchFirstScreenData, useFirstScreenData } from '../../components/ui/first-screen-data.ts';
import { useRemote } from '../../components/ui/use-remote.ts';
import { ViewPage } from '../../components/ui/view-page.tsx';
import { useT } from '../../i18n/index.ts';
import { getProduct } from '../../api/catalogue.ts';
import { ProductContent } from './product-content.tsx';
import styles from './product-details.module.css';

const productData = (id: string) => `product:${id}`;

/** The product, read with the code when a shared link opens this page (first-screen-data.ts). */
export function firstScreenData(search: URLSearchParams): Promise<void> {
  const id = search.get('id') ?? '';
  return prefetchFirstScreenData(productData(id), () => getProduct(id));
}

/** Product details by `?id=`; a missing or unknown id says so and offers a way back. */
export default function ProductDetailsView() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const product = useRemote(() => getProduct(id), [id], useFirstScreenData<ProductDetail | null>(productData(id)));

  if (product.loading && product.data === undefined) {
    return (
      <ViewPage>
        <div className={styles.loading}>
          <DotLoading color="primary" />
        </div>
      </ViewPage>
    );
  }
  if (product.error !== undefined) {
    return (
      <ViewPage>
        <EmptyState title={t('common.loadFailed')} description={t('common.loadFailedHint')}>
          <Button size="small" onClick={() => void product.reload()}>
            {t('common.retry')}
          </Button>
        </EmptyState>
      </ViewPage>
    );
  }
  if (!product.data) {
    return (
      <ViewPage>
        <EmptyState title={t('details.notFound')} description={t('details.notFoundHint')}>
          <Button size="small" onClick={() => navigate(-1)}>
            {t('common.back')}
          </Button>
          <Button size="small" color="primary" onClick={() => navigate('/product/index', { replace: true })}>
            {t('details.browse')}
          </Button>
        </EmptyState>
      </ViewPage>
    );
  }
  return <ProductContent key={product.data.id} product={product.data} initialPlan={params.get('plan')} />;
}
