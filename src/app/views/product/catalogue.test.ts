import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPE_CODES } from '#shared/catalogue.ts';
import { planFromFen, PRODUCT_TYPES } from './catalogue.ts';

describe('catalogue helpers of the views', () => {
  it('offers exactly the product type codes of the contract', () => {
    expect(PRODUCT_TYPES.map((p) => p.code)).toEqual([...PRODUCT_TYPE_CODES]);
  });

  it('prices a plan from its cheapest row', () => {
    const premiums = {
      basis: 'age' as const,
      rows: [
        { planCode: 'basic', minAge: 18, maxAge: 40, termDays: 365, premiumFen: 6900 },
        { planCode: 'basic', minAge: 41, maxAge: 60, termDays: 365, premiumFen: 8900 },
        { planCode: 'premium', minAge: 18, maxAge: 60, termDays: 365, premiumFen: 25900 },
      ],
    };
    expect(planFromFen({ premiums }, 'basic')).toBe(6900);
    expect(planFromFen({ premiums }, 'premium')).toBe(25900);
    expect(planFromFen({ premiums }, 'none')).toBeNull();
  });
});
