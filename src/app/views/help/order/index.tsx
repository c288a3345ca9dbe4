import { DotLoading, Tabs } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { OrderSummary } from '#shared/orders.ts';
import { cancelOrder, listOrders } from '../../../api/orders.ts';
import { showSuccessToast } from '../../../components/shell/toast.ts';
import { AmountText } from '../../../components/ui/amount-text.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import listStyles from '../../../components/ui/list-page.module.css';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { useT } from '../../../i18n/index.ts';
import { beijingDay, formatBeijing } from '#shared/beijing-time.ts';
import { mergeOrders, ORDER_TABS, type OrderSource, type OrderTabKey } from './order-tabs.ts';
import styles from '../draft/draft.module.css';
import { ORDER_STATUS_KEYS, codeName } from '../../../i18n/enum-names.ts';
import '../../../lib/antd-react19.ts';
import { confirmDialog } from '../../../components/ui/dialog.ts';

const PAGE_SIZE = 20;

interface Loaded {
  rows: OrderSummary[];
  /** Per source: the last page loaded and whether more remain. */
  pages: { page: number; more: boolean }[];
  lists: OrderSummary[][];
}

async function loadPages(sources: readonly OrderSource[], previous: Loaded | null): Promise<Loaded> {
  const pages = await Promise.all(
    sources.map(async (source, i) => {
      const before = previous?.pages[i];
      if (before && !before.more) return { page: before.page, more: false, list: [] as OrderSummary[] };
      const page = (before?.page ?? 0) + 1;
      const answer = await listOrders(source.status, page, PAGE_SIZE);
      const keep = source.keep;
      return { page, more: page * PAGE_SIZE < answer.total, list: keep ? answer.list.filter(keep) : answer.list };
    }),
  );
  const lists = sources.map((_, i) => [...(previous?.lists[i] ?? []), ...pages[i].list]);
  return { rows: mergeOrders(lists), pages: pages.map(({ page, more }) => ({ page, more })), lists };
}

/**
 * 我的订单 by status (`?status=`, 全部 by default): 待支付 orders can be paid (the payment page) or cancelled; paid
 * ones show their policy number; closed ones why they closed.
 */
export default function OrderView() {
  const t = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = ORDER_TABS.find((s) => s.key === params.get('status')) ?? ORDER_TABS[0];
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(false);
  // A fast tab switch must not show the previous tab's answer.
  const seq = useRef(0);

  const load = useCallback(async (key: OrderTabKey, previous: Loaded | null) => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const next = await loadPages(ORDER_TABS.find((s) => s.key === key)!.sources, previous);
      if (mine === seq.current) setLoaded(next);
    } catch {
      if (mine === seq.current) setLoaded((l) => l ?? { rows: [], pages: [], lists: [] });
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, []);
  useEffect(() => {
    setLoaded(null);
    void load(tab.key, null);
  }, [load, tab.key]);

  const cancel = async (o: OrderSummary) => {
    const sure = await confirmDialog({
      content: t('order.cancelConfirm', { orderNo: o.orderNo }),
      confirmText: t('order.cancel'),
      cancelText: t('order.keep'),
    });
    if (!sure) return;
    await cancelOrder(o.id);
    showSuccessToast(t('order.cancelled'));
    await load(tab.key, null);
  };

  const columns: Column<OrderSummary>[] = [
    {
      key: 'product',
      title: t('order.product'),
      render: (o) => (
        <div className={styles.cell}>
          <span className={styles.name}>{`${o.productName} ${o.planName}`}</span>
          <span className={`${styles.sub} ${styles.no}`}>{t('order.orderNo', { no: o.orderNo })}</span>
          {o.policyNo && (
            <span className={`${styles.sub} ${styles.no}`}>{t('order.policyNo', { no: o.policyNo })}</span>
          )}
          {(o.status === 'cancelled' || o.status === 'expired') && (
            <span className={styles.sub}>{codeName(t, ORDER_STATUS_KEYS, o.status, o.statusText)}</span>
          )}
          {o.surrenderedAt && (
            <span className={styles.sub}>{t('order.surrenderedOn', { date: beijingDay(o.surrenderedAt) })}</span>
          )}
          {o.policyId !== null && (
            <Button
              size="mini"
              fill="none"
              color="primary"
              className={styles.policyLink}
              onClick={() => navigate(`/policy/index?id=${o.policyId}`)}
            >
              {t('order.viewPolicy')}
            </Button>
          )}
        </div>
      ),
    },
    {
      key: 'premium',
      title: t('order.premium'),
      align: 'right',
      render: (o) => (
        <div className={styles.cell}>
          <AmountText fen={o.premiumFen} />
          <span className={styles.time}>{formatBeijing(o.createdAt, 'MM-DD HH:mm')}</span>
        </div>
      ),
    },
  ];
  if (tab.key === 'unpaid' || tab.key === 'all') {
    columns.push({
      key: 'action',
      title: t('order.action'),
      align: 'right',
      render: (o) =>
        o.status !== 'unpaid' ? null : (
          <div className={styles.actions}>
            <Button size="mini" color="primary" onClick={() => navigate(`/pay/index?orderId=${o.id}`)}>
              {t('order.pay')}
            </Button>
            <Button size="mini" color="primary" fill="outline" onClick={() => void cancel(o)}>
              {t('order.cancel')}
            </Button>
          </div>
        ),
    });
  }
  const more = loaded?.pages.some((p) => p.more) ?? false;

  return (
    <div className={listStyles.page}>
      <div className={listStyles.toolbar}>
        <Tabs activeKey={tab.key} onChange={(key) => setParams({ status: key }, { replace: true })}>
          {ORDER_TABS.map((s) => (
            <Tabs.Tab key={s.key} title={t(s.label)} />
          ))}
        </Tabs>
      </div>
      <div className={listStyles.body}>
        <SectionCard flush>
          {loaded === null ? (
            <div className={styles.more}>
              <DotLoading color="primary" />
            </div>
          ) : (
            <DataTable
              columns={columns}
              rows={loaded.rows}
              rowKey={(o) => String(o.id)}
              empty={
                <EmptyState
                  title={tab.key === 'all' ? t('order.emptyAll') : t('order.empty', { status: t(tab.label) })}
                  description={t(tab.key === 'surrendered' ? 'order.surrenderedHint' : 'order.emptyHint')}
                >
                  <Button size="small" color="primary" onClick={() => navigate('/product/index')}>
                    {t('order.browse')}
                  </Button>
                </EmptyState>
              }
            />
          )}
          {more && (
            <div className={styles.more}>
              <Button
                size="small"
                fill="none"
                color="primary"
                loading={loading}
                onClick={() => void load(tab.key, loaded)}
              >
                {t('order.more')}
              </Button>
            </div>
          )}
        </SectionCard>
      </div>
    </div>
  );
}
