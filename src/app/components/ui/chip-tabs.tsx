import type { ReactNode } from 'react';
import styles from './chip-tabs.module.css';

export interface ChipTab<K extends string> {
  key: K;
  title: ReactNode;
}

/**
 * A row of choices that filter what follows (a section, a period, a claim type), in place of
 * antd-mobile's CapsuleTabs, whose tabs are plain `div`s: neither focusable nor announced, in a
 * row that scrolled sideways. Here each is a button that says whether it is pressed, and the row
 * wraps instead of scrolling, so a large text or 长辈版 hides none (docs/accessibility.md).
 */
export function ChipTabs<K extends string>({
  label,
  tabs,
  active,
  onChange,
}: {
  /** Names the group for a screen reader. */
  label: string;
  tabs: readonly ChipTab<K>[];
  active: K;
  onChange: (key: K) => void;
}) {
  return (
    <div className={styles.chips} role="group" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          className={styles.chip}
          aria-pressed={tab.key === active}
          onClick={() => tab.key !== active && onChange(tab.key)}
        >
          {tab.title}
        </button>
      ))}
    </div>
  );
}
