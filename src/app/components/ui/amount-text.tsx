import { formatYuan } from '#shared/money.ts';
import styles from './ui.module.css';

/**
 * An amount given in fen, shown as ¥0.00; `strong` for the figure a screen is about (premium,
 * balance), `keyFigure` for one 长辈版 draws larger than the text around it (premium, cover).
 */
export function AmountText({ fen, strong, keyFigure }: { fen: number; strong?: boolean; keyFigure?: boolean }) {
  return (
    <span
      className={strong ? `${styles.amount} ${styles.amountStrong}` : styles.amount}
      data-key-figure={strong || keyFigure ? '' : undefined}
    >
      {formatYuan(fen)}
    </span>
  );
}
