import type { PolicyStatus } from '#shared/orders.ts';
import type { PolicyQueryStatus } from '#shared/policies.ts';
import type { MessageKey } from '../../i18n/index.ts';

/**
 * The tabs of 保单查询 and what each asks `order/policyInfo` for: 全部 (no status), 待支付 (orders
 * still to be paid, `status=unpaid`), then the four policy states. `?status=` keeps the tab.
 */
export const POLICY_TABS = [
  { key: 'all', label: 'policy.status.all' },
  { key: 'unpaid', label: 'policy.status.unpaid' },
  { key: 'pending', label: 'policy.status.pending' },
  { key: 'active', label: 'policy.status.active' },
  { key: 'expired', label: 'policy.status.expired' },
  { key: 'surrendered', label: 'policy.status.surrendered' },
] as const satisfies readonly { key: 'all' | PolicyQueryStatus; label: MessageKey }[];

export type PolicyTabKey = (typeof POLICY_TABS)[number]['key'];

/**
 * The tab an address asks for. Without a valid `?status=` it is 全部: a policy bought today starts
 * tomorrow at the earliest (待生效), so 保障中 would greet a new buyer with an empty list.
 */
export function tabOf(status: string | null): PolicyTabKey {
  return POLICY_TABS.find((t) => t.key === status)?.key ?? 'all';
}

/** The list query's `status` of a tab (全部 asks for none). */
export function queryStatusOf(tab: PolicyTabKey): PolicyQueryStatus | undefined {
  return tab === 'all' ? undefined : tab;
}

type TagColor = 'default' | 'primary' | 'success' | 'warning' | 'danger';

/** The tag of a list item or detail: its label in the user's language and a colour per state. */
export const STATUS_TAGS: Record<PolicyStatus | 'unpaid', { label: MessageKey; color: TagColor }> = {
  unpaid: { label: 'policy.status.unpaid', color: 'danger' },
  pending: { label: 'policy.status.pending', color: 'warning' },
  active: { label: 'policy.status.active', color: 'success' },
  expired: { label: 'policy.status.expired', color: 'default' },
  surrendered: { label: 'policy.status.surrendered', color: 'default' },
};

/** What the empty list says under its title: why nothing is here and what to do. */
export function emptyHintOf(tab: PolicyTabKey): MessageKey {
  switch (tab) {
    case 'all':
      return 'policy.emptyActiveHint';
    case 'unpaid':
      return 'policy.emptyUnpaidHint';
    case 'active':
      return 'policy.emptyActiveOnlyHint';
    default:
      return 'policy.emptyHint';
  }
}

/** A surrender refund's state (WeChat Pay's refund status) in words; ABNORMAL and CLOSED need a call to us. */
export function refundStatusText(status: string): MessageKey {
  if (status === 'SUCCESS') return 'policy.refundDone';
  if (status === 'PROCESSING') return 'policy.refundProcessing';
  return 'policy.refundFailed';
}
