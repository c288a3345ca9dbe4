import { and, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, beijingDeadline, beijingToday, daysLeft } from '#shared/beijing-time.ts';
import { COOLING_OFF_REMINDER_DAYS, RENEWAL_REMINDER_DAYS } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import {
  orderDrafts,
  orders,
  policies,
  policyReminders,
  products,
  productVersions,
  type PolicyReminderKind,
} from '../../db/schema.ts';
import { versionNames } from '../catalogue/repository.ts';
import { coolingOffUntil } from '../catalogue/cooling-off.ts';
import { sendMessage } from '../messages/repository.ts';

/**
 * Reminders that act (docs/decisions/reminders-that-act.md), sent by the sweep job:
 * - 犹豫期即将结束: COOLING_OFF_REMINDER_DAYS before a policy's cooling-off period ends, unless the
 *   member chose 保留 or surrendered; its page offers 保留 / 退保.
 * - 续保: RENEWAL_REMINDER_DAYS before a renewable policy (its version's `renewable`, product still
 *   on sale) ends, unless surrendered or already renewed; its page opens the renewal draft.
 *
 * Once each: a row of `policy_reminders` (unique per policy and kind) is written in the same
 * transaction as the message, so a second sweep, on this instance or another, finds it and sends
 * nothing. Days are Beijing days; the SQL turns a moment into its Beijing day at +8 h (China keeps
 * no summer time), so PGlite and PostgreSQL agree whatever their time zone setting.
 */

/** At most this many reminders of one kind per sweep run; the rest go out on the next runs. */
const BATCH = 200;

const beijingDayOf = (column: SQL | typeof policies.issuedAt) =>
  sql`((${column} at time zone 'UTC') + interval '8 hours')::date`;
const day = (value: string) => sql`${value}::date`;

const notSent = (kind: PolicyReminderKind) => sql`not exists (select 1 from ${policyReminders}
  where ${policyReminders.policyId} = ${policies.id} and ${policyReminders.kind} = ${kind})`;

interface Due {
  policyId: number;
  memberId: number;
  policyNo: string;
  versionId: number;
  productName: string;
  planName: string;
  planCode: string;
  issuedAt: Date;
  endDate: string;
  coolingOffDays: number;
}

const dueColumns = {
  policyId: policies.id,
  memberId: policies.memberId,
  policyNo: policies.policyNo,
  versionId: policies.versionId,
  productName: policies.productName,
  planName: policies.planName,
  planCode: orders.planCode,
  issuedAt: policies.issuedAt,
  endDate: policies.endDate,
  coolingOffDays: sql<number>`(${orders.snapshot}->>'coolingOffDays')::int`,
};

/**
 * Policies whose cooling-off reminder is due today: the period (issue day + N days, ending at 24:00
 * of its last day) has COOLING_OFF_REMINDER_DAYS or fewer days left and has not ended.
 */
async function coolingOffDue(db: Db, today: string): Promise<Due[]> {
  const days = sql`(${orders.snapshot}->>'coolingOffDays')::int`;
  const lastDay = sql`${beijingDayOf(policies.issuedAt)} + ${days}`;
  return db
    .select(dueColumns)
    .from(policies)
    .innerJoin(orders, eq(orders.id, policies.orderId))
    .where(
      and(
        eq(orders.status, 'paid'),
        isNull(policies.surrenderedAt),
        isNull(policies.coolingOffKeptAt),
        sql`${days} > 0`,
        sql`${lastDay} + 1 - ${COOLING_OFF_REMINDER_DAYS}::int <= ${day(today)}`,
        sql`${lastDay} >= ${day(today)}`,
        notSent('cooling_off_ending'),
      ),
    )
    .orderBy(policies.id)
    .limit(BATCH);
}

/**
 * Policies whose `daysBefore` renewal reminder is due today: from that many days before the end
 * until the next (shorter) reminder's day, or the end. A policy first seen inside the 7-day window
 * gets only the 7-day reminder.
 */
async function renewalDue(db: Db, today: string, daysBefore: number, nextDaysBefore: number | null): Promise<Due[]> {
  const kind = `renewal_${daysBefore}` as PolicyReminderKind;
  const renewed = sql`exists (select 1 from ${orderDrafts} inner join ${orders} o2 on o2.id = ${orderDrafts.orderId}
    where ${orderDrafts.id} = ${policies.renewalDraftId} and o2.status = 'paid')`;
  // Due from the day `end + 1 - daysBefore` until the next reminder's day (or the end): the end
  // date lies in [today + nextDaysBefore, today + daysBefore - 1], a range the end-date index serves.
  const [from, to] = [addDays(today, nextDaysBefore ?? 0), addDays(today, daysBefore - 1)];
  return db
    .select(dueColumns)
    .from(policies)
    .innerJoin(orders, eq(orders.id, policies.orderId))
    .innerJoin(productVersions, eq(productVersions.id, policies.versionId))
    .innerJoin(products, eq(products.id, policies.productId))
    .where(
      and(
        gte(policies.endDate, from),
        lte(policies.endDate, to),
        eq(orders.status, 'paid'),
        eq(orders.team, false),
        isNull(policies.surrenderedAt),
        sql`(${productVersions.content}->>'renewable')::boolean is true`,
        eq(products.status, 'on_sale'),
        sql`not ${renewed}`,
        notSent(kind),
      ),
    )
    .orderBy(policies.id)
    .limit(BATCH);
}

/** Writes the reminder's row and its message together; false when it was sent already. */
async function sendOnce(db: Db, due: Due, kind: PolicyReminderKind, today: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(policyReminders)
      .values({ policyId: due.policyId, kind })
      .onConflictDoNothing()
      .returning({ id: policyReminders.id });
    if (!row) return false;
    const names = await versionNames(tx, due.versionId, due.productName, { code: due.planCode, name: due.planName });
    const base = { policyNo: due.policyNo, product: names.product, plan: names.plan };
    const messageId =
      kind === 'cooling_off_ending'
        ? await sendMessage(tx, {
            memberId: due.memberId,
            type: 'policy',
            template: 'cooling_off_ending',
            params: { ...base, until: beijingDeadline(coolingOffUntil(due.issuedAt, due.coolingOffDays)) },
            link: `/policy/index?id=${due.policyId}&ask=cooling-off`,
          })
        : await sendMessage(tx, {
            memberId: due.memberId,
            type: 'policy',
            template: 'renewal_due',
            params: { ...base, endDate: due.endDate, days: daysLeft(due.endDate, today) },
            link: `/policy/index?id=${due.policyId}&ask=renew`,
          });
    await tx.update(policyReminders).set({ messageId }).where(eq(policyReminders.id, row.id));
    return true;
  });
}

/** One pass: every reminder due today not sent yet (up to BATCH of each kind). Answers how many went out. */
export async function sendPolicyReminders(app: Pick<FastifyInstance, 'db'>, now: Date = new Date()): Promise<number> {
  const today = beijingToday(now);
  let sent = 0;
  for (const due of await coolingOffDue(app.db, today)) {
    if (await sendOnce(app.db, due, 'cooling_off_ending', today)) sent += 1;
  }
  for (const [i, daysBefore] of RENEWAL_REMINDER_DAYS.entries()) {
    const kind = `renewal_${daysBefore}` as PolicyReminderKind;
    for (const due of await renewalDue(app.db, today, daysBefore, RENEWAL_REMINDER_DAYS[i + 1] ?? null)) {
      if (await sendOnce(app.db, due, kind, today)) sent += 1;
    }
  }
  return sent;
}
