import type { ReactNode } from 'react';
import styles from './ui.module.css';

interface BottomBarProps {
  /** Left part: a price, a summary or a secondary action. */
  main?: ReactNode;
  /** Right part: the primary action. */
  children: ReactNode;
}

/**
 * A fixed action bar above the home indicator (env(safe-area-inset-bottom)), with a spacer so
 * the last content is never hidden under it.
 */
export function BottomBar({ main, children }: BottomBarProps) {
  return (
    <>
      <div className={styles.bottomSpacer} aria-hidden="true" />
      <div className={styles.bottomBar}>
        {main !== undefined && <div className={styles.bottomBarMain}>{main}</div>}
        {children}
      </div>
    </>
  );
}
