import type { ReactNode } from 'react';
import styles from './ui.module.css';

export interface Entry {
  key: string;
  label: string;
  icon: ReactNode;
  /** Icon tile colours: a soft background and the glyph colour. */
  tone: { bg: string; fg: string };
  onClick: () => void;
}

/** Four-column tiles of icon + label: categories, services, shortcuts. Each tile is a real button. */
export function EntryGrid({ entries }: { entries: Entry[] }) {
  return (
    <div className={styles.grid}>
      {entries.map((e) => (
        <button key={e.key} type="button" className={styles.gridItem} onClick={e.onClick}>
          <span className={styles.gridIcon} style={{ background: e.tone.bg, color: e.tone.fg }} aria-hidden="true">
            {e.icon}
          </span>
          <span className={styles.gridLabel}>{e.label}</span>
        </button>
      ))}
    </div>
  );
}
