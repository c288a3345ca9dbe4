import { Button, Tabs } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AmountText } from '../../../components/ui/amount-text.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import listStyles from '../../../components/ui/list-page.module.css';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useT, type MessageKey } from '../../../i18n/index.ts';

const STATUSES = [
  { key: 'unpaid', label: 'order.status.unpaid' },
  { key: 'paid', label: 'order.status.paid' },
  { key: 'issued', label: 'order.status.issued' },
  { key: 'closed', label: 'order.status.closed' },
  { key: 'surrendered', label: 'order.status.surrendered' },
] as const satisfies readonly { key: string; label: MessageKey }[];

interface OrderRow {
  orderNo: string;
  productName: string;
  premiumFen: number;
  createdAt: string;
}

/**
 * 我的订单 by status (`?status=`). Orders are written by the order service of a later issue; a
 * member without orders sees the empty state and the way to the products.
 */
export default function OrderView() {
  const t = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status = STATUSES.find((s) => s.key === params.get('status'))?.key ?? 'unpaid';
  const orders: OrderRow[] = [];
  const columns: Column<OrderRow>[] = [
    { key: 'product', title: t('order.product'), render: (o) => o.productName },
    { key: 'created', title: t('order.createdAt'), render: (o) => o.createdAt },
    { key: 'premium', title: t('order.premium'), align: 'right', render: (o) => <AmountText fen={o.premiumFen} /> },
  ];
  return (
    <div className={listStyles.page}>
      <div className={listStyles.toolbar}>
        <Tabs activeKey={status} onChange={(key) => setParams({ status: key }, { replace: true })}>
          {STATUSES.map((s) => <Tabs.Tab key={s.key} title={t(s.label)} />)}
        </Tabs>
      </div>
      <div className={listStyles.body}>
        <SectionCard flush>
          <DataTable
            columns={columns}
            rows={orders}
            rowKey={(o) => o.orderNo}
            empty={(
              <EmptyState title={t('order.empty', { status: t(STATUSES.find((s) => s.key === status)!.label) })} description={t('order.emptyHint')}>
                <Button size="small" color="primary" onClick={() => navigate('/product/index')}>{t('order.browse')}</Button>
              </EmptyState>
            )}
          />
        </SectionCard>
      </div>
    </div>
  );
}
