import { List } from 'antd-mobile';
import { useT } from '../../i18n/index.ts';
import { ICONS } from './icons.tsx';
import styles from './ui.module.css';

/**
 * The customer-service line. Set VITE_SERVICE_HOTLINE at build time for a real deployment; the
 * default is the demo line of the embedded set-up.
 */
export const SERVICE_HOTLINE: string = import.meta.env.VITE_SERVICE_HOTLINE || '400-000-0000';

/** A list row that dials the hotline (tel: link works in the WeChat browser). */
export function HotlineItem() {
  const t = useT();
  return (
    <List.Item
      prefix={<span className={styles.rowIcon}>{ICONS.phone}</span>}
      description={t('common.hotlineHours')}
      extra={<span className={styles.hotline}>{SERVICE_HOTLINE}</span>}
      onClick={() => { window.location.href = `tel:${SERVICE_HOTLINE.replace(/-/g, '')}`; }}
      clickable
    >
      {t('common.hotline')}
    </List.Item>
  );
}
