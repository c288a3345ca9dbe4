import { addMonths, beijingDay, firstDayOf, lastDayOf } from '#shared/beijing-time.ts';
import type { LedgerEntry as ApiLedgerEntry } from '#shared/finance.ts';
import { getFinanceSummary, getLedger } from '../../api/finance.ts';
import { useRemote } from '../../components/ui/use-remote.ts';

/** One income entry: commission earned (positive) or reversed on a surrender (negative). Amounts in fen. */
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
  pendingFen: number;
  minWithdrawalFen: number;
  loading: boolean;
  reload: () => Promise<void>;
}

/** The partner's balance and income at a glance, from the server (GET finance/summary). */
export function useLedger(): Ledger {
  const remote = useRemote(getFinanceSummary, []);
  const s = remote.data;
  return {
    balanceFen: s?.balanceFen ?? 0,
    monthFen: s?.monthIncomeFen ?? 0,
    totalFen: s?.totalIncomeFen ?? 0,
    pendingFen: s?.pendingWithdrawalFen ?? 0,
    minWithdrawalFen: s?.minWithdrawalFen ?? 10_000,
    loading: remote.loading,
    reload: remote.reload,
  };
}

/** Income entries only (commission and its reversals), as rows of the income table. */
export function incomeEntries(list: ApiLedgerEntry[]): LedgerEntry[] {
  return list
    .filter((e) => e.kind === 'commission' || e.kind === 'reversal')
    .map((e) => ({
      id: String(e.id),
      date: beijingDay(e.createdAt),
      productName: e.productName ?? e.note,
      orderNo: e.orderNo ?? '',
      amountFen: e.amountFen,
    }));
}

/** The month a single-month period asks the server for; wider periods are filtered here. */
export function periodMonth(period: Period, today: string): string | undefined {
  if (period === 'month') return today.slice(0, 7);
  if (period === 'lastMonth') return periodRange('lastMonth', today).from!.slice(0, 7);
  return undefined;
}

/** Income of a period: the server's ledger (by month when the period is one month), filtered to the range. */
export function useIncome(period: Period, today: string) {
  const month = periodMonth(period, today);
  const remote = useRemote(() => getLedger({ month }), [month]);
  return {
    entries: entriesIn(incomeEntries(remote.data?.list ?? []), periodRange(period, today)),
    loading: remote.loading,
  };
}

export const PERIODS = ['month', 'lastMonth', 'quarter', 'all'] as const;
export type Period = (typeof PERIODS)[number];

/** First and last day (YYYY-MM-DD, inclusive) of a period as seen on `today`; null bounds are open. */
export function periodRange(period: Period, today: string): { from: string | null; to: string | null } {
  const month = today.slice(0, 7);
  switch (period) {
    case 'month':
      return { from: firstDayOf(month), to: today };
    case 'lastMonth':
      return { from: firstDayOf(addMonths(month, -1)), to: lastDayOf(addMonths(month, -1)) };
    case 'quarter':
      return { from: firstDayOf(addMonths(month, -2)), to: today };
    case 'all':
      return { from: null, to: null };
  }
}

export function entriesIn(entries: LedgerEntry[], range: { from: string | null; to: string | null }): LedgerEntry[] {
  return entries.filter(
    (e) => (range.from === null || e.date >= range.from) && (range.to === null || e.date <= range.to),
  );
}
