import { describe, expect, it } from 'vitest';
import { POLICY_STATUSES } from '#shared/orders.ts';
import { POLICY_QUERY_STATUSES } from '#shared/policies.ts';
import { translate } from '../../i18n/index.ts';
import '../testing.tsx';
import { emptyHintOf, POLICY_TABS, queryStatusOf, refundStatusText, STATUS_TAGS, tabOf } from './policy-status.ts';

describe('policy tabs', () => {
  it('offers every state the server can filter by, and 全部', () => {
    expect(POLICY_TABS.map((t) => t.key)).toEqual([
      'all',
      ...[...POLICY_QUERY_STATUSES].sort((a, b) => order(a) - order(b)),
    ]);
    expect(POLICY_TABS.map((t) => translate('zh-cn', t.label))).toEqual([
      '全部',
      '待支付',
      '待生效',
      '保障中',
      '已过期',
      '已退保',
    ]);
  });

  it('reads the tab from ?status= and falls back to 全部 for none or an unknown one', () => {
    expect(tabOf('active')).toBe('active');
    expect(tabOf('surrendered')).toBe('surrendered');
    expect(tabOf('unpaid')).toBe('unpaid');
    expect(tabOf(null)).toBe('all');
    expect(tabOf('paid')).toBe('all');
    expect(tabOf('')).toBe('all');
  });

  it("asks the server for no status in 全部 and for the tab's own otherwise", () => {
    expect(queryStatusOf('all')).toBeUndefined();
    for (const s of POLICY_QUERY_STATUSES) expect(queryStatusOf(s)).toBe(s);
  });

  it('tags every state the server answers with its own label, in both languages', () => {
    for (const s of [...POLICY_STATUSES, 'unpaid'] as const) {
      expect(translate('zh-cn', STATUS_TAGS[s].label)).not.toBe(STATUS_TAGS[s].label);
      expect(translate('pl', STATUS_TAGS[s].label)).not.toBe(translate('zh-cn', STATUS_TAGS[s].label));
    }
    expect(translate('zh-cn', STATUS_TAGS.active.label)).toBe('保障中');
    expect(STATUS_TAGS.active.color).toBe('success');
    expect(STATUS_TAGS.unpaid.color).toBe('danger');
  });

  it('tells a member with no 保障中 policy to look at 待生效', () => {
    expect(translate('zh-cn', emptyHintOf('active'))).toContain('待生效');
    expect(emptyHintOf('unpaid')).not.toBe(emptyHintOf('expired'));
  });
});

function order(key: string): number {
  return ['unpaid', 'pending', 'active', 'expired', 'surrendered'].indexOf(key);
}

describe('refund status', () => {
  it('says the money is back, on its way, or that the member should call', () => {
    expect(refundStatusText('SUCCESS')).toBe('policy.refundDone');
    expect(refundStatusText('PROCESSING')).toBe('policy.refundProcessing');
    expect(refundStatusText('ABNORMAL')).toBe('policy.refundFailed');
    expect(refundStatusText('CLOSED')).toBe('policy.refundFailed');
  });
});
