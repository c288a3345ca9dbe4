import type { NotificationKind } from '#shared/notifications.ts';
import type { MessageTemplate } from './templates.ts';

/**
 * Template keys added by the reminders (3 days before the cooling-off period ends, 30 and 7 days
 * before a renewable policy ends): listed here so their messages reach WeChat as soon as they exist.
 */
type ReminderTemplate = 'cooling_off_ending' | 'renewal_due';

/**
 * Which WeChat notification kinds an in-app message belongs to (docs/decisions/wechat-notification-choice.md).
 * A member receives it when they chose any of them; it is sent with the template of the first one they
 * chose. `order.submitted` is not notified: the member is paying in the H5 at that moment.
 * Every template must be listed, so a new one cannot be forgotten.
 */
const KINDS_OF_TEMPLATE: Record<MessageTemplate | ReminderTemplate, readonly NotificationKind[]> = {
  'order.submitted': [],
  // Payment and policy issue happen in one transaction and one message: it is both.
  'order.paid': ['payment', 'policy'],
  'policy.surrendered': ['policy'],
  'policy.cancelledBeforeStart': ['policy'],
  'refund.succeeded': ['refund'],
  'refund.failed': ['refund'],
  'claim.reported': ['claim'],
  'claim.resubmitted': ['claim'],
  'claim.reviewing': ['claim'],
  'claim.supplement': ['claim'],
  'claim.closed': ['claim'],
  'claim.rejected': ['claim'],
  'claim.paid': ['claim'],
  cooling_off_ending: ['reminder'],
  renewal_due: ['reminder'],
  // 保单托管: an added policy's end of cover and its next premium.
  added_renewal_due: ['reminder'],
  added_premium_due: ['reminder'],
};

export function notificationKindsOf(template: string): readonly NotificationKind[] {
  return Object.hasOwn(KINDS_OF_TEMPLATE, template)
    ? KINDS_OF_TEMPLATE[template as keyof typeof KINDS_OF_TEMPLATE]
    : [];
}

/** The kind a message is sent as for a member who chose `chosen`; null when they chose none of its kinds. */
export function kindFor(template: string, chosen: readonly string[]): NotificationKind | null {
  return notificationKindsOf(template).find((kind) => chosen.includes(kind)) ?? null;
}
