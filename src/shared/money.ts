/**
 * Money travels and is stored as integer fen; people read yuan: `¥1,234.50`, two decimals, thousands
 * separated, and the sign before the currency (`-¥1.00`, as a red-letter invoice or a reversal shows
 * it). The one formatter of the screens, messages and PDFs; imports nothing, so the H5 loads it
 * without zod.
 */
export function formatYuan(fen: number): string {
  const whole = Math.round(fen);
  const abs = Math.abs(whole);
  const yuan = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole < 0 ? '-' : ''}¥${yuan}.${String(abs % 100).padStart(2, '0')}`;
}
