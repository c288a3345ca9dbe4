import { and, count, eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Draft } from '#shared/orders.ts';
import type { KeepResult, PolicyDetail, RenewalAnswer, SurrenderResult } from '#shared/policies.ts';
import { messages, orderDrafts, policies, products } from '../../db/schema.ts';
import { runSweep } from '../sweep/run-sweep.ts';
import {
  completeTrail,
  paidPolicy,
  payOrder,
  person,
  productByCode,
  submit,
  type PaidPolicy,
} from '../../test/buying.ts';
import { beijingToday, plusDays, startDate, yearsBefore } from '../../test/dates.ts';
import { setupTestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';
import { MAX_OPEN_DRAFTS } from '../orders/drafts.ts';
import { sendPolicyReminders } from './reminders.ts';

/**
 * Reminders that act (docs/decisions/reminders-that-act.md): the cooling-off reminder 3 days
 * before the 犹豫期 ends with 保留 / 退保, the renewal reminders 30 and 7 days before a renewable
 * policy ends with a renewal draft, each sent once by the sweep.
 */

const ctx = await setupTestApp();
const db = ctx.database.db;
const call = api(ctx);
const owner = await signIn(ctx, 'demo.member');
const stranger = await signIn(ctx, 'demo.partner');
const medical = await productByCode(ctx, 'MED-BW');
const accident = await productByCode(ctx, 'ACC-ZH');
const travel = await productByCode(ctx, 'TRV-DOM');

const HOUR_MS = 3_600_000;

/** Moves the policy's issue to 10:00 Beijing time of `day` (its cooling-off period counts from there). */
async function issuedOn(p: PaidPolicy, day: string): Promise<void> {
  await db
    .update(policies)
    .set({ issuedAt: new Date(Date.parse(`${day}T10:00:00+08:00`)) })
    .where(eq(policies.id, p.policyId));
}

/** Makes the policy end at 24:00 of `day`. */
async function endsOn(p: PaidPolicy, day: string): Promise<void> {
  await db
    .update(policies)
    .set({ endDate: day, expiresAt: new Date(Date.parse(`${day}T00:00:00+08:00`) + 24 * HOUR_MS) })
    .where(eq(policies.id, p.policyId));
}

/** The member's messages of one template about one policy. */
async function reminders(p: PaidPolicy, template: 'cooling_off_ending' | 'renewal_due') {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.template, template), like(messages.link, `/policy/index?id=${p.policyId}&%`)));
}

const today = beijingToday();

