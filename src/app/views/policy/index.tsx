import { Button, SearchBar, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useT, type MessageKey } from '../../i18n/index.ts';
import styles from '../../components/ui/list-page.module.css';

const STATUSES = [
  { key: 'pending', label: 'policy.status.pending' },
  { key: 'active', label: 'policy.status.active' },
  { key: 'expired', label: 'policy.status.expired' },
  { key: 'surrendered', label: 'policy.status.surrendered' },
] as const satisfies readonly { key: string; label: MessageKey }[];

type PolicyStatus = (typeof STATUSES)[number]['key'];

/**
 * Policy query: by status (`?status=`) and by policy number or insured name. The member's policies
 * come from `order/policyInfo`, which arrives with the order issue; a member without policies sees
 * "暂无保单" and the way to the products.
 */
export default function PolicyView() {
  const t = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status: PolicyStatus = STATUSES.find((s) => s.key === params.get('status'))?.key ?? 'active';
  const [keyword, setKeyword] = useState('');

  const selectStatus = (key: string) => {
    const next = new URLSearchParams(params);
    next.set('status', key);
    setParams(next, { replace: true });
  };

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <Tabs activeKey={status} onChange={selectStatus}>
          {STATUSES.map((s) => <Tabs.Tab key={s.key} title={t(s.label)} />)}
        </Tabs>
        <div className={styles.search}>
          <SearchBar placeholder={t('policy.searchPlaceholder')} value={keyword} onChange={setKeyword} />
        </div>
      </div>
      <EmptyState
        title={keyword.trim() ? t('policy.noMatch', { keyword: keyword.trim() }) : t('policy.empty')}
        description={t(status === 'active' ? 'policy.emptyActiveHint' : 'policy.emptyHint')}
      >
        <Button color="primary" size="small" onClick={() => navigate('/product/index')}>{t('policy.browse')}</Button>
      </EmptyState>
    </div>
  );
}
