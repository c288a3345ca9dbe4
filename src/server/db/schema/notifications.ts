import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Language } from '#shared/constants.ts';
import type { NotificationKind } from '#shared/notifications.ts';
import { timestampNow } from './columns.ts';
import { members } from './members.ts';
import { messages } from './orders.ts';

/*
 * WeChat notifications (docs/decisions/wechat-notification-choice.md): what each member chose to receive,
 * and the outbox the sweep job delivers from.
 */

/** A member's choice: the kinds they receive in WeChat. No row, or an empty list, means none. */
export const notificationPreferences = pgTable('notification_preferences', {
  memberId: integer()
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  kinds: text()
    .array()
    .$type<NotificationKind[]>()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The language the member used when choosing: the notifications are written in it. */
  language: text().$type<Language>().notNull().default('zh-cn'),
  updatedAt: timestampNow(),
});

/**
 * One WeChat notification to deliver, written in the transaction that wrote its in-app message.
 * `pending` → `sending` (claimed by one delivery run, until `claimedUntil`) → `sent` or, after the
 * last attempt or a refusal that cannot change, `failed`; `cancelled` when the member switched the
 * kind off before it went out.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    messageId: integer()
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    kind: text().$type<NotificationKind>().notNull(),
    status: text({ enum: ['pending', 'sending', 'sent', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestampNow(),
    claimedUntil: timestamp({ withTimezone: true }),
    /** WeChat's msgid once accepted; the errcode/reason of the last failure otherwise. */
    msgid: text(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestampNow(),
  },
  (t) => [
    uniqueIndex('notification_outbox_message_uq').on(t.messageId),
    index('notification_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('pending', 'sending')`),
    check('notification_outbox_attempts_ck', sql`${t.attempts} >= 0`),
  ],
);
