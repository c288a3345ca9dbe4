import { List } from 'antd-mobile';
import { clientEnv } from '../../client-env.ts';
import { useT } from '../../i18n/index.ts';
import { ICONS } from './icons.tsx';
import styles from './ui.module.css';

/**
 * A list row that dials the customer-service line of client-env.ts: a real `tel:` link (it works
 * in the WeChat browser), not a clickable row, which antd-mobile draws as an anchor without an
 * address (docs/decisions/native-disclosures.md).
 */
export function HotlineItem() {
  const t = useT();
  return (
    <List.Item
      prefix={<span className={styles.rowIcon}>{ICONS.phone}</span>}
      description={t('common.hotlineHours')}
      extra={<span className={styles.hotline}>{clientEnv.serviceHotline}</span>}
      arrow
    >
      <a className={styles.rowTarget} href={`tel:${clientEnv.serviceHotline.replace(/-/g, '')}`}>
        {t('common.hotline')}
      </a>
    </List.Item>
  );
}
