import { ErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';
import styles from './ui.module.css';

interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** Usually a Button that leads somewhere useful, so an empty screen is never a dead end. */
  children?: ReactNode;
}

/** What a list or screen shows when there is nothing yet: says so plainly and offers a next step. */
export function EmptyState({ title, description, children }: EmptyStateProps) {
  return (
    <div className={styles.empty} role="status">
      <ErrorBlock status="empty" title={title} description={description ?? ''}>
        {children && <div className={styles.emptyAction}>{children}</div>}
      </ErrorBlock>
    </div>
  );
}
