import type { ReactNode } from 'react';
import styles from './ui.module.css';

/** A small grey note under a section: rules, limits, what happens next. */
export function Hint({ children }: { children: ReactNode }) {
  return <p className={styles.hint}>{children}</p>;
}
