import type { ReactNode } from 'react';
import styles from './ui.module.css';

/** The grey canvas every view draws on, inside the shell's layout (which owns the title bar). */
export function ViewPage({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={className ? `${styles.page} ${className}` : styles.page}>{children}</div>;
}
