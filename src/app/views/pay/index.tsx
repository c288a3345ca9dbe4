import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { ViewPage } from '../../components/ui/view-page.tsx';
import { useT } from '../../i18n/index.ts';

/**
 * 订单支付 by `?orderNo=`. Orders are created by the order service of a later issue, which loads
 * the order here and renders <PayDetail> (pay-detail.tsx); until then no order can be waiting for
 * payment, and the page says so with the ways on.
 */
export default function PayView() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo');
  return (
    <ViewPage>
      <SectionCard>
        <EmptyState
          title={t(orderNo ? 'pay.notFound' : 'pay.noOrder')}
          description={orderNo ? t('pay.notFoundHint', { orderNo }) : t('pay.noOrderHint')}
        >
          <Button size="small" onClick={() => navigate('/help/order')}>{t('pay.myOrders')}</Button>
          <Button size="small" color="primary" onClick={() => navigate('/product/index')}>{t('pay.browse')}</Button>
        </EmptyState>
      </SectionCard>
    </ViewPage>
  );
}
