import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Hint } from '../../../components/ui/hint.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { useT } from '../../../i18n/index.ts';

/** An unfinished application, saved when the buyer leaves the purchase flow part-way. */
export interface Draft {
  id: string;
  productName: string;
  insuredName: string;
  savedAt: string;
}

/**
 * 草稿箱: applications left part-way, to resume or delete. Drafts are saved by the order service of
 * a later issue; until then there are none.
 */
export default function DraftView() {
  const t = useT();
  const navigate = useNavigate();
  const drafts: Draft[] = [];
  const columns: Column<Draft>[] = [
    { key: 'product', title: t('draft.product'), render: (d) => d.productName },
    { key: 'insured', title: t('draft.insured'), render: (d) => d.insuredName },
    { key: 'saved', title: t('draft.savedAt'), render: (d) => d.savedAt },
    { key: 'action', title: t('draft.action'), align: 'right', render: () => null },
  ];
  return (
    <ViewPage>
      <SectionCard title={t('draft.title')} flush>
        <DataTable
          columns={columns}
          rows={drafts}
          rowKey={(d) => d.id}
          empty={(
            <EmptyState title={t('draft.empty')} description={t('draft.emptyHint')}>
              <Button size="small" color="primary" onClick={() => navigate('/product/index')}>{t('draft.browse')}</Button>
            </EmptyState>
          )}
        />
        <Hint>{t('draft.hint')}</Hint>
      </SectionCard>
    </ViewPage>
  );
}