describe('cooling-off reminder (3 days before the 犹豫期 ends)', () => {
  it('is not sent before its day, then once however many sweeps run at the same time', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    // 15 days from the issue day: the period's last day is issue + 15, the reminder's day issue + 13.
    await issuedOn(p, plusDays(today, -12));
    await sendPolicyReminders(ctx.app);
    expect(await reminders(p, 'cooling_off_ending')).toHaveLength(0);

    await issuedOn(p, plusDays(today, -13));
    await Promise.all([
      sendPolicyReminders(ctx.app),
      sendPolicyReminders(ctx.app),
      runSweep(ctx.app),
      runSweep(ctx.app),
    ]);
    await sendPolicyReminders(ctx.app);
    const sent = await reminders(p, 'cooling_off_ending');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      memberId: owner.memberId,
      type: 'policy',
      title: '犹豫期即将结束',
      link: `/policy/index?id=${p.policyId}&ask=cooling-off`,
    });
    expect(sent[0].body).toContain(`${p.policyNo}（百万医疗险`);
    expect(sent[0].body).toContain(`将于 ${plusDays(today, 2)} 24:00 结束`);

    // The member reads it in Polish too.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/prod-api/app-api/v1/messages?page=1&pageSize=50',
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'pl' },
    });
    const mine = (list.json().data.list as { id: number; title: string }[]).find((m) => m.id === sent[0].id);
    expect(mine?.title).toBe('Okres na namysł wkrótce się kończy');
  });

  it("is still sent on the period's last day when the sweep missed the earlier ones, never after it ends", async () => {
    const late = await paidPolicy(ctx, owner, medical);
    await issuedOn(late, plusDays(today, -15));
    const over = await paidPolicy(ctx, owner, medical);
    await issuedOn(over, plusDays(today, -16));
    await sendPolicyReminders(ctx.app);
    expect(await reminders(late, 'cooling_off_ending')).toHaveLength(1);
    expect(await reminders(over, 'cooling_off_ending')).toHaveLength(0);
  });

  it('is not sent for a product without cooling-off period', async () => {
    const p = await paidPolicy(ctx, owner, accident);
    await issuedOn(p, plusDays(today, -1));
    await sendPolicyReminders(ctx.app);
    expect(await reminders(p, 'cooling_off_ending')).toHaveLength(0);
  });

  it('保留 (keep) records the choice once and stops the reminder; surrender stays possible', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    await issuedOn(p, plusDays(today, -5));
    const kept = await call<KeepResult>('POST', `order/policyInfo/${p.policyId}/keep`, owner);
    expect(kept.status, kept.msg).toBe(200);
    expect(kept.msg).toBe('已保留保单，犹豫期内仍可退保');
    const again = await call<KeepResult>('POST', `order/policyInfo/${p.policyId}/keep`, owner);
    expect(again.data.keptAt).toBe(kept.data.keptAt);
    const detail = await call<PolicyDetail>('GET', `order/policyInfo/${p.policyId}`, owner);
    expect(detail.data.coolingOffKeptAt).toBe(kept.data.keptAt);
    expect(detail.data.actions.surrender.allowed).toBe(true);

    await issuedOn(p, plusDays(today, -13));
    await sendPolicyReminders(ctx.app);
    expect(await reminders(p, 'cooling_off_ending')).toHaveLength(0);
  });

  it("保留 is refused outside the period, after a surrender, and for someone else's policy", async () => {
    const none = await paidPolicy(ctx, owner, accident);
    expect(await call('POST', `order/policyInfo/${none.policyId}/keep`, owner)).toMatchObject({
      status: 400,
      code: 'A0460',
      msg: '本产品无犹豫期',
    });
    const ended = await paidPolicy(ctx, owner, medical);
    await issuedOn(ended, plusDays(today, -16));
    expect(await call('POST', `order/policyInfo/${ended.policyId}/keep`, owner)).toMatchObject({
      status: 400,
      code: 'A0460',
    });

    const p = await paidPolicy(ctx, owner, medical);
    expect(await call('POST', `order/policyInfo/${p.policyId}/keep`, stranger)).toMatchObject({
      status: 404,
      code: 'A0404',
    });
    const [row] = await db
      .select({ kept: policies.coolingOffKeptAt })
      .from(policies)
      .where(eq(policies.id, p.policyId));
    expect(row.kept).toBeNull();
    expect((await call('POST', `order/policyInfo/${p.policyId}/surrender`, owner, { reason: '不需要了' })).status).toBe(
      200,
    );
    expect(await call('POST', `order/policyInfo/${p.policyId}/keep`, owner)).toMatchObject({
      status: 409,
      code: 'A0409',
      msg: '保单已退保，无需保留',
    });
  });

  it('退保 from the reminder goes through the surrender rules, and a surrendered policy gets no reminder', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    await issuedOn(p, plusDays(today, -13));
    await sendPolicyReminders(ctx.app);
    expect(await reminders(p, 'cooling_off_ending')).toHaveLength(1);
    expect(
      await call('POST', `order/policyInfo/${p.policyId}/surrender`, stranger, { reason: '不需要了' }),
    ).toMatchObject({ status: 404 });
    const done = await call<SurrenderResult>('POST', `order/policyInfo/${p.policyId}/surrender`, owner, {
      reason: '不需要了',
    });
    expect(done.status, done.msg).toBe(200);
    expect(done.data).toMatchObject({ status: 'surrendered', refundFen: p.order.premiumFen });

    const q = await paidPolicy(ctx, owner, medical);
    expect((await call('POST', `order/policyInfo/${q.policyId}/surrender`, owner, { reason: '不需要了' })).status).toBe(
      200,
    );
    await issuedOn(q, plusDays(today, -13));
    await endsOn(q, plusDays(today, 5));
    await sendPolicyReminders(ctx.app);
    expect(await reminders(q, 'cooling_off_ending')).toHaveLength(0);
    expect(await reminders(q, 'renewal_due')).toHaveLength(0);
  });
});

