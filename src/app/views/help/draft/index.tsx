import { Tag } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DraftListItem } from '#shared/orders.ts';
import { deleteDraft, listDrafts, resumeLink } from '../../../api/drafts.ts';
import { showSuccessToast } from '../../../components/shell/toast.ts';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Hint } from '../../../components/ui/hint.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatBeijing } from '#shared/beijing-time.ts';
import styles from './draft.module.css';
import '../../../lib/antd-react19.ts';
import { confirmDialog } from '../../../components/ui/dialog.ts';

const PAGE_SIZE = 20;

/** 草稿箱: applications saved part-way on the server, newest first, to resume or delete. */
export default function DraftView() {
  const t = useT();
  const navigate = useNavigate();
  const [rows, setRows] = useState<DraftListItem[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);

  const load = useCallback(async (n: number) => {
    const answer = await listDrafts(n, PAGE_SIZE);
    // Page n after n-1: rows deleted meanwhile may shift one in twice, so keep each id once.
    setRows((r) => {
      const kept = n === 1 ? [] : (r ?? []);
      return [...kept, ...answer.list.filter((d) => !kept.some((k) => k.id === d.id))];
    });
    setTotal(answer.total);
  }, []);
  useEffect(() => {
    void load(page).catch(() => setRows((r) => r ?? []));
  }, [load, page]);

  const remove = async (d: DraftListItem) => {
    const name = d.applicantName ?? d.productName;
    const sure = await confirmDialog({
      content: t('draft.removeConfirm', { name }),
      confirmText: t('draft.remove'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    await deleteDraft(d.id);
    showSuccessToast(t('draft.removed'));
    setRows((r) => (r ?? []).filter((k) => k.id !== d.id));
    setTotal((n) => n - 1);
  };

  const columns: Column<DraftListItem>[] = [
    {
      key: 'product',
      title: t('draft.product'),
      render: (d) => (
        <div className={styles.cell}>
          <span className={styles.name}>
            {d.productName}
            {!d.onSale && (
              <Tag color="default" className={styles.tag}>
                {t('draft.offSale')}
              </Tag>
            )}
          </span>
          {d.planName && <span className={styles.sub}>{d.planName}</span>}
          <span className={styles.sub}>
            {d.applicantName ? t('draft.who', { name: d.applicantName, n: d.insuredCount }) : t('draft.nobody')}
          </span>
        </div>
      ),
    },
    {
      key: 'saved',
      title: t('draft.savedAt'),
      render: (d) => <span className={styles.time}>{formatBeijing(d.updatedAt, 'MM-DD HH:mm')}</span>,
    },
    {
      key: 'action',
      title: t('draft.action'),
      align: 'right',
      render: (d) => (
        <div className={styles.actions}>
          <Button size="mini" color="primary" disabled={!d.onSale} onClick={() => navigate(resumeLink(d))}>
            {t('draft.resume')}
          </Button>
          <Button size="mini" color="danger" fill="outline" onClick={() => void remove(d)}>
            {t('draft.remove')}
          </Button>
        </div>
      ),
    },
  ];
  return (
    <ViewPage>
      <SectionCard title={t('draft.title')} flush>
        <DataTable
          columns={columns}
          rows={rows ?? []}
          rowKey={(d) => String(d.id)}
          empty={
            rows === null ? null : (
              <EmptyState title={t('draft.empty')} description={t('draft.emptyHint')}>
                <Button size="small" color="primary" onClick={() => navigate('/product/index')}>
                  {t('draft.browse')}
                </Button>
              </EmptyState>
            )
          }
        />
        {rows && rows.length < total && (
          <div className={styles.more}>
            <Button size="small" fill="none" color="primary" onClick={() => setPage(page + 1)}>
              {t('draft.more')}
            </Button>
          </div>
        )}
        <Hint>{t('draft.hint')}</Hint>
      </SectionCard>
    </ViewPage>
  );
}
