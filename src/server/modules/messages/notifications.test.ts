import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PolicyDetail } from '#shared/policies.ts';
import type { NotificationSettings } from '#shared/notifications.ts';
import { notificationOutbox, policies, wechatIdentities } from '../../db/schema.ts';
import { paidPolicy, productByCode } from '../../test/buying.ts';
import { setupTestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { signIn, type Caller } from '../../test/sign-in.ts';
import { simAdvanceClock } from '../../test/token-call.ts';
import { secondInstance, sentTemplateMessages, wechatMember as wechatMemberOf } from '../../test/wechat-members.ts';
import { report } from '../../test/claims.ts';
import { backdate } from '../../test/policies.ts';
import { runSweep } from '../sweep/run-sweep.ts';
import { deliverNotifications, NOTIFICATION_MAX_ATTEMPTS } from './notification-delivery.ts';
import { kindFor, notificationKindsOf } from './notification-kinds.ts';

// Many simulated WeChat users sign in from the one test address; the outbox is sent only when a test says so.
const ctx = await setupTestApp({ RATE_LIMIT_SIGNIN_PER_MIN: '1000', NOTIFICATION_SEND_INTERVAL_S: '3600' });
const db = ctx.database.db;
const call = api(ctx);
const medical = await productByCode(ctx, 'MED-BW');

const sent = (openid: string) => sentTemplateMessages(ctx, openid);
const wechatMember = (user: string) => wechatMemberOf(ctx, user);

const inLanguage = (who: Caller, language: string): Caller => ({
  ...who,
  headers: { ...who.headers, 'accept-language': language } as Caller['headers'],
});
const choose = (who: Caller, kinds: string[]) =>
  call<NotificationSettings>('PUT', 'members/me/notifications', who, { kinds });
const outboxOf = (memberId: number) =>
  db.select().from(notificationOutbox).where(eq(notificationOutbox.memberId, memberId)).orderBy(notificationOutbox.id);
const policyDetail = async (who: Caller, id: number) =>
  (await call<PolicyDetail>('GET', `order/policyInfo/${id}`, who)).data;

describe("the member's choice (members/me/notifications)", () => {
  it("is empty until chosen, says whether WeChat is bound, and is the member's own", async () => {
    const password = await signIn(ctx, 'demo.company');
    expect((await call('GET', 'members/me/notifications', password)).data).toEqual({ kinds: [], wechatBound: false });
    const wx = await wechatMember('选择通知');
    expect((await call('GET', 'members/me/notifications', wx)).data).toEqual({ kinds: [], wechatBound: true });
    const saved = await choose(wx, ['claim', 'payment', 'reminder']);
    expect(saved.status, saved.msg).toBe(200);
    // Kept in the contract's order, whatever order they came in.
    expect(saved.data).toEqual({ kinds: ['payment', 'claim', 'reminder'], wechatBound: true });
    expect((await call<NotificationSettings>('GET', 'members/me/notifications', wx)).data.kinds).toEqual([
      'payment',
      'claim',
      'reminder',
    ]);
    expect((await call('GET', 'members/me/notifications', password)).data).toEqual({ kinds: [], wechatBound: false });
    expect((await choose(wx, [])).data.kinds).toEqual([]);
  });

  it.each([
    ['an unknown kind', { kinds: ['marketing'] }, 'A0400'],
    ['a kind twice', { kinds: ['claim', 'claim'] }, 'A0400'],
    ['kinds that are not a list', { kinds: 'claim' }, 'A0400'],
    ['no kinds', {}, 'A0410'],
  ])('refuses %s and changes nothing', async (_name, body, code) => {
    const wx = await wechatMember(`坏请求${code}${JSON.stringify(body).length}`);
    await choose(wx, ['refund']);
    const res = await call('PUT', 'members/me/notifications', wx, body);
    expect(res.status).toBe(400);
    expect(res.code).toBe(code);
    expect((await call<NotificationSettings>('GET', 'members/me/notifications', wx)).data.kinds).toEqual(['refund']);
  });

  it('needs a sign-in', async () => {
    expect((await call('GET', 'members/me/notifications', null)).status).toBe(401);
    expect((await call('PUT', 'members/me/notifications', null, { kinds: [] })).status).toBe(401);
  });
});

describe('template keys → kinds', () => {
  it('puts each event under the kind a member expects', () => {
    expect(notificationKindsOf('order.submitted')).toEqual([]);
    expect(notificationKindsOf('order.paid')).toEqual(['payment', 'policy']);
    expect(notificationKindsOf('refund.succeeded')).toEqual(['refund']);
    for (const step of ['reported', 'resubmitted', 'reviewing', 'supplement', 'closed', 'rejected', 'paid'])
      expect(notificationKindsOf(`claim.${step}`)).toEqual(['claim']);
    expect(notificationKindsOf('cooling_off_ending')).toEqual(['reminder']);
    expect(notificationKindsOf('renewal_due')).toEqual(['reminder']);
    expect(notificationKindsOf('unknown.key')).toEqual([]);
    // A paid order goes out as the first of its kinds the member chose.
    expect(kindFor('order.paid', ['policy'])).toBe('policy');
    expect(kindFor('order.paid', ['claim'])).toBeNull();
  });
});

describe('WeChat notifications are sent only as chosen', () => {
  it('nothing without a choice, nothing for another kind, one message for the chosen kind', async () => {
    const wx = await wechatMember('通知购买');
    await paidPolicy(ctx, wx, medical);
    await choose(wx, ['claim']);
    await paidPolicy(ctx, wx, medical);
    await runSweep(ctx.app);
    expect(await sent(wx.openid)).toEqual([]);
    expect(await outboxOf(wx.memberId)).toEqual([]);

    await choose(wx, ['payment']);
    const paid = await paidPolicy(ctx, wx, medical);
    expect(await sent(wx.openid)).toEqual([]); // queued in the payment's transaction, sent by the sweep
    await runSweep(ctx.app);
    const messages = await sent(wx.openid);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      template_id: ctx.config.wechatTemplateIds.payment,
      url: `${ctx.url}/#/policy/index?id=${paid.policyId}`,
      data: {
        keyword1: { value: expect.stringMatching(/^(保单已生效|支付成功)$/) },
        keyword2: { value: expect.stringContaining(paid.policyNo) },
        keyword3: { value: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/) },
      },
    });
    const [row] = await outboxOf(wx.memberId);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, msgid: String(messages[0].msgid), kind: 'payment' });
    await runSweep(ctx.app);
    expect(await sent(wx.openid)).toHaveLength(1);
  });

  it('a paid order is a "policy issued" notification for a member who chose policies, in their language', async () => {
    const wx = await wechatMember('Polski klient');
    await call('PUT', 'members/me/notifications', inLanguage(wx, 'pl-PL'), { kinds: ['policy'] });
    const paid = await paidPolicy(ctx, wx, medical);
    await runSweep(ctx.app);
    const [message] = await sent(wx.openid);
    expect(message.template_id).toBe(ctx.config.wechatTemplateIds.policy);
    expect(message.data.keyword1.value).toMatch(/^(Polisa obowiązuje|Płatność przyjęta)$/);
    expect(message.data.keyword2.value).toContain(`numer polisy ${paid.policyNo}`);
  });

  it('a cooling-off reminder of the sweep reaches a member who chose reminders, opening its 保留 / 退保 page', async () => {
    const wx = await wechatMember('通知提醒');
    const paid = await paidPolicy(ctx, wx, medical);
    await choose(wx, ['reminder']);
    // The reminder's day is 13 days after the issue (MED-BW: 15 days of cooling-off, 3 days ahead).
    const issued = new Date(Date.now() - 13 * 24 * 3_600_000);
    await db.update(policies).set({ issuedAt: issued }).where(eq(policies.id, paid.policyId));
    await runSweep(ctx.app);
    const messages = await sent(wx.openid);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      template_id: ctx.config.wechatTemplateIds.reminder,
      url: `${ctx.url}/#/policy/index?id=${paid.policyId}&ask=cooling-off`,
      data: { keyword1: { value: '犹豫期即将结束' } },
    });
  });

  it('each claim step for a member who chose claims, opening that claim', async () => {
    const wx = await wechatMember('理赔通知');
    const paid = await paidPolicy(ctx, wx, medical);
    await backdate(ctx, paid.policyId, 30);
    await choose(wx, ['claim']);
    const claim = await report(ctx, wx, await policyDetail(wx, paid.policyId));
    await runSweep(ctx.app);
    const messages = await sent(wx.openid);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      template_id: ctx.config.wechatTemplateIds.claim,
      url: `${ctx.url}/#/claim/index?claimId=${claim.id}`,
    });
    expect(messages[0].data.keyword1.value).toBe('报案成功');
  });

  it('a member without an official-account sign-in gets none, even when they chose', async () => {
    const member = await signIn(ctx, 'demo.member');
    await choose(member, ['payment', 'policy']);
    await paidPolicy(ctx, member, medical);
    expect(await outboxOf(member.memberId)).toEqual([]);
    await choose(member, []);
  });

  it('a kind switched off before the sweep is not sent', async () => {
    const wx = await wechatMember('改主意');
    await choose(wx, ['payment']);
    await paidPolicy(ctx, wx, medical);
    await choose(wx, ['claim']);
    await runSweep(ctx.app);
    expect(await sent(wx.openid)).toEqual([]);
    expect((await outboxOf(wx.memberId))[0]).toMatchObject({ status: 'cancelled' });
  });
});

