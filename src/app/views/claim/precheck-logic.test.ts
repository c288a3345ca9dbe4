import { describe, expect, it } from 'vitest';
import { clockBadge, estimateText, reasonValues, reportLink, reportPrefill } from './precheck-logic.ts';

const t = (key: string, params?: Record<string, string | number>) => `${key}${params ? JSON.stringify(params) : ''}`;

describe('pre-check texts', () => {
  it('shows money parameters in yuan and the claim type by its name', () => {
    expect(
      reasonValues(
        { coverage: '一般医疗保险金', limitFen: 300_000_000, deductibleFen: 1_000_000, type: 'hospital', days: 30 },
        (type) => `<${type}>`,
      ),
    ).toEqual({
      coverage: '一般医疗保险金',
      limitFen: 300_000_000,
      limit: '¥3,000,000.00',
      deductibleFen: 1_000_000,
      deductible: '¥10,000.00',
      type: '<hospital>',
      days: 30,
    });
    expect(reasonValues({ type: 'flood' }, () => 'x')).toEqual({ type: 'flood' });
  });

  it('writes one amount, or the range when social insurance is unknown', () => {
    expect(estimateText({ minFen: 2_000_000, maxFen: 2_000_000 })).toBe('¥20,000.00');
    expect(estimateText({ minFen: 3_000_000, maxFen: 5_000_000 })).toBe('¥30,000.00 – ¥50,000.00');
  });
});

describe('继续报案', () => {
  const policy = { insured: [{ id: 7 }, { id: 8 }], startDate: '2026-03-01' };

  it('carries what was asked into the report form, which takes it back', () => {
    const link = reportLink({
      policyId: 3,
      insuredId: 8,
      type: 'accident_medical',
      incidentDate: '2026-03-10',
      amountFen: 1_500_050,
      socialInsurance: 'yes',
    });
    expect(link).toBe(
      '/claim/index?policyId=3&insuredId=8&type=accident_medical&incidentDate=2026-03-10&amountFen=1500050',
    );
    const params = new URLSearchParams(link.split('?')[1]);
    expect(reportPrefill(params, policy, '2026-03-20')).toEqual({
      insuredId: 8,
      type: 'accident_medical',
      incidentDate: '2026-03-10',
      amount: '15000.50',
    });
    expect(
      reportLink({
        policyId: 3,
        insuredId: 7,
        type: 'hospital',
        incidentDate: '2026-03-10',
        socialInsurance: 'unknown',
      }),
    ).not.toContain('amountFen');
  });

  it('ignores what the form could not have chosen: another person, an unknown type, a date outside its range, a bad amount', () => {
    const params = new URLSearchParams({ insuredId: '99', type: 'flood', incidentDate: '2026-02-28', amountFen: '-5' });
    expect(reportPrefill(params, policy, '2026-03-20')).toEqual({});
    expect(reportPrefill(new URLSearchParams({ incidentDate: '2026-03-21' }), policy, '2026-03-20')).toEqual({});
    expect(
      reportPrefill(new URLSearchParams({ incidentDate: '2026-02-30', amountFen: '1.5' }), policy, '2026-03-20'),
    ).toEqual({});
  });
});

describe('clock badge', () => {
  it('counts the days left, says due today, then how long past, coloured from 5 days before', () => {
    expect(clockBadge({ kind: 'decision', dueOn: '2026-06-01', daysLeft: 12, urgency: 'ok' }, t)).toEqual({
      text: 'claim.clock.daysLeft{"n":12}',
      color: 'default',
    });
    expect(clockBadge({ kind: 'decision', dueOn: '2026-06-01', daysLeft: 5, urgency: 'due_soon' }, t)).toEqual({
      text: 'claim.clock.daysLeft{"n":5}',
      color: 'warning',
    });
    expect(clockBadge({ kind: 'payment', dueOn: '2026-06-01', daysLeft: 0, urgency: 'due_soon' }, t)).toEqual({
      text: 'claim.clock.dueToday',
      color: 'warning',
    });
    expect(clockBadge({ kind: 'payment', dueOn: '2026-06-01', daysLeft: -3, urgency: 'overdue' }, t)).toEqual({
      text: 'claim.clock.overdue{"n":3}',
      color: 'danger',
    });
  });
});
