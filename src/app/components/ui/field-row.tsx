import type { ReactNode } from 'react';
import { Unbroken } from './unbroken.tsx';
import styles from './ui.module.css';

/**
 * One "label … value" line of a summary (order, policy, account); `keyFigure` marks a value 长辈版
 * draws larger (a policy's dates). Dates and ID numbers in a text value keep one line.
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
        {typeof children === 'string' ? <Unbroken text={children} /> : children}
      </span>
    </div>
  );
}
