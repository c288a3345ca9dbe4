import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatBeijing } from '#shared/beijing-time.ts';
import { DEFAULT_LANGUAGE } from '#shared/constants.ts';
import type { NotificationKind } from '#shared/notifications.ts';
import type { Db } from '../../db/client.ts';
import { messages, notificationOutbox } from '../../db/schema.ts';
import { publicUrl } from '../../lib/own-url.ts';
import { WechatError } from '../../providers/wechat/index.ts';
import { isMessageTemplate, renderMessage, type MessageParams } from './templates.ts';
import { findPreferences, officialAccountOpenid } from './notification-preferences.ts';

/**
 * Delivery of the notification outbox (docs/decisions/wechat-notification-choice.md), run by the sweep
 * job. Rows are claimed with one conditional UPDATE over `FOR UPDATE SKIP LOCKED`: however many runs
 * (or instances) meet, each row goes to exactly one of them, which holds it until `claimedUntil`. A
 * run that dies holding rows leaves them to be claimed again after that.
 */

/** Attempts before a notification is given up (recorded as failed). */
export const NOTIFICATION_MAX_ATTEMPTS = 5;
/** How long a claimed row stays with the run that claimed it: far above one send (8 s timeout, one token retry). */
const CLAIM_S = 120;
/** Rows one run claims at most; the rest wait for the next run. */
const BATCH = 50;
/** Wait before attempt n+1, in seconds: 1 min, 5 min, 30 min, 2 h. */
const BACKOFF_S = [60, 300, 1800, 7200];
/** Longest text of one template field; WeChat cuts or refuses longer ones. */
const FIELD_MAX = 200;

/**
 * WeChat's refusals that a later attempt cannot change: the openid is not the account's user (40003),
 * the template is gone (40037), the user does not follow the account or refuses its messages (43004,
 * 43019), the field data or link is wrong (47001, 40039), the account may not send (48001).
 */
const FINAL_ERRCODES = new Set([40003, 40037, 40039, 43004, 43019, 47001, 48001]);

interface Claimed {
  id: number;
  memberId: number;
  messageId: number;
  kind: NotificationKind;
  attempts: number;
}

export interface DeliveryRun {
  sent: number;
  retried: number;
  failed: number;
  cancelled: number;
}

/** Sends every due notification once; returns what became of them. */
export async function deliverNotifications(app: FastifyInstance): Promise<DeliveryRun> {
  const run: DeliveryRun = { sent: 0, retried: 0, failed: 0, cancelled: 0 };
  const claimed = await claimDue(app.db);
  for (const row of claimed) run[await deliverOne(app, row)] += 1;
  app.metrics.delivered(run);
  return run;
}

async function claimDue(db: Db): Promise<Claimed[]> {
  const result = await db.execute(sql`
    UPDATE notification_outbox
       SET status = 'sending', attempts = attempts + 1, claimed_until = now() + make_interval(secs => ${CLAIM_S})
     WHERE id IN (
       SELECT id FROM notification_outbox
        WHERE (status = 'pending' AND next_attempt_at <= now())
           OR (status = 'sending' AND claimed_until < now())
        ORDER BY id
        LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED)
    RETURNING id, member_id, message_id, kind, attempts`);
  const { rows } = result as unknown as {
    rows: { id: number; member_id: number; message_id: number; kind: NotificationKind; attempts: number }[];
  };
  return rows.map((r) => ({
    id: r.id,
    memberId: r.member_id,
    messageId: r.message_id,
    kind: r.kind,
    attempts: r.attempts,
  }));
}

type Outcome = 'sent' | 'retried' | 'failed' | 'cancelled';

async function deliverOne(app: FastifyInstance, row: Claimed): Promise<Outcome> {
  const { db, config } = app;
  const [message] = await db.select().from(messages).where(eq(messages.id, row.messageId));
  const preferences = await findPreferences(db, row.memberId);
  // The latest choice wins: a kind switched off after the message was written is not sent.
  if (!message || !preferences?.kinds.includes(row.kind))
    return finish(db, row, 'cancelled', { lastError: 'not chosen any more' });
  const templateId = config.wechatTemplateIds[row.kind];
  if (!templateId) return finish(db, row, 'failed', { lastError: `no template id configured for ${row.kind}` });
  const openid = await officialAccountOpenid(db, row.memberId, config.WECHAT_OA_APPID);
  if (!openid) return finish(db, row, 'failed', { lastError: 'no official-account openid' });

  const language = preferences.language ?? DEFAULT_LANGUAGE;
  const { title, body } =
    message.template && isMessageTemplate(message.template)
      ? renderMessage(message.template, (message.params ?? {}) as MessageParams, language)
      : { title: message.title, body: message.body };
  try {
    const { msgid } = await app.providers.wechat.sendTemplateMessage({
      touser: openid,
      templateId,
      url: `${publicUrl(app.server, app.config)}/#${message.link ?? '/member/message'}`,
      data: { keyword1: cut(title), keyword2: cut(body), keyword3: formatBeijing(message.createdAt) },
    });
    return finish(db, row, 'sent', { msgid, sentAt: new Date(), lastError: null });
  } catch (error) {
    const errcode = error instanceof WechatError ? error.errcode : null;
    const reason =
      error instanceof WechatError
        ? `${error.errcode ?? 'network'} ${error.errmsg}`.slice(0, 500)
        : String(error).slice(0, 500);
    app.log.warn({ notification: row.id, errcode }, 'WeChat notification not sent');
    if ((errcode !== null && FINAL_ERRCODES.has(errcode)) || row.attempts >= NOTIFICATION_MAX_ATTEMPTS) {
      return finish(db, row, 'failed', { lastError: reason });
    }
    const waitS = BACKOFF_S[Math.min(row.attempts, BACKOFF_S.length) - 1];
    return finish(db, row, 'retried', {
      lastError: reason,
      nextAttemptAt: sql`now() + make_interval(secs => ${waitS})`,
    });
  }
}

/** Ends this run's hold on the row: only while it is still this run's claim (same attempt, still sending). */
type OutboxChange = { msgid?: string; sentAt?: Date; lastError?: string | null; nextAttemptAt?: SQL };

async function finish(db: Db, row: Claimed, outcome: Outcome, set: OutboxChange): Promise<Outcome> {
  const status = outcome === 'retried' ? 'pending' : outcome;
  await db
    .update(notificationOutbox)
    .set({ ...set, status, claimedUntil: null })
    .where(
      and(
        eq(notificationOutbox.id, row.id),
        eq(notificationOutbox.status, 'sending'),
        eq(notificationOutbox.attempts, row.attempts),
      ),
    );
  return outcome;
}

function cut(text: string): string {
  const chars = [...text];
  return chars.length <= FIELD_MAX ? text : `${chars.slice(0, FIELD_MAX - 1).join('')}…`;
}
