import { describe, expect, it } from 'vitest';
import type { Plan, PremiumTable } from '#shared/catalogue.ts';
import { categoryOf } from './categories.ts';

/** The category mapping of docs/decisions/family-cover-check-up.md. */

const age: PremiumTable = {
  basis: 'age',
  rows: [{ planCode: 'a', minAge: 0, maxAge: 80, termDays: 365, premiumFen: 100 }],
};
const occupation: PremiumTable = {
  basis: 'occupation',
  rows: [{ planCode: 'a', minClass: 1, maxClass: 6, termDays: 365, premiumFen: 100 }],
};
const plans = (...icons: Plan['coverages'][number]['icon'][]): Plan[] => [
  {
    code: 'a',
    name: '方案',
    coverages: icons.map((icon) => ({ name: icon, sumInsuredFen: 100, description: '', icon })),
  },
];

describe('categoryOf', () => {
  it('takes the product type when it is one of the four, whatever the version holds', () => {
    expect(categoryOf('accident', { plans: plans('hospital'), premiums: age })).toBe('accident');
    expect(categoryOf('travel', { plans: plans('death'), premiums: age })).toBe('travel');
    expect(categoryOf('team', { plans: plans('hospital'), premiums: occupation })).toBe('team');
  });

  it('judges another type by the version: team pricing, then medical, travel and accident coverages', () => {
    expect(categoryOf('liability', { plans: plans('hospital'), premiums: occupation })).toBe('team');
    expect(categoryOf('health', { plans: plans('death', 'critical-illness'), premiums: age })).toBe('medical');
    expect(categoryOf('trip', { plans: plans('death', 'delay'), premiums: age })).toBe('travel');
    expect(categoryOf('life', { plans: plans('death'), premiums: age })).toBe('accident');
    expect(categoryOf('legal', { plans: plans('legal', 'liability'), premiums: age })).toBeNull();
  });
});
