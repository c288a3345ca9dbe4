import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { SectionCard } from '../../../../components/ui/section-card.tsx';
import { ViewPage } from '../../../../components/ui/view-page.tsx';
import { useT } from '../../../../i18n/index.ts';

/** 开票记录: issued e-invoices with their download; empty until the first invoice is issued. */
export default function InvoiceHistoryView() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <ViewPage>
      <SectionCard title={t('invoice.history')} flush>
        <EmptyState title={t('invoice.historyEmpty')} description={t('invoice.historyEmptyHint')}>
          <Button size="small" color="primary" onClick={() => navigate('/help/invoice')}>{t('invoice.request')}</Button>
        </EmptyState>
      </SectionCard>
    </ViewPage>
  );
}
