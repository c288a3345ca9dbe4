import { DataTable, type Column } from '../../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { Hint } from '../../../../components/ui/hint.tsx';
import { SectionCard } from '../../../../components/ui/section-card.tsx';
import { ViewPage } from '../../../../components/ui/view-page.tsx';
import { useT } from '../../../../i18n/index.ts';

interface Share {
  memberId: number;
  name: string;
  department: string;
  /** Per mille of the commission, so 12.5% is 125. */
  sharePermille: number;
}

/** 佣金分配: how the company's commission is shared among departments and members. */
export default function BonusView() {
  const t = useT();
  const shares: Share[] = [];
  const columns: Column<Share>[] = [
    { key: 'name', title: t('bonus.member'), render: (s) => s.name },
    { key: 'department', title: t('bonus.department'), render: (s) => s.department },
    { key: 'share', title: t('bonus.share'), align: 'right', render: (s) => `${(s.sharePermille / 10).toFixed(1)}%` },
  ];
  return (
    <ViewPage>
      <SectionCard title={t('bonus.title')} flush>
        <DataTable
          columns={columns}
          rows={shares}
          rowKey={(s) => String(s.memberId)}
          empty={<EmptyState title={t('bonus.empty')} description={t('bonus.emptyHint')} />}
        />
        <Hint>{t('bonus.hint')}</Hint>
      </SectionCard>
    </ViewPage>
  );
}