describe('delivery', () => {
  it('sends each notification exactly once when two instances deliver at the same moment', async () => {
    const other = await secondInstance(ctx);
    try {
      const buyers = await Promise.all(['并发一', '并发二', '并发三'].map((user) => wechatMember(user)));
      for (const wx of buyers) {
        await choose(wx, ['payment']);
        await paidPolicy(ctx, wx, medical);
        await paidPolicy(ctx, wx, medical);
      }
      await Promise.all([
        deliverNotifications(ctx.app),
        deliverNotifications(other),
        deliverNotifications(ctx.app),
        deliverNotifications(other),
      ]);
      for (const wx of buyers) {
        expect(await sent(wx.openid)).toHaveLength(2);
        expect((await outboxOf(wx.memberId)).map((r) => [r.status, r.attempts])).toEqual([
          ['sent', 1],
          ['sent', 1],
        ]);
      }
    } finally {
      await other.close();
    }
  });

  it('an expired access token is renewed once and the message still goes out', async () => {
    const wx = await wechatMember('令牌过期');
    await choose(wx, ['payment']);
    await paidPolicy(ctx, wx, medical);
    await runSweep(ctx.app);
    // WeChat's tokens live 7200 s; this instance still holds its cached one.
    await simAdvanceClock(ctx, 7300);
    await paidPolicy(ctx, wx, medical);
    await runSweep(ctx.app);
    expect(await sent(wx.openid)).toHaveLength(2);
    expect((await outboxOf(wx.memberId)).map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  it('a refusal that cannot change (40003, an openid WeChat never issued) fails at once, recorded', async () => {
    const wx = await wechatMember('假身份');
    await db
      .update(wechatIdentities)
      .set({ openid: 'o-never-issued-by-wechat-000000' })
      .where(eq(wechatIdentities.memberId, wx.memberId));
    await choose(wx, ['payment']);
    await paidPolicy(ctx, wx, medical);
    await runSweep(ctx.app);
    const [row] = await outboxOf(wx.memberId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, msgid: null });
    expect(row.lastError).toMatch(/^40003 /);
  });

  it('WeChat out of reach: retried later, at most NOTIFICATION_MAX_ATTEMPTS times, then recorded as failed', async () => {
    const unreachable = await secondInstance(ctx, { WECHAT_API_BASE: 'http://127.0.0.1:1/wx-sim' });
    try {
      const wx = await wechatMember('微信不通');
      await choose(wx, ['payment']);
      await paidPolicy(ctx, wx, medical);
      const due = () =>
        db
          .update(notificationOutbox)
          .set({ nextAttemptAt: sql`now()` })
          .where(eq(notificationOutbox.memberId, wx.memberId));
      for (let attempt = 1; attempt < NOTIFICATION_MAX_ATTEMPTS; attempt++) {
        await deliverNotifications(unreachable);
        const [row] = await outboxOf(wx.memberId);
        expect(row).toMatchObject({
          status: 'pending',
          attempts: attempt,
          lastError: expect.stringMatching(/^network /),
        });
        expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
        // Not due yet: a run now leaves it alone.
        await deliverNotifications(unreachable);
        expect((await outboxOf(wx.memberId))[0].attempts).toBe(attempt);
        await due();
      }
      await deliverNotifications(unreachable);
      expect((await outboxOf(wx.memberId))[0]).toMatchObject({ status: 'failed', attempts: NOTIFICATION_MAX_ATTEMPTS });
      await runSweep(ctx.app);
      expect(await sent(wx.openid)).toEqual([]);
    } finally {
      await unreachable.close();
    }
  });
});
