import { describe, expect, it } from 'vitest';
import { byType, percentToBp } from './index.tsx';

describe('bonus templates', () => {
  it('reads a percent into basis points, refusing anything else', () => {
    expect(['15', '12.5', '0.01', '50', '50.01', '100', 'x'].map(percentToBp)).toEqual([
      1500,
      1250,
      1,
      5000,
      null,
      null,
      null,
    ]);
  });

  it('groups the versions by product type, newest first', () => {
    const t = (id: number, productTypeId: number, version: number) => ({
      id,
      productTypeId,
      productTypeCode: `t${productTypeId}`,
      productTypeName: `T${productTypeId}`,
      version,
      rateBp: 100,
      name: '',
      effectiveFrom: '',
      current: false,
      createdAt: '',
    });
    expect(
      byType([t(1, 1, 1), t(2, 2, 1), t(3, 1, 2)]).map((g) => [g.productTypeId, g.versions.map((v) => v.version)]),
    ).toEqual([
      [1, [2, 1]],
      [2, [1]],
    ]);
  });
});
