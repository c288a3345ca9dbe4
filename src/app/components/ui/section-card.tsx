import type { ReactNode } from 'react';
import styles from './ui.module.css';

interface SectionCardProps {
  title?: ReactNode;
  extra?: ReactNode;
  /** Lists (antd List) draw their own padding and dividers. */
  flush?: boolean;
  children: ReactNode;
  'aria-label'?: string;
}

/** A white rounded block with an optional heading row: the unit every screen is built from. */
export function SectionCard({ title, extra, flush, children, ...rest }: SectionCardProps) {
  return (
    <section className={styles.section} aria-label={rest['aria-label']}>
      {(title || extra) && (
        <header className={styles.sectionHead}>
          {title ? <h2 className={styles.sectionTitle}>{title}</h2> : <span />}
          {extra && <div className={styles.sectionExtra}>{extra}</div>}
        </header>
      )}
      <div className={flush ? styles.sectionBodyFlush : title || extra ? styles.sectionBody : styles.sectionBodyAlone}>
        {children}
      </div>
    </section>
  );
}
