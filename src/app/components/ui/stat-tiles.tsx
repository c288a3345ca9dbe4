import styles from './ui.module.css';

export interface Stat {
  key: string;
  label: string;
  /** null while the figure is loading: a placeholder, never a 0 that is not true. */
  value: string | number | null;
  onClick?: () => void;
}

/** A row of figures with labels (counts, balances); a tile with onClick leads to its list. */
export function StatTiles({ stats }: { stats: Stat[] }) {
  return (
    <div className={styles.stats} style={{ gridTemplateColumns: `repeat(${stats.length}, minmax(0, 1fr))` }}>
      {stats.map((s) => {
        const body = (
          <>
            {s.value === null ? (
              <span className={`${styles.statValue} ${styles.statPending}`} aria-busy="true">
                —
              </span>
            ) : (
              <span className={styles.statValue}>{s.value}</span>
            )}
            <span className={styles.statLabel}>{s.label}</span>
          </>
        );
        return s.onClick ? (
          <button key={s.key} type="button" className={styles.stat} onClick={s.onClick}>
            {body}
          </button>
        ) : (
          <div key={s.key} className={styles.stat}>
            {body}
          </div>
        );
      })}
    </div>
  );
}
