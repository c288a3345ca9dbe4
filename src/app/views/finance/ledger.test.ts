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

describe('income from the server ledger', () => {
  it('keeps commission and reversals, dated in Beijing, and asks the server for one month when the period is one', async () => {
    const { incomeEntries, periodMonth } = await import('./ledger.ts');
    const base = {
      note: '',
      premiumFen: 10_000,
      rateBp: 1000,
      templateVersion: 1,
      productName: '百万医疗险',
      orderNo: 'O1',
    };
    const rows = incomeEntries([
      {
        ...base,
        id: 1,
        kind: 'commission',
        kindText: '佣金收入',
        amountFen: 1000,
        createdAt: '2026-10-31T16:30:00.000Z',
      },
      {
        ...base,
        id: 2,
        kind: 'reversal',
        kindText: '退保冲回',
        amountFen: -1000,
        createdAt: '2026-11-02T01:00:00.000Z',
      },
      {
        ...base,
        id: 3,
        kind: 'withdrawal',
        kindText: '提现',
        amountFen: -10_000,
        createdAt: '2026-11-03T01:00:00.000Z',
        productName: null,
        orderNo: null,
      },
    ]);
    expect(rows).toEqual([
      { id: '1', date: '2026-11-01', productName: '百万医疗险', orderNo: 'O1', amountFen: 1000 },
      { id: '2', date: '2026-11-02', productName: '百万医疗险', orderNo: 'O1', amountFen: -1000 },
    ]);
    expect(periodMonth('month', '2026-01-10')).toBe('2026-01');
    expect(periodMonth('lastMonth', '2026-01-10')).toBe('2025-12');
    expect(periodMonth('quarter', '2026-01-10')).toBeUndefined();
  });
});
