import { describe, expect, it } from 'vitest';
import { entriesIn, periodRange } from './ledger.ts';

describe('income periods', () => {
  it('bounds this month, last month and the last three months', () => {
    expect(periodRange('month', '2026-03-15')).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(periodRange('lastMonth', '2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('quarter', '2026-03-15')).toEqual({ from: '2026-01-01', to: '2026-03-15' });
    expect(periodRange('lastMonth', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(periodRange('all', '2026-01-10')).toEqual({ from: null, to: null });
  });

  it('keeps the entries inside the range', () => {
    const e = (id: string, date: string) => ({ id, date, productName: 'p', orderNo: id, amountFen: 100 });
    const entries = [e('a', '2026-01-31'), e('b', '2026-02-01'), e('c', '2026-02-28'), e('d', '2026-03-01')];
    expect(entriesIn(entries, periodRange('lastMonth', '2026-03-15')).map((x) => x.id)).toEqual(['b', 'c']);
  });
});
