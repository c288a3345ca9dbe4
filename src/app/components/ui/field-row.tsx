import type { ReactNode } from 'react';
import styles from './ui.module.css';

/**
 * One "label … value" line of a summary (order, policy, account); `keyFigure` marks a value 长辈版
 * draws larger (a policy's dates).
 */
export function FieldRow({
  label,
  children,
  keyFigure,
}: {
  label: ReactNode;
  children: ReactNode;
  keyFigure?: boolean;
}) {
  return (
    <div className={styles.fieldRow}>
      <span className={styles.fieldLabel}>{label}</span>
      <span className={styles.fieldValue} data-key-figure={keyFigure ? '' : undefined}>
        {children}
      </span>
    </div>
  );
}
