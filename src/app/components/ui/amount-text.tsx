import { formatYuan } from '#shared/money.ts';
import styles from './ui.module.css';

/** An amount given in fen, shown as ¥0.00; `strong` for the figure a screen is about (premium, balance). */
export function AmountText({ fen, strong }: { fen: number; strong?: boolean }) {
  return <span className={strong ? `${styles.amount} ${styles.amountStrong}` : styles.amount}>{formatYuan(fen)}</span>;
}
