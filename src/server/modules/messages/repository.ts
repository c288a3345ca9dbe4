import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { DEFAULT_LANGUAGE } from '#shared/constants.ts';
import type { MessageType } from '#shared/orders.ts';
import type { Db, Tx } from '../../db/client.ts';
import { messages } from '../../db/schema.ts';
import { enqueueNotification } from './notification-enqueue.ts';
import { renderMessage, type MessageParams, type MessageTemplate } from './templates.ts';

/** Internal messages (站内信): written by other modules, read by their member only. */

export interface NewMessage {
  memberId: number;
  type: MessageType;
  /** What the message says, rendered in each reader's language (templates.ts). */
  template: MessageTemplate;
  params: MessageParams;
  /** An H5 route such as `/policy/index`. */
  link?: string | null;
}

/**
 * Writes one message, and queues its WeChat notification when the member chose that kind
 * (docs/decisions/notification-outbox.md); pass the transaction when it belongs to a bigger change
 * (payment → policy), so both commit with it.
 */
export async function sendMessage(db: Db | Tx, message: NewMessage): Promise<number> {
  const { title, body } = renderMessage(message.template, message.params, DEFAULT_LANGUAGE);
  // A transaction of its own (a savepoint inside the caller's): the message and its notification commit together.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        memberId: message.memberId,
        type: message.type,
        title,
        body,
        template: message.template,
        params: message.params,
        link: message.link ?? null,
      })
      .returning({ id: messages.id });
    await enqueueNotification(tx, { id: row.id, memberId: message.memberId, template: message.template });
    return row.id;
  });
}

export async function unreadCount(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.memberId, memberId), isNull(messages.readAt)));
  return Number(row.n);
}

/** The member's messages, newest first, with the totals the list and badge need. */
export async function listMessages(db: Db, memberId: number, page: number, pageSize: number) {
  const [[{ total }], unread, rows] = await Promise.all([
    db.select({ total: count() }).from(messages).where(eq(messages.memberId, memberId)),
    unreadCount(db, memberId),
    db
      .select()
      .from(messages)
      .where(eq(messages.memberId, memberId))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  return { total: Number(total), unread, rows };
}

/** Marks one of the member's messages read; false when it is not theirs (or does not exist). */
export async function markRead(db: Db, memberId: number, id: number): Promise<boolean> {
  const [own] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.memberId, memberId)));
  if (!own) return false;
  // Reading twice keeps the first reading time.
  await db
    .update(messages)
    .set({ readAt: new Date() })
    .where(and(eq(messages.id, id), isNull(messages.readAt)));
  return true;
}

export async function markAllRead(db: Db, memberId: number): Promise<number> {
  const updated = await db
    .update(messages)
    .set({ readAt: new Date() })
    .where(and(eq(messages.memberId, memberId), isNull(messages.readAt)))
    .returning({ id: messages.id });
  return updated.length;
}
