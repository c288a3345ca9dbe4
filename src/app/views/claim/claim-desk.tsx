import { DotLoading, List, SearchBar, Tag } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ClaimDeskRow } from '#shared/claims.ts';
import { listClaimDesk } from '../../api/claims.ts';
import { ChipTabs } from '../../components/ui/chip-tabs.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { formatYuan } from '#shared/money.ts';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { useT, type MessageKey } from '../../i18n/index.ts';
import { DeskClockLine } from './claim-clock.tsx';
import { STATUS_COLORS } from './status-colors.ts';
import { beijingMinute } from '#shared/beijing-time.ts';
import { DESK_FILTERS, DESK_PAGE_SIZE, deskQuery, type DeskTab } from './desk-logic.ts';

import styles from './claim.module.css';
import { CLAIM_STATUS_KEYS, CLAIM_TYPE_KEYS, codeName } from '../../i18n/enum-names.ts';

const TAB_KEYS: Record<DeskTab, MessageKey> = {
  open: 'claim.desk.filter.open',
  all: 'claim.desk.filter.all',
  ...CLAIM_STATUS_KEYS,
};

interface DeskState {
  key: string;
  items: ClaimDeskRow[];
  total: number;
  page: number;
  loading: boolean;
  failed: boolean;
}

/**
 * 理赔处理 (role channel only): every member's claims, the nearest statutory deadline first (marked
 * from 5 days before it and once past), then the other waiting ones, by status tab and keyword; each
 * opens the staff view of the claim (`?deskClaimId=`).
 */
export function ClaimDesk() {
  const t = useT();
  const navigate = useNavigate();
  const [tab, setTab] = useState<DeskTab>('open');
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const key = `${tab}|${keyword}`;
  const [state, setState] = useState<DeskState>({
    key: '',
    items: [],
    total: 0,
    page: 0,
    loading: true,
    failed: false,
  });
  const latest = useRef(key);
  latest.current = key;

  // Typing settles for a moment before the list is asked again.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), 350);
    return () => clearTimeout(timer);
  }, [input]);

  const load = async (page: number) => {
    const mine = key;
    setState((s) =>
      s.key === mine
        ? { ...s, loading: true, failed: false }
        : { key: mine, items: [], total: 0, page: 0, loading: true, failed: false },
    );
    try {
      const result = await listClaimDesk(deskQuery(tab, keyword, page));
      if (latest.current !== mine) return;
      setState((s) => ({
        key: mine,
        items: page === 1 ? result.list : [...s.items, ...result.list],
        total: result.total,
        page,
        loading: false,
        failed: false,
      }));
    } catch {
      if (latest.current === mine) setState((s) => ({ ...s, loading: false, failed: true }));
    }
  };

  useEffect(() => {
    void load(1);
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- page 1 again when the filter (key) changes

  const current = state.key === key;
  const items = current ? state.items : [];
  const more = current && !state.loading && items.length < state.total;

  return (
    <SectionCard
      title={t('claim.desk.title')}
      extra={
        current && !state.loading ? (
          <span className={styles.deskCount}>{t('claim.desk.count', { n: state.total })}</span>
        ) : undefined
      }
      flush
    >
      <div data-testid="claim-desk">
        <ChipTabs
          label={t('claim.desk.filters')}
          tabs={DESK_FILTERS.map((f) => ({ key: f, title: t(TAB_KEYS[f]) }))}
          active={tab}
          onChange={setTab}
        />
        <div className={styles.deskSearch}>
          <SearchBar
            placeholder={t('claim.desk.search')}
            value={input}
            onChange={setInput}
            aria-label={t('claim.desk.search')}
          />
        </div>
        {current && !state.loading && !state.failed && items.length === 0 ? (
          <EmptyState title={t('claim.desk.empty')} />
        ) : (
          <List>
            {items.map((c) => (
              <List.Item
                key={c.id}
                data-testid="claim-desk-row"
                onClick={() => navigate(`/claim/index?deskClaimId=${c.id}`)}
                description={
                  <span className={styles.deskLines}>
                    <span>
                      {c.claimNo} · {codeName(t, CLAIM_TYPE_KEYS, c.type, c.typeText)} · {formatYuan(c.amountFen)}
                    </span>
                    <span>
                      {t('claim.desk.reporter')} {c.reporter.nickname} {c.reporter.mobileMasked} ·{' '}
                      {t('claim.form.insured')} {c.insuredName}
                    </span>
                    <span>
                      {t('claim.desk.reportedAt')} {beijingMinute(c.createdAt)}
                    </span>
                    {c.clock.running && <DeskClockLine running={c.clock.running} />}
                  </span>
                }
                extra={
                  <Tag color={STATUS_COLORS[c.status]}>{codeName(t, CLAIM_STATUS_KEYS, c.status, c.statusText)}</Tag>
                }
              >
                <span className={styles.claimTitle}>{c.productName}</span>
              </List.Item>
            ))}
          </List>
        )}
        {(!current || state.loading) && (
          <div className={styles.deskState}>
            <DotLoading color="primary" />
          </div>
        )}
        {current && state.failed && (
          <div className={styles.deskState}>
            <Button size="small" onClick={() => void load(state.page + 1)}>
              {t('common.retry')}
            </Button>
          </div>
        )}
        {more && (
          <div className={styles.deskState}>
            <Button size="small" onClick={() => void load(state.page + 1)}>
              {t('claim.desk.more', { n: Math.min(DESK_PAGE_SIZE, state.total - items.length) })}
            </Button>
          </div>
        )}
      </div>
    </SectionCard>
  );
}
