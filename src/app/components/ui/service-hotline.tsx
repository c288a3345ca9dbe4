import { List } from 'antd-mobile';
import { clientEnv } from '../../client-env.ts';
import { useT } from '../../i18n/index.ts';
import { ICONS } from './icons.tsx';
import styles from './ui.module.css';

/** A list row that dials the customer-service line of client-env.ts (a tel: link works in the WeChat browser). */
export function HotlineItem() {
  const t = useT();
  return (
    <List.Item
      prefix={<span className={styles.rowIcon}>{ICONS.phone}</span>}
      description={t('common.hotlineHours')}
      extra={<span className={styles.hotline}>{clientEnv.serviceHotline}</span>}
      onClick={() => {
        window.location.href = `tel:${clientEnv.serviceHotline.replace(/-/g, '')}`;
      }}
      clickable
    >
      {t('common.hotline')}
    </List.Item>
  );
}
