import { describe, expect, it } from 'vitest';
import { planFromFen } from './plan-from.ts';

describe('the "from" price of a plan', () => {
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
