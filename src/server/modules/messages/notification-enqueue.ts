import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { notificationOutbox, wechatIdentities } from '../../db/schema.ts';
import { kindFor, notificationKindsOf } from './notification-kinds.ts';
import { findPreferences } from './notification-preferences.ts';

/**
 * Called by sendMessage in the transaction that writes the in-app message: queues its WeChat
 * notification when the member chose one of the message's kinds and has signed in through the
 * official account. The outbox row commits (or not) with the message; the sweep job delivers it.
 */
export async function enqueueNotification(
  db: Db | Tx,
  message: { id: number; memberId: number; template: string },
): Promise<boolean> {
  if (notificationKindsOf(message.template).length === 0) return false;
  const preferences = await findPreferences(db, message.memberId);
  const kind = preferences ? kindFor(message.template, preferences.kinds) : null;
  if (!kind) return false;
  const [identity] = await db
    .select({ id: wechatIdentities.id })
    .from(wechatIdentities)
    .where(and(eq(wechatIdentities.memberId, message.memberId), eq(wechatIdentities.kind, 'web')))
    .limit(1);
  if (!identity) return false;
  await db.insert(notificationOutbox).values({ memberId: message.memberId, messageId: message.id, kind });
  return true;
}
