import { DotLoading, InfiniteScroll, SearchBar, Tabs, Tag } from 'antd-mobile';
import { Button } from '../../components/ui/button.tsx';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { PolicyListItem, UnpaidOrderItem } from '#shared/policies.ts';
import { listPolicies } from '../../api/policies.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import listStyles from '../../components/ui/list-page.module.css';
import { formatYuan } from '#shared/money.ts';
import { useT } from '../../i18n/index.ts';
import { formatBeijing } from '#shared/beijing-time.ts';
import { emptyHintOf, POLICY_TABS, queryStatusOf, STATUS_TAGS, tabOf } from './policy-status.ts';
import { Unbroken } from '../../components/ui/unbroken.tsx';
import styles from './policy.module.css';

const PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;

type Item = PolicyListItem | UnpaidOrderItem;

/** The list of one query (tab and keyword): pages loaded so far, whether more remain, a failed load. */
interface ListState {
  key: string;
  page: number;
  items: Item[];
  hasMore: boolean;
  failed: boolean;
}
const fresh = (key: string): ListState => ({ key, page: 0, items: [], hasMore: true, failed: false });

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.line}>
      <span className={styles.lineLabel}>{label}</span>
      <span className={styles.lineValue}>{typeof children === 'string' ? <Unbroken text={children} /> : children}</span>
    </div>
  );
}

/** One policy (or unpaid order): product and plan, number, insured, period, premium, state. */
function ItemCard({ item }: { item: Item }) {
  const t = useT();
  const navigate = useNavigate();
  const tag = STATUS_TAGS[item.status];
  const insured = item.insured.map((p) => p.name).join(t('common.listJoin'));
  const more = item.insuredCount > item.insured.length ? t('policy.insuredMore', { n: item.insuredCount }) : '';
  const open = () =>
    navigate(item.kind === 'policy' ? `/policy/index?id=${item.id}` : `/pay/index?orderId=${item.orderId}`);
  return (
    <button type="button" className={styles.card} onClick={open} data-testid="policy-card">
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>
          {item.productName}
          <span className={styles.plan}>{item.planName}</span>
        </h3>
        <Tag color={tag.color} fill="outline">
          {t(tag.label)}
        </Tag>
      </div>
      <div className={styles.no}>
        {item.kind === 'policy'
          ? t('policy.policyNo', { no: item.policyNo })
          : t('policy.orderNo', { no: item.orderNo })}
      </div>
      <div className={styles.lines}>
        <Line label={t(item.team ? 'policy.holder' : 'policy.applicant')}>{item.applicantName}</Line>
        <Line label={t('policy.insured')}>{insured + more}</Line>
        <Line label={t('policy.period')}>{t('policy.periodRange', { from: item.startDate, to: item.endDate })}</Line>
      </div>
      <div className={styles.cardFoot}>
        <span className={styles.premium}>
          {item.kind === 'order'
            ? t('policy.payBy', { time: formatBeijing(item.expiresAt, 'MM-DD HH:mm') })
            : t('policy.premium')}
        </span>
        <strong>{formatYuan(item.premiumFen)}</strong>
      </div>
      {item.kind === 'order' && <div className={styles.payLink}>{t('policy.pay')}</div>}
    </button>
  );
}

/**
 * 保单查询: the member's policies by state (`?status=`, 全部 by default), searched by policy number
 * or insured name (debounced), ten at a time as the list scrolls. 待支付 lists orders still to be
 * paid (to the pay page). The e-policy's QR code opens `?policyNo=`: that number is searched in 全部.
 */
export function PolicyList() {
  const t = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('status'));
  const [input, setInput] = useState(() => params.get('policyNo') ?? '');
  const [keyword, setKeyword] = useState(() => (params.get('policyNo') ?? '').trim());
  const queryKey = `${tab}|${keyword}`;
  const [state, setState] = useState<ListState>(() => fresh(queryKey));
  // A new tab or keyword starts a new list at once (during render, so no frame shows the old one);
  // answers still arriving for the old query are dropped by their key.
  if (state.key !== queryKey) setState(fresh(queryKey));
  const { items, hasMore, failed } = state.key === queryKey ? state : fresh(queryKey);

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const loadMore = async () => {
    const key = queryKey;
    const next = (state.key === key ? state.page : 0) + 1;
    let result;
    try {
      result = await listPolicies({ status: queryStatusOf(tab), keyword, page: next, pageSize: PAGE_SIZE });
    } catch (error) {
      setState((s) => (s.key === key ? { ...s, failed: true } : s));
      throw error;
    }
    setState((s) =>
      s.key === key && s.page === next - 1
        ? {
            key,
            page: next,
            items: [...s.items, ...result.list],
            hasMore: next * PAGE_SIZE < result.total,
            failed: false,
          }
        : s,
    );
  };

  const selectTab = (key: string) => {
    const next = new URLSearchParams(params);
    next.set('status', key);
    next.delete('policyNo');
    setParams(next, { replace: true });
  };

  const done = !hasMore && !failed;
  let body: ReactNode;
  if (done && items.length === 0) {
    body = (
      <EmptyState
        title={keyword ? t('policy.noMatch', { keyword }) : t(tab === 'unpaid' ? 'policy.emptyUnpaid' : 'policy.empty')}
        description={t(keyword ? 'policy.noMatchHint' : emptyHintOf(tab))}
      >
        {keyword ? (
          <Button size="small" onClick={() => setInput('')}>
            {t('policy.clearSearch')}
          </Button>
        ) : (
          <Button color="primary" size="small" onClick={() => navigate('/product/index')}>
            {t('policy.browse')}
          </Button>
        )}
      </EmptyState>
    );
  } else {
    body = (
      <>
        {items.length > 0 && (
          <div className={styles.list}>
            {items.map((item) => (
              <ItemCard key={item.kind === 'policy' ? `p${item.id}` : `o${item.orderId}`} item={item} />
            ))}
          </div>
        )}
        <InfiniteScroll key={queryKey} hasMore={hasMore} loadMore={loadMore}>
          {(_more, _failed, retry) =>
            failed ? (
              <EmptyState title={t('common.loadFailed')} description={t('common.loadFailedHint')}>
                <Button size="small" onClick={() => void retry()}>
                  {t('common.retry')}
                </Button>
              </EmptyState>
            ) : hasMore ? (
              <div className={styles.state}>
                <DotLoading color="primary" />
              </div>
            ) : (
              <div className={styles.state}>
                <span className={styles.premium}>{t('policy.noMore')}</span>
              </div>
            )
          }
        </InfiniteScroll>
      </>
    );
  }

  return (
    <div className={listStyles.page}>
      <div className={listStyles.toolbar}>
        <Tabs activeKey={tab} onChange={selectTab}>
          {POLICY_TABS.map((s) => (
            <Tabs.Tab key={s.key} title={t(s.label)} />
          ))}
        </Tabs>
        <div className={listStyles.search}>
          <SearchBar
            placeholder={t('policy.searchPlaceholder')}
            value={input}
            onChange={setInput}
            aria-label={t('policy.searchPlaceholder')}
          />
        </div>
      </div>
      {/* 保单托管: the policies held with other insurers live beside these (docs/decisions/policy-wallet.md). */}
      <Button size="mini" fill="none" color="primary" onClick={() => navigate('/help/wallet')}>
        {t('checkup.walletOpen')}
      </Button>
      {body}
    </div>
  );
}
