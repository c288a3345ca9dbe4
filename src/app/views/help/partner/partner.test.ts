import { describe, expect, it } from 'vitest';
import type { Partner } from '#shared/partners.ts';
import { relationOf } from './index.tsx';

const row = (over: Partial<Partner>): Partner => ({
  id: 20,
  name: '二号',
  mobile: null,
  status: 'active',
  statusText: '',
  relation: null,
  relationText: null,
  recommenderId: null,
  recommenderName: null,
  relatedSince: null,
  remark: null,
  orders: { total: 0, unpaid: 0, paid: 0 },
  createdAt: '',
  ...over,
});

describe('which relation a partner row removes (partner/canre/{a}/{b})', () => {
  it("channel staff remove the row's recommendation, recommender first; none without a recommender", () => {
    expect(relationOf(row({ recommenderId: 10 }), { channel: true, memberId: 1 })).toEqual({ a: 10, b: 20 });
    expect(relationOf(row({}), { channel: true, memberId: 1 })).toBeNull();
  });

  it('a partner always names themself first, for those they recommended and for their recommender', () => {
    expect(relationOf(row({ relation: 'downline', recommenderId: 5 }), { channel: false, memberId: 5 })).toEqual({
      a: 5,
      b: 20,
    });
    expect(relationOf(row({ relation: 'upline' }), { channel: false, memberId: 5 })).toEqual({ a: 5, b: 20 });
  });
});
