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

/**
 * Yuan as a person types them ("1,234.5", "¥80", "80.") to integer fen, without floating point:
 * null when it is not an amount above 0 (or, with `zero`, of 0 or more: a free or employer-paid
 * premium) with at most two decimals and nine digits of yuan. The one parser of amounts typed into
 * the screens.
 */
export function yuanToFen(text: string, { zero = false }: { zero?: boolean } = {}): number | null {
  const clean = text
    .trim()
    .replace(/[,，\s]/g, '')
    .replace(/^[¥￥]/, '');
  const m = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(clean);
  if (!m) return null;
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return fen > 0 || (zero && fen === 0) ? fen : null;
}
