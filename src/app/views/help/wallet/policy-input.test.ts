import { describe, expect, it } from 'vitest';
import type { AddedPolicy } from '#shared/added-policies.ts';
import { toFormValues, toPolicyInput } from './policy-input.ts';

const saved: AddedPolicy = {
  id: 7,
  insurer: '某某人寿',
  productName: '百万医疗',
  category: 'medical',
  insured: [],
  covers: [
    { name: '一般医疗', sumInsuredFen: 300_000_000 },
    { name: '重疾医疗', sumInsuredFen: 600_000_000 },
    { name: '门诊', sumInsuredFen: 1_000_000 },
  ],
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  premiumFen: 35_000,
  paymentFrequency: 'single',
  nextDueDate: null,
  policyNo: 'P-1',
  state: 'active',
  daysLeft: 35,
  files: [],
  updatedAt: '2026-11-27T00:00:00.000Z',
};

describe('editing a policy held elsewhere', () => {
  it('changes the first cover line and keeps the others it was saved with', () => {
    const values = { ...toFormValues(saved), coverName: '住院医疗', sumInsured: '4000000' };
    expect(toPolicyInput(values, saved).covers).toEqual([
      { name: '住院医疗', sumInsuredFen: 400_000_000 },
      { name: '重疾医疗', sumInsuredFen: 600_000_000 },
      { name: '门诊', sumInsuredFen: 1_000_000 },
    ]);
  });

  it('sends one cover line for a new policy', () => {
    expect(toPolicyInput({ coverName: '意外身故', sumInsured: '500000' }).covers).toEqual([
      { name: '意外身故', sumInsuredFen: 50_000_000 },
    ]);
  });

  it('sends a premium of 0 (free or paid by an employer) as 0, and what is not an amount as none', () => {
    expect(toPolicyInput({ premium: '0' }).premiumFen).toBe(0);
    expect(toPolicyInput({ premium: '¥0.00' }).premiumFen).toBe(0);
    expect(toPolicyInput({ premium: '360' }).premiumFen).toBe(36_000);
    expect(toPolicyInput({ premium: 'abc' }).premiumFen).toBeNaN();
    expect(toPolicyInput({ sumInsured: '0' }).covers[0].sumInsuredFen).toBeNaN();
  });
});
