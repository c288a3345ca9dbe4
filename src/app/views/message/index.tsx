import { Badge, Button, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BADGE_MAX } from '#shared/constants.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useT } from '../../i18n/index.ts';
import styles from '../../components/ui/list-page.module.css';

/** Badge text with the cap of spec §9 (antd-mobile's Badge has no max of its own). */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

/**
 * 站内信: policy, claim and order notices. Messages are written by the order and claim services of
 * later issues; until one exists the list is empty and "全部已读" has nothing to do.
 */
export default function MessageView() {
  const t = useT();
  const navigate = useNavigate();
  const [tab, setTab] = useState<'all' | 'unread'>('all');
  const unread = 0;

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <div className={styles.bar}>
          <Tabs activeKey={tab} onChange={(k) => setTab(k as 'all' | 'unread')} className={styles.barTabs}>
            <Tabs.Tab key="all" title={t('message.all')} />
            <Tabs.Tab key="unread" title={<Badge content={badgeText(unread)}>{t('message.unread')}</Badge>} />
          </Tabs>
          <Button size="small" fill="none" color="primary" disabled={unread === 0}>{t('message.readAll')}</Button>
        </div>
      </div>
      <EmptyState
        title={t(tab === 'all' ? 'message.empty' : 'message.emptyUnread')}
        description={t('message.emptyHint')}
      >
        <Button size="small" onClick={() => navigate('/policy/index')}>{t('message.toPolicies')}</Button>
      </EmptyState>
    </div>
  );
}
