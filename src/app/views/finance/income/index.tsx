import { useSearchParams } from 'react-router-dom';
import { beijingToday } from '#shared/beijing-time.ts';
import { AmountText } from '../../../components/ui/amount-text.tsx';
import { ChipTabs } from '../../../components/ui/chip-tabs.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FieldRow } from '../../../components/ui/field-row.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import uiStyles from '../../../components/ui/ui.module.css';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { useT } from '../../../i18n/index.ts';
import { PERIODS, periodRange, useIncome, type LedgerEntry, type Period } from '../ledger.ts';

/** 收入明细: commission entries by period (`?period=`), with the period's total. */
export default function IncomeView() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const period: Period = PERIODS.find((p) => p === params.get('period')) ?? 'month';
  const today = beijingToday(); // the server books its months in Beijing
  const range = periodRange(period, today);
  const { entries } = useIncome(period, today);
  const total = entries.reduce((sum, e) => sum + e.amountFen, 0);
  const columns: Column<LedgerEntry>[] = [
    { key: 'date', title: t('income.date'), width: '27%', render: (e) => e.date },
    // The product column takes the room left, so an order number fits on one line.
    {
      key: 'product',
      title: t('income.product'),
      render: (e) => (
        <>
          {e.productName}
          <span className={uiStyles.tableSub}>{e.orderNo}</span>
        </>
      ),
    },
    {
      key: 'amount',
      title: t('income.amount'),
      align: 'right',
      width: '25%',
      render: (e) => <AmountText fen={e.amountFen} />,
    },
  ];
  return (
    <ViewPage>
      <SectionCard flush>
        <ChipTabs
          label={t('income.periods')}
          tabs={PERIODS.map((p) => ({ key: p, title: t(`income.period.${p}`) }))}
          active={period}
          onChange={(key) => setParams({ period: key }, { replace: true })}
        />
      </SectionCard>
      <SectionCard>
        <FieldRow label={t('income.range')}>
          {range.from ? t('insure.periodRange', { from: range.from, to: range.to ?? '' }) : t('income.period.all')}
        </FieldRow>
        <FieldRow label={t('income.total')}>
          <AmountText fen={total} strong />
        </FieldRow>
      </SectionCard>
      <SectionCard title={t('income.entries')} flush>
        <DataTable
          columns={columns}
          rows={entries}
          rowKey={(e) => e.id}
          empty={<EmptyState title={t('income.empty')} description={t('income.emptyHint')} />}
        />
      </SectionCard>
    </ViewPage>
  );
}
