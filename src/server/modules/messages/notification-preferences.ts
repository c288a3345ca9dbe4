import { and, desc, eq } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings } from '#shared/notifications.ts';
import type { Language } from '#shared/constants.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notificationPreferences, wechatIdentities } from '../../db/schema.ts';

/** The member's official-account openid (web OAuth under this app id), the newest if several. */
export async function officialAccountOpenid(db: Db | Tx, memberId: number, oaAppId: string): Promise<string | null> {
  const [row] = await db
    .select({ openid: wechatIdentities.openid })
    .from(wechatIdentities)
    .where(
      and(
        eq(wechatIdentities.memberId, memberId),
        eq(wechatIdentities.kind, 'web'),
        eq(wechatIdentities.appId, oaAppId),
      ),
    )
    .orderBy(desc(wechatIdentities.id))
    .limit(1);
  return row?.openid ?? null;
}

export async function findPreferences(
  db: Db | Tx,
  memberId: number,
): Promise<{ kinds: NotificationKind[]; language: Language } | null> {
  const [row] = await db
    .select({ kinds: notificationPreferences.kinds, language: notificationPreferences.language })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.memberId, memberId));
  return row ?? null;
}

/** Kinds in the contract's order, whatever order they were chosen in. */
const ordered = (kinds: readonly string[]) => NOTIFICATION_KINDS.filter((kind) => kinds.includes(kind));

export async function notificationSettings(db: Db, memberId: number, oaAppId: string): Promise<NotificationSettings> {
  const [preferences, openid] = await Promise.all([
    findPreferences(db, memberId),
    officialAccountOpenid(db, memberId, oaAppId),
  ]);
  return { kinds: ordered(preferences?.kinds ?? []), wechatBound: openid !== null };
}

/** Replaces the member's choice; the language they chose in is the one their notifications are written in. */
export async function saveNotificationSettings(
  db: Db,
  memberId: number,
  kinds: readonly NotificationKind[],
  language: Language,
): Promise<void> {
  const values = { kinds: ordered(kinds), language, updatedAt: new Date() };
  await db
    .insert(notificationPreferences)
    .values({ memberId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.memberId, set: values });
}