describe('renewal reminders (30 and 7 days before a renewable policy ends)', () => {
  it('sends the 30-day reminder on its day, once, then the 7-day one', async () => {
    const p = await paidPolicy(ctx, owner, accident);
    await endsOn(p, plusDays(today, 30));
    await sendPolicyReminders(ctx.app);
    expect(await reminders(p, 'renewal_due')).toHaveLength(0);

    await endsOn(p, plusDays(today, 29));
    await Promise.all([sendPolicyReminders(ctx.app), sendPolicyReminders(ctx.app)]);
    await sendPolicyReminders(ctx.app);
    const first = await reminders(p, 'renewal_due');
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      title: '保单即将到期，可一键续保',
      link: `/policy/index?id=${p.policyId}&ask=renew`,
    });
    expect(first[0].body).toContain(`将于 ${plusDays(today, 29)} 24:00 到期，还有 30 天`);

    await endsOn(p, plusDays(today, 7));
    await sendPolicyReminders(ctx.app);
    expect(await reminders(p, 'renewal_due')).toHaveLength(1);
    await endsOn(p, plusDays(today, 6));
    await sendPolicyReminders(ctx.app);
    await sendPolicyReminders(ctx.app);
    const both = await reminders(p, 'renewal_due');
    expect(both).toHaveLength(2);
    expect(both.map((m) => m.body).join()).toContain('还有 7 天');
  });

  it('is not sent for short-term (non-renewable) policies, nor after the end', async () => {
    const trip = await paidPolicy(ctx, owner, travel, { termDays: 7 });
    await endsOn(trip, plusDays(today, 5));
    const ended = await paidPolicy(ctx, owner, accident);
    await endsOn(ended, plusDays(today, -1));
    await sendPolicyReminders(ctx.app);
    expect(await reminders(trip, 'renewal_due')).toHaveLength(0);
    expect(await reminders(ended, 'renewal_due')).toHaveLength(0);
    expect((await call<PolicyDetail>('GET', `order/policyInfo/${trip.policyId}`, owner)).data.renewable).toBe(false);
    expect((await call<PolicyDetail>('GET', `order/policyInfo/${ended.policyId}`, owner)).data.renewable).toBe(true);
    const answer = await call<RenewalAnswer>('POST', `order/policyInfo/${trip.policyId}/renewal`, owner);
    expect(answer.data).toMatchObject({ draftId: null, refusal: { code: 'not_renewable' } });
    expect(
      (await call<RenewalAnswer>('POST', `order/policyInfo/${ended.policyId}/renewal`, owner)).data.refusal?.code,
    ).toBe('ended');
  });
});

