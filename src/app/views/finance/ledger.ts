/** One commission entry: what a policy sold through my link earned me. Amounts in fen. */
export interface LedgerEntry {
  id: string;
  date: string;
  productName: string;
  orderNo: string;
  amountFen: number;
}

export interface Ledger {
  balanceFen: number;
  monthFen: number;
  totalFen: number;
  entries: LedgerEntry[];
}

/**
 * The partner's commission ledger. Commission is booked by the order service when a referred
 * policy is issued, which a later issue adds; until then every partner starts at zero.
 */
export function useLedger(): Ledger {
  return { balanceFen: 0, monthFen: 0, totalFen: 0, entries: [] };
}

export const PERIODS = ['month', 'lastMonth', 'quarter', 'all'] as const;
export type Period = (typeof PERIODS)[number];

/** First and last day (YYYY-MM-DD, inclusive) of a period as seen on `today`; null bounds are open. */
export function periodRange(period: Period, today: string): { from: string | null; to: string | null } {
  const [y, m] = today.split('-').map(Number);
  const first = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1)).toISOString().slice(0, 10);
  const last = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  switch (period) {
    case 'month': return { from: first(y, m), to: today };
    case 'lastMonth': return { from: first(y, m - 1), to: last(y, m - 1) };
    case 'quarter': return { from: first(y, m - 2), to: today };
    case 'all': return { from: null, to: null };
  }
}

export function entriesIn(entries: LedgerEntry[], range: { from: string | null; to: string | null }): LedgerEntry[] {
  return entries.filter((e) => (range.from === null || e.date >= range.from) && (range.to === null || e.date <= range.to));
}
