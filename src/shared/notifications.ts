import { z } from 'zod';

/**
 * WeChat notifications (docs/decisions/wechat-notification-choice.md): the kinds a member may choose to
 * receive through the official account, and the `members/me/notifications` contract.
 */
export const NOTIFICATION_KINDS = ['payment', 'policy', 'claim', 'refund', 'reminder'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** `GET`/`PUT members/me/notifications`: the chosen kinds, and whether they can be delivered at all. */
export const NotificationSettingsSchema = z.object({
  /** The kinds the member receives in WeChat, in the order of NOTIFICATION_KINDS. Empty: nothing is sent. */
  kinds: z.array(z.enum(NOTIFICATION_KINDS)),
  /**
   * Whether the member has signed in through the official account (web OAuth), which gives the
   * openid notifications are addressed to. Without it the choice is kept but nothing can be sent.
   */
  wechatBound: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const NotificationSettingsUpdateSchema = z.object({
  kinds: z
    .array(z.enum(NOTIFICATION_KINDS, { message: 'notification.kindInvalid' }))
    .max(NOTIFICATION_KINDS.length)
    .refine((kinds) => new Set(kinds).size === kinds.length, 'notification.kindRepeated'),
});
