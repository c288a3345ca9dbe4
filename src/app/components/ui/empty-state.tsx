import type { ReactNode } from 'react';
import styles from './ui.module.css';

interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** Usually a Button that leads somewhere useful, so an empty screen is never a dead end. */
  children?: ReactNode;
}

/** An empty tray, drawn here: antd-mobile's ErrorBlock carries ~10 KB of pictures we do not need. */
function EmptyPicture() {
  return (
    <svg className={styles.emptyPicture} viewBox="0 0 120 80" aria-hidden="true">
      <ellipse cx="60" cy="70" rx="46" ry="6" fill="#f0f2f5" />
      <path d="M24 38l12-20h48l12 20v24a4 4 0 01-4 4H28a4 4 0 01-4-4z" fill="#fff" stroke="#d5d9e0" strokeWidth="2" />
      <path d="M24 38h22a14 6 0 0028 0h22" fill="none" stroke="#d5d9e0" strokeWidth="2" />
      <path d="M48 28h24M52 22h16" stroke="#e3e6eb" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** What a list or screen shows when there is nothing yet: says so plainly and offers a next step. */
export function EmptyState({ title, description, children }: EmptyStateProps) {
  return (
    <div className={styles.empty} role="status">
      <EmptyPicture />
      <p className={styles.emptyTitle}>{title}</p>
      {description && <p className={styles.emptyText}>{description}</p>}
      {children && <div className={styles.emptyAction}>{children}</div>}
    </div>
  );
}
