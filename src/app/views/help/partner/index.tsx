import { List, SearchBar, Tag } from 'antd-mobile';
import { Button } from '../../../components/ui/button.tsx';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { beijingMinute } from '#shared/beijing-time.ts';
import type { Partner } from '#shared/partners.ts';
import { SUPER_ROLE } from '#shared/roles.ts';
import { ApiError } from '../../../api/api-error.ts';
import { listPartners, removeRelation } from '../../../api/partners.ts';
import { showSuccessToast } from '../../../components/shell/toast.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ViewPage } from '../../../components/ui/view-page.tsx';
import { languageAtom, useT } from '../../../i18n/index.ts';
import { rolesAtom, userAtom } from '../../../session/atoms.ts';
import listStyles from '../../../components/ui/list-page.module.css';
import { PartnerEditSheet } from './partner-edit-sheet.tsx';
import styles from './partner.module.css';
import '../../../lib/antd-react19.ts';
import { alertDialog, confirmDialog } from '../../../components/ui/dialog.ts';

export const PARTNER_PAGE_SIZE = 10;

/** The two ends of the relation a row stands for, as `partner/canre/{a}/{b}` takes them; null when it has none. */
export function relationOf(
  row: Partner,
  viewer: { channel: boolean; memberId: number },
): { a: number; b: number } | null {
  if (!viewer.channel) return row.relation ? { a: viewer.memberId, b: row.id } : null;
  return row.recommenderId !== null ? { a: row.recommenderId, b: row.id } : null;
}

/**
 * 合作伙伴 (docs/decisions/partner-relations.md): channel staff see every partner, search and
 * page through them, edit one and remove a recommendation; a partner sees the partners related to
 * them and may remove those relations. A refusal (open orders, unsettled commission) is shown with
 * the server's reason.
 */
export default function PartnerView() {
  const t = useT();
  const language = useAtomValue(languageAtom);
  const roles = useAtomValue(rolesAtom) ?? [];
  const user = useAtomValue(userAtom);
  const viewer = { channel: roles.includes(SUPER_ROLE), memberId: user?.id ?? 0 };
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<Partner[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<Partner | null>(null);
  const seq = useRef(0);

  const load = useCallback(async (word: string, nextPage: number) => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const answer = await listPartners({ keyword: word, page: nextPage, pageSize: PARTNER_PAGE_SIZE });
      if (mine !== seq.current) return;
      setRows((old) => (nextPage === 1 ? answer.list : [...old, ...answer.list]));
      setTotal(answer.total);
      setPage(nextPage);
    } catch {
      // The client has shown the message.
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load('', 1);
  }, [load]);

  const search = (word: string) => {
    setKeyword(word);
    void load(word, 1);
  };

  const remove = async (row: Partner) => {
    const pair = relationOf(row, viewer);
    if (!pair) return;
    const me = user?.nickname || user?.username || '';
    // Recommender first: "{a} recommended {b}".
    const names = viewer.channel
      ? { a: row.recommenderName ?? '', b: row.name }
      : row.relation === 'upline'
        ? { a: row.name, b: me }
        : { a: me, b: row.name };
    const confirmed = await confirmDialog({
      title: t('partner.removeTitle'),
      content: t('partner.removeConfirm', names),
      confirmText: t('partner.confirm'),
      cancelText: t('partner.cancel'),
    });
    if (!confirmed) return;
    try {
      await removeRelation(pair.a, pair.b);
      showSuccessToast(t('partner.removed'));
      void load(keyword, 1);
    } catch (error) {
      await alertDialog({ title: t('partner.refused'), content: refusalText(error), confirmText: t('partner.ok') });
    }
  };

  /** The server's reason, in Chinese as it words it (with the counts); by its code in Polish. */
  function refusalText(error: unknown): string {
    if (!(error instanceof ApiError)) return String(error);
    if (language !== 'zh-cn' && error.code === 'A0480') return t('partner.refusedOrders');
    if (language !== 'zh-cn' && error.code === 'A0481') return t('partner.refusedCommission');
    return error.message;
  }

  return (
    <ViewPage>
      <div className={listStyles.toolbar}>
        <div className={listStyles.search}>
          <SearchBar
            placeholder={t('partner.search')}
            value={keyword}
            onChange={setKeyword}
            onSearch={search}
            onClear={() => search('')}
          />
        </div>
      </div>
      <div className={listStyles.body}>
        {!loading && rows.length === 0 ? (
          <EmptyState title={t('partner.empty')} description={viewer.channel ? undefined : t('partner.emptyHint')} />
        ) : (
          <>
            <p className={styles.total}>{t('partner.total', { n: total })}</p>
            {rows.map((row) => (
              <article key={row.id} className={styles.card} aria-label={row.name}>
                <List>
                  <List.Item
                    description={row.mobile ?? t('partner.noMobile')}
                    extra={
                      <Tag color={row.status === 'active' ? 'success' : 'default'} fill="outline">
                        {t(`partner.status.${row.status}`)}
                      </Tag>
                    }
                  >
                    <span className={styles.name}>{row.name}</span>
                    {row.relation && (
                      <Tag color="primary" fill="outline" className={styles.relation}>
                        {t(`partner.relation.${row.relation}`)}
                      </Tag>
                    )}
                  </List.Item>
                </List>
                <div className={styles.details}>
                  {row.recommenderName && <p>{t('partner.recommender', { name: row.recommenderName })}</p>}
                  {row.relatedSince && <p>{t('partner.since', { time: beijingMinute(row.relatedSince) })}</p>}
                  <p>{t('partner.orders', row.orders)}</p>
                  {row.remark ? (
                    <p>
                      {t('partner.remark')}：{row.remark}
                    </p>
                  ) : null}
                </div>
                <div className={styles.actions}>
                  {viewer.channel && (
                    <Button size="small" color="primary" fill="outline" onClick={() => setEditing(row)}>
                      {t('partner.edit')}
                    </Button>
                  )}
                  {relationOf(row, viewer) && (
                    <Button size="small" color="danger" fill="outline" onClick={() => void remove(row)}>
                      {t('partner.remove')}
                    </Button>
                  )}
                </div>
              </article>
            ))}
            {rows.length < total && (
              <Button block fill="none" color="primary" loading={loading} onClick={() => void load(keyword, page + 1)}>
                {t('partner.more')}
              </Button>
            )}
          </>
        )}
      </div>
      <PartnerEditSheet
        partner={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setRows((old) => old.map((r) => (r.id === saved.id ? saved : r)));
          setEditing(null);
        }}
      />
    </ViewPage>
  );
}
