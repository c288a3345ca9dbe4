import { describe, expect, it } from 'vitest';
import type { AddedPolicy } from '#shared/added-policies.ts';
import { beijingToday, plusDays, yearsBefore } from '../../test/dates.ts';
import { setupTestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { idNumber } from '../../test/id-number.ts';
import type { Caller } from '../../test/sign-in.ts';
import { secondInstance, sentTemplateMessages, wechatMember } from '../../test/wechat-members.ts';
import { deliverNotifications } from '../messages/notification-delivery.ts';
import { sendAddedPolicyReminders } from './reminders.ts';

/**
 * The reminders of added policies in WeChat (docs/decisions/policy-wallet.md): a member who chose
 * `reminder` notifications gets each new kind (the end of cover 30 and 7 days before, the next premium
 * 7 days before) once in WeChat, however many instances run the sweep and send at the same moment; a
 * member who did not choose them gets none.
 */

// Simulated WeChat users sign in from the one test address; the outbox is sent only when a test says so.
const ctx = await setupTestApp({ RATE_LIMIT_SIGNIN_PER_MIN: '1000', NOTIFICATION_SEND_INTERVAL_S: '3600' });
const call = api(ctx);
const today = beijingToday();
const at = (day: string) => new Date(`${day}T02:00:00Z`); // 10:00 in Beijing

async function withPolicies(who: Caller, seq: number) {
  const saved = await call<{ person: { id: number } }>('POST', 'persons', who, {
    kind: 'insured',
    relation: 'child',
    name: '周小保',
    idType: 'id_card',
    idNumber: idNumber(yearsBefore(today, 9), seq),
    consent: true,
  });
  expect(saved.status, saved.msg).toBe(200);
  const add = async (over: Record<string, unknown>) => {
    const res = await call<AddedPolicy>('POST', 'added-policies', who, {
      insurer: '平安健康',
      productName: 'e生保',
      category: 'medical',
      insuredPersonIds: [saved.data.person.id],
      covers: [{ name: '一般医疗', sumInsuredFen: 300_000_000 }],
      startDate: plusDays(today, -100),
      premiumFen: 36_000,
      ...over,
    });
    expect(res.status, res.msg).toBe(200);
    return res.data;
  };
  const ending = await add({
    endDate: plusDays(today, 60),
    paymentFrequency: 'single',
    policyNo: `END-${seq}`,
  });
  const monthly = await add({
    endDate: plusDays(today, 300),
    paymentFrequency: 'monthly',
    nextDueDate: plusDays(today, 20),
    policyNo: `DUE-${seq}`,
  });
  return { ending, monthly };
}

/** The sweep's reminders and the sending, each on both instances at the same moment. */
async function sweepOnBoth(other: typeof ctx.app, day: string) {
  await Promise.all([sendAddedPolicyReminders(ctx.app, at(day)), sendAddedPolicyReminders(other, at(day))]);
  await Promise.all([
    deliverNotifications(ctx.app),
    deliverNotifications(other),
    deliverNotifications(ctx.app),
    deliverNotifications(other),
  ]);
}

describe('WeChat notifications of added policies', () => {
  it('each new reminder once for a member who chose reminders, none for one who did not, on two instances', async () => {
    const other = await secondInstance(ctx);
    try {
      const chose = await wechatMember(ctx, '托管提醒');
      const didNot = await wechatMember(ctx, '托管不提醒');
      expect((await call('PUT', 'members/me/notifications', chose, { kinds: ['reminder'] })).status).toBe(200);
      expect((await call('PUT', 'members/me/notifications', didNot, { kinds: ['claim'] })).status).toBe(200);
      const mine = await withPolicies(chose, 512);
      await withPolicies(didNot, 514);

      // The premium 7 days before it is due, the end 30 days before, then 7 days before; each day twice.
      for (const day of [plusDays(today, 14), plusDays(today, 31), plusDays(today, 31), plusDays(today, 54)])
        await sweepOnBoth(other, day);
      await sweepOnBoth(other, plusDays(today, 54));

      const messages = await sentTemplateMessages(ctx, chose.openid);
      expect(messages).toHaveLength(3);
      for (const m of messages) {
        expect(m.template_id).toBe(ctx.config.wechatTemplateIds.reminder);
        expect(m.url).toBe(`${ctx.url}/#/help/wallet`);
      }
      expect(messages.map((m) => m.data.keyword1.value).sort()).toEqual([
        '托管保单即将到期',
        '托管保单即将到期',
        '托管保单即将缴费',
      ]);
      const text = messages.map((m) =>
        Object.values(m.data)
          .map((d) => d.value)
          .join(' | '),
      );
      expect(text.filter((t) => t.includes(mine.monthly.policyNo))).toHaveLength(1);
      expect(text.filter((t) => t.includes(mine.ending.policyNo))).toHaveLength(2);
      expect(await sentTemplateMessages(ctx, didNot.openid)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
