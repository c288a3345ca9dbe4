import { and, asc, eq, gt, gte, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PREMIUM_REMINDER_DAYS } from '#shared/added-policies.ts';
import { addDays, beijingToday, daysLeft } from '#shared/beijing-time.ts';
import { RENEWAL_REMINDER_DAYS } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { addedPolicies, addedPolicyReminders, type AddedPolicyReminderKind } from '../../db/schema.ts';
import { sendMessage } from '../messages/repository.ts';
import { nextDueDate } from './due-dates.ts';

/**
 * Reminders of added policies (docs/decisions/policy-wallet.md), sent by the sweep as those of
 * policies bought here (docs/decisions/reminders-that-act.md): the end of cover 30 and 7 days
 * before (renewal with the insurer), and the next premium PREMIUM_REMINDER_DAYS before its due
 * date; "N days before" is the day from which N whole days are left (beijing-time.ts `daysLeft`).
 * Once each: a row of `added_policy_reminders`, unique per policy, kind and date, is written in the
 * message's transaction, so a second run, on this instance or another, sends nothing.
 */

const BATCH = 200;

type Row = typeof addedPolicies.$inferSelect;

const notSent = (
  kind: AddedPolicyReminderKind,
  onDate: typeof addedPolicies.endDate | typeof addedPolicies.nextDueDate,
) =>
  sql`not exists (select 1 from ${addedPolicyReminders} where ${addedPolicyReminders.addedPolicyId} = ${addedPolicies.id}
    and ${addedPolicyReminders.kind} = ${kind} and ${addedPolicyReminders.onDate} = ${onDate})`;

/** Moves each passed due date to the next one (or none after the end); conditional, so runs that meet agree. */
async function rollDueDates(db: Db, today: string): Promise<void> {
  const passed = await db
    .select()
    .from(addedPolicies)
    .where(and(isNotNull(addedPolicies.nextDueDate), lt(addedPolicies.nextDueDate, today)))
    .orderBy(asc(addedPolicies.id))
    .limit(BATCH);
  for (const row of passed) {
    await db
      .update(addedPolicies)
      .set({ nextDueDate: nextDueDate(row.firstDueDate, row.paymentFrequency, row.endDate, today) })
      .where(and(eq(addedPolicies.id, row.id), eq(addedPolicies.nextDueDate, row.nextDueDate!)));
  }
}

async function sendOnce(db: Db, row: Row, kind: AddedPolicyReminderKind, onDate: string, today: string) {
  return db.transaction(async (tx) => {
    const [sent] = await tx
      .insert(addedPolicyReminders)
      .values({ addedPolicyId: row.id, kind, onDate })
      .onConflictDoNothing()
      .returning({ id: addedPolicyReminders.id });
    if (!sent) return false;
    const base = {
      insurer: row.insurer,
      product: row.productName,
      policyNo: row.policyNo,
      days: daysLeft(onDate, today),
    };
    const messageId = await sendMessage(tx, {
      memberId: row.memberId,
      type: 'policy',
      ...(kind === 'premium_due'
        ? { template: 'added_premium_due', params: { ...base, dueDate: onDate, premiumFen: row.premiumFen } }
        : { template: 'added_renewal_due', params: { ...base, endDate: onDate } }),
      link: '/help/wallet',
    });
    await tx.update(addedPolicyReminders).set({ messageId }).where(eq(addedPolicyReminders.id, sent.id));
    return true;
  });
}

/** One pass: every reminder of an added policy due today and not sent yet. Answers how many went out. */
export async function sendAddedPolicyReminders(
  app: Pick<FastifyInstance, 'db'>,
  now: Date = new Date(),
): Promise<number> {
  const today = beijingToday(now);
  await rollDueDates(app.db, today);
  let sent = 0;
  for (const [i, daysBefore] of RENEWAL_REMINDER_DAYS.entries()) {
    const kind = `renewal_${daysBefore}` as AddedPolicyReminderKind;
    // Due from the day with `daysBefore` days left until the next reminder's day (or the end).
    const [from, to] = [addDays(today, RENEWAL_REMINDER_DAYS[i + 1] ?? 0), addDays(today, daysBefore - 1)];
    const due = await app.db
      .select()
      .from(addedPolicies)
      .where(
        and(gte(addedPolicies.endDate, from), lte(addedPolicies.endDate, to), notSent(kind, addedPolicies.endDate)),
      )
      .orderBy(asc(addedPolicies.id))
      .limit(BATCH);
    for (const row of due) if (await sendOnce(app.db, row, kind, row.endDate, today)) sent += 1;
  }
  const premiums = await app.db
    .select()
    .from(addedPolicies)
    .where(
      and(
        // A premium of 0 (free or paid by an employer) has nothing to remind of.
        gt(addedPolicies.premiumFen, 0),
        gte(addedPolicies.nextDueDate, today),
        lte(addedPolicies.nextDueDate, addDays(today, PREMIUM_REMINDER_DAYS - 1)),
        notSent('premium_due', addedPolicies.nextDueDate),
      ),
    )
    .orderBy(asc(addedPolicies.id))
    .limit(BATCH);
  for (const row of premiums) if (await sendOnce(app.db, row, 'premium_due', row.nextDueDate!, today)) sent += 1;
  return sent;
}
