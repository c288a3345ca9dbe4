import type { ReactNode } from 'react';
import styles from './ui.module.css';

/** One "label … value" line of a summary (order, policy, account). */
export function FieldRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.fieldRow}>
      <span className={styles.fieldLabel}>{label}</span>
      <span className={styles.fieldValue}>{children}</span>
    </div>
  );
}
