import { useLayoutEffect, useRef, type ReactNode } from 'react';
import styles from './ui.module.css';

interface BottomBarProps {
  /** Left part: a price, a summary or a secondary action. */
  main?: ReactNode;
  /** Right part: the primary action. */
  children: ReactNode;
}

/**
 * A fixed action bar above the home indicator (env(safe-area-inset-bottom)), with a spacer so
 * the last content is never hidden under it. The spacer follows the bar's own height, which grows
 * with large text and 长辈版 (docs/accessibility.md).
 */
export function BottomBar({ main, children }: BottomBarProps) {
  const bar = useRef<HTMLDivElement>(null);
  const spacer = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = bar.current;
    if (!el || typeof ResizeObserver !== 'function') return undefined;
    const fit = () => {
      if (spacer.current) spacer.current.style.height = `${el.offsetHeight}px`;
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <div ref={spacer} className={styles.bottomSpacer} aria-hidden="true" />
      <div ref={bar} className={styles.bottomBar}>
        {main !== undefined && <div className={styles.bottomBarMain}>{main}</div>}
        {children}
      </div>
    </>
  );
}