describe('POST /order/policyInfo/{id}/renewal', () => {
  it('makes a draft pre-filled from the policy, the same one when asked again, that reaches an order and payment', async () => {
    const insured = person('王续保', yearsBefore(startDate(), 30), 211);
    const p = await paidPolicy(ctx, owner, accident, {
      planCode: 'standard',
      insured: { ...insured, relation: 'spouse' },
    });
    const end = plusDays(today, 20);
    await endsOn(p, end);
    const answer = await call<RenewalAnswer>('POST', `order/policyInfo/${p.policyId}/renewal`, owner);
    expect(answer.status, answer.msg).toBe(200);
    expect(answer.data).toMatchObject({
      policyId: p.policyId,
      productId: accident.id,
      startDate: plusDays(end, 1),
      refusal: null,
    });
    const draftId = answer.data.draftId!;
    expect((await call<RenewalAnswer>('POST', `order/policyInfo/${p.policyId}/renewal`, owner)).data.draftId).toBe(
      draftId,
    );

    const draft = (await call<Draft>('GET', `order/drafts/${draftId}`, owner)).data;
    expect(draft).toMatchObject({
      productId: accident.id,
      versionId: accident.versionId,
      onSale: true,
      planCode: 'standard',
      termDays: 365,
      startDate: plusDays(end, 1),
      step: 'confirm',
      applicant: { name: '李投保', idType: 'id_card', email: 'li@example.com' },
      insured: { relation: 'spouse', name: '王续保', idNumber: insured.idNumber, idType: 'id_card' },
    });
    expect(draft.progress.ready).toBe(false);

    // Another member can use neither the reminder's renewal nor its draft.
    expect(await call('POST', `order/policyInfo/${p.policyId}/renewal`, stranger)).toMatchObject({
      status: 404,
      code: 'A0404',
    });
    expect(await call('GET', `order/drafts/${draftId}`, stranger)).toMatchObject({ status: 404 });
    expect(await call('POST', `order/drafts/${draftId}/submit`, stranger, {})).toMatchObject({ status: 404 });

    // One confirmation (documents, consent) and the payment.
    await completeTrail(ctx, owner, draftId, accident);
    const order = await submit(ctx, owner, draftId);
    expect(order.status, order.msg).toBe(200);
    expect(order.data).toMatchObject({ startDate: plusDays(end, 1), premiumFen: p.order.premiumFen });
    await payOrder(ctx, owner, order.data);

    // Renewed: no 7-day reminder, and the renewal answers so.
    await endsOn(p, plusDays(today, 5));
    await sendPolicyReminders(ctx.app);
    expect(await reminders(p, 'renewal_due')).toHaveLength(0);
    expect(
      (await call<RenewalAnswer>('POST', `order/policyInfo/${p.policyId}/renewal`, owner)).data.refusal?.code,
    ).toBe('renewed');
  });

  it('counts against the open-draft limit of 草稿箱 like any other draft', async () => {
    const p = await paidPolicy(ctx, owner, accident);
    await endsOn(p, plusDays(today, 20));
    const open = and(eq(orderDrafts.memberId, owner.memberId), eq(orderDrafts.status, 'open'));
    const [{ n }] = await db.select({ n: count() }).from(orderDrafts).where(open);
    const filler = await db
      .insert(orderDrafts)
      .values(
        Array.from({ length: MAX_OPEN_DRAFTS - n }, () => ({
          memberId: owner.memberId,
          productId: travel.id,
          versionId: travel.versionId,
        })),
      )
      .returning({ id: orderDrafts.id });
    try {
      const refused = await call('POST', `order/policyInfo/${p.policyId}/renewal`, owner);
      expect(refused).toMatchObject({ status: 400, code: 'A0420' });
      expect((await db.select({ n: count() }).from(orderDrafts).where(open))[0].n).toBe(MAX_OPEN_DRAFTS);
    } finally {
      await db.delete(orderDrafts).where(
        inArray(
          orderDrafts.id,
          filler.map((f) => f.id),
        ),
      );
    }
  });

  it('while the renewal order waits for payment answers so; once that order is cancelled, makes a new draft', async () => {
    const p = await paidPolicy(ctx, owner, accident);
    await endsOn(p, plusDays(today, 10));
    const first = (await call<RenewalAnswer>('POST', `order/policyInfo/${p.policyId}/renewal`, owner)).data.draftId!;
    await completeTrail(ctx, owner, first, accident);
    const order = await submit(ctx, owner, first);
    expect(order.status, order.msg).toBe(200);
    expect(
      (await call<RenewalAnswer>('POST', `order/policyInfo/${p.policyId}/renewal`, owner)).data.refusal?.code,
    ).toBe('renewed');
    expect((await call('POST', `order/${order.data.id}/cancel`, owner)).status).toBe(200);
    const again = await call<RenewalAnswer>('POST', `order/policyInfo/${p.policyId}/renewal`, owner);
    expect(again.data.refusal).toBeNull();
    expect(again.data.draftId).not.toBe(first);
    expect((await call<Draft>('GET', `order/drafts/${again.data.draftId}`, owner)).data.startDate).toBe(
      plusDays(today, 11),
    );
  });

  it('refuses politely: product off sale, the insured too old by then, too early', async () => {
    // 60 at the start of the policy (age limit 18–60), 61 on his birthday 10 days later, before the renewal would start.
    const old = await paidPolicy(ctx, owner, accident, {
      applicant: { ...person('老周', yearsBefore(startDate(10), 61), 233), email: 'z@example.com' },
    });
    await endsOn(old, plusDays(today, 20));
    const aged = await call<RenewalAnswer>('POST', `order/policyInfo/${old.policyId}/renewal`, owner);
    expect(aged.data).toMatchObject({ draftId: null, refusal: { code: 'insured_age', min: 18, max: 60 } });
    expect(aged.data.refusal?.message).toContain('被保险人老周续保起保时 61 周岁');

    const early = await paidPolicy(ctx, owner, accident);
    await endsOn(early, plusDays(today, 100));
    const tooEarly = await call<RenewalAnswer>('POST', `order/policyInfo/${early.policyId}/renewal`, owner);
    expect(tooEarly.data.refusal).toMatchObject({ code: 'too_early', from: plusDays(today, 71) });

    const p = await paidPolicy(ctx, owner, medical);
    await endsOn(p, plusDays(today, 20));
    await db.update(products).set({ status: 'off_sale' }).where(eq(products.id, medical.id));
    try {
      const answer = await call<RenewalAnswer>('POST', `order/policyInfo/${p.policyId}/renewal`, owner);
      expect(answer.data).toMatchObject({
        draftId: null,
        refusal: { code: 'off_sale', message: '该产品已停售，不能续保，可选择其他产品投保' },
      });
      await endsOn(p, plusDays(today, 6));
      await sendPolicyReminders(ctx.app);
      expect(await reminders(p, 'renewal_due')).toHaveLength(0);
    } finally {
      await db.update(products).set({ status: 'on_sale' }).where(eq(products.id, medical.id));
    }
  });
});
