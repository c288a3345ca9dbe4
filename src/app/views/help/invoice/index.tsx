import { Button, List } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Hint } from '../../../components/ui/hint.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { useT } from '../../../i18n/index.ts';

/**
 * 发票管理: paid orders that can still get an e-invoice, and the way to issued invoices. Paid orders
 * come from the order service of a later issue; until then there is nothing to invoice.
 */
export default function InvoiceView() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <ViewPage>
      <SectionCard flush>
        <List>
          <List.Item description={t('invoice.historyHint')} onClick={() => navigate('/help/invoice/history')}>
            {t('invoice.history')}
          </List.Item>
        </List>
      </SectionCard>
      <SectionCard title={t('invoice.orders')} flush>
        <EmptyState title={t('invoice.empty')} description={t('invoice.emptyHint')}>
          <Button size="small" onClick={() => navigate('/help/order?status=paid')}>{t('invoice.toOrders')}</Button>
        </EmptyState>
      </SectionCard>
      <SectionCard title={t('invoice.rules')}>
        <Hint>{t('invoice.rulesText')}</Hint>
      </SectionCard>
    </ViewPage>
  );
}
