import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPE_CODES } from '#shared/catalogue.ts';
import { isProductTypeCode, PRODUCT_TYPES } from './product-types.ts';

describe('the product categories of the home grid and the product tabs', () => {
  it('offers exactly the product type codes of the contract', () => {
    expect(PRODUCT_TYPES.map((p) => p.code)).toEqual([...PRODUCT_TYPE_CODES]);
  });

  it('takes only those codes from the address', () => {
    expect(isProductTypeCode('travel')).toBe(true);
    expect(isProductTypeCode('cars')).toBe(false);
    expect(isProductTypeCode(null)).toBe(false);
  });
});
