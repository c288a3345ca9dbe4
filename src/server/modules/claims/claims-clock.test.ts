import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ClaimDeskList, ClaimDetail } from '#shared/claims.ts';
import type { PolicyDetail } from '#shared/policies.ts';
import { claims } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { backdate } from '../../test/policies.ts';
import { claimClock, clockOnStep } from './clock.ts';
import { fileBytes, report, upload } from '../../test/claims.ts';
import { paidPolicy, productByCode } from '../../test/buying.ts';
import { beijingToday, plusDays } from '../../test/dates.ts';
import { api } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

/**
 * The statutory clock of claims (Insurance Law art. 23, docs/domain.md#claim-deadlines): decision
 * due 30 Beijing days after the materials are complete (审核中), payment 10 days after the
 * agreement (已结案); shown to the member, and the desk sorts by the running deadline.
 */

const at = (iso: string) => new Date(iso);

describe('clock dates (Beijing calendar)', () => {
  it.each([
    ['2026-01-31T15:30:00Z', '2026-01-31', '2026-03-02'], // 23:30 Beijing on 31 January
    ['2026-01-31T16:30:00Z', '2026-02-01', '2026-03-03'], // 00:30 Beijing: already 1 February
    ['2028-01-31T04:00:00Z', '2028-01-31', '2028-03-01'], // across a 29 February
    ['2026-12-15T02:00:00Z', '2026-12-15', '2027-01-14'], // across the year end
    ['2026-04-30T10:00:00Z', '2026-04-30', '2026-05-30'],
  ])('materials complete at %s (Beijing %s): decision due %s', (moment, day, due) => {
    expect(clockOnStep('reviewing', at(moment))).toEqual({ materialsCompleteAt: at(moment), decisionDueOn: due });
    expect(
      claimClock(
        {
          status: 'reviewing',
          paidAt: null,
          materialsCompleteAt: at(moment),
          decisionDueOn: due,
          decidedAt: null,
          paymentDueOn: null,
        },
        at(moment),
      ),
    ).toMatchObject({
      materialsCompleteOn: day,
      decisionDueOn: due,
      running: { kind: 'decision', dueOn: due, daysLeft: 30, urgency: 'ok' },
    });
  });

  it.each([
    ['2026-02-20T03:00:00Z', '2026-03-02'],
    ['2028-02-20T03:00:00Z', '2028-03-01'],
    ['2026-08-25T17:00:00Z', '2026-09-05'], // 01:00 Beijing on 26 August
    ['2026-12-31T08:00:00Z', '2027-01-10'],
  ])('agreed at %s: payment due %s', (moment, due) => {
    expect(clockOnStep('closed', at(moment))).toEqual({ decidedAt: at(moment), paymentDueOn: due });
  });

  it('is due soon from 5 days before the due date to the day itself, then overdue', () => {
    const clock = (today: string) =>
      claimClock(
        {
          status: 'reviewing',
          paidAt: null,
          materialsCompleteAt: at('2026-05-01T02:00:00Z'),
          decisionDueOn: '2026-05-31',
          decidedAt: null,
          paymentDueOn: null,
        },
        at(`${today}T02:00:00Z`),
      ).running;
    expect(clock('2026-05-25')).toMatchObject({ daysLeft: 6, urgency: 'ok' });
    expect(clock('2026-05-26')).toMatchObject({ daysLeft: 5, urgency: 'due_soon' });
    expect(clock('2026-05-31')).toMatchObject({ daysLeft: 0, urgency: 'due_soon' });
    expect(clock('2026-06-01')).toMatchObject({ daysLeft: -1, urgency: 'overdue' });
  });

  it('adds the days spent in 补充材料 to the due date instead of starting again', () => {
    const before = {
      status: 'supplement' as const,
      decisionDueOn: '2026-05-31',
      supplementSince: at('2026-05-20T01:00:00Z'),
    };
    expect(clockOnStep('reviewing', at('2026-05-27T01:00:00Z'), before)).toEqual({
      materialsCompleteAt: at('2026-05-27T01:00:00Z'),
      decisionDueOn: '2026-06-07',
    });
    // From 已报案 the 30 days start.
    expect(
      clockOnStep('reviewing', at('2026-05-27T01:00:00Z'), {
        status: 'reported',
        decisionDueOn: null,
        supplementSince: null,
      }).decisionDueOn,
    ).toBe('2026-06-26');
  });

  it('runs nothing while materials are awaited or once finished', () => {
    const columns = {
      materialsCompleteAt: at('2026-05-01T02:00:00Z'),
      decisionDueOn: '2026-05-31',
      decidedAt: at('2026-05-10T02:00:00Z'),
      paymentDueOn: '2026-05-20',
      paidAt: null,
    };
    for (const status of ['reported', 'supplement', 'rejected', 'paid'] as const)
      expect(claimClock({ status, ...columns }, at('2026-05-12T00:00:00Z')).running, status).toBeNull();
    expect(claimClock({ status: 'closed', ...columns }, at('2026-05-12T00:00:00Z')).running).toEqual({
      kind: 'payment',
      dueOn: '2026-05-20',
      daysLeft: 8,
      urgency: 'ok',
    });
  });
});

const ctx = await setupTestApp();
const db = ctx.database.db;
const call = api(ctx);
const member = await signIn(ctx, 'demo.member');
const staff = await signIn(ctx, 'demo.channel');
const accident = await productByCode(ctx, 'ACC-ZH');
const paid = await paidPolicy(ctx, member, accident);
await backdate(ctx, paid.policyId, 30);
const policy = (await call<PolicyDetail>('GET', `order/policyInfo/${paid.policyId}`, member)).data;
const today = beijingToday();

const move = async (id: number, to: string, extra: Record<string, unknown> = {}) => {
  const res = await call<ClaimDetail>('POST', `claims/${id}/transition`, staff, { to, ...extra });
  expect(res.status, res.msg).toBe(200);
  return res.data;
};
const detail = async (id: number) => (await call<ClaimDetail>('GET', `claims/${id}`, member)).data;

describe('the clock on a claim', () => {
  it('starts when the materials are complete (审核中), moves to the payment once agreed, stops when paid', async () => {
    const c = await report(ctx, member, policy);
    expect(c.clock).toEqual({
      materialsCompleteOn: null,
      decisionDueOn: null,
      decidedOn: null,
      paymentDueOn: null,
      paidOn: null,
      running: null,
    });
    await move(c.id, 'reviewing');
    expect((await detail(c.id)).clock).toEqual({
      materialsCompleteOn: today,
      decisionDueOn: plusDays(today, 30),
      decidedOn: null,
      paymentDueOn: null,
      paidOn: null,
      running: { kind: 'decision', dueOn: plusDays(today, 30), daysLeft: 30, urgency: 'ok' },
    });
    await move(c.id, 'closed', { note: '同意赔付' });
    expect((await detail(c.id)).clock).toMatchObject({
      decidedOn: today,
      paymentDueOn: plusDays(today, 10),
      running: { kind: 'payment', dueOn: plusDays(today, 10), daysLeft: 10, urgency: 'ok' },
    });
    await move(c.id, 'paid', { paidFen: 300_000 });
    expect((await detail(c.id)).clock).toMatchObject({
      paidOn: today,
      paymentDueOn: plusDays(today, 10),
      running: null,
    });
  });

  it('pauses while 补充材料: the days the member took are added to the due date', async () => {
    const c = await report(ctx, member, policy);
    await move(c.id, 'reviewing');
    // As if the desk had accepted the materials 20 days ago.
    await db
      .update(claims)
      .set({ materialsCompleteAt: new Date(Date.now() - 20 * 86_400_000), decisionDueOn: plusDays(today, 10) })
      .where(eq(claims.id, c.id));
    await move(c.id, 'supplement', { note: '请补充诊断证明' });
    expect((await detail(c.id)).clock).toMatchObject({ decisionDueOn: plusDays(today, 10), running: null });
    // Asked 4 days ago; the member uploads and sends it back today.
    await db
      .update(claims)
      .set({ supplementSince: new Date(Date.now() - 4 * 86_400_000) })
      .where(eq(claims.id, c.id));
    expect((await upload(ctx, member, c.id, [{ bytes: fileBytes.pdf() }])).status).toBe(200);
    expect((await call('POST', `claims/${c.id}/supplement`, member, {})).status).toBe(200);
    expect((await detail(c.id)).clock).toMatchObject({
      materialsCompleteOn: today,
      decisionDueOn: plusDays(today, 14),
      running: { kind: 'decision', daysLeft: 14 },
    });
  });

  it('a refusal is a decision: no payment is due', async () => {
    const c = await report(ctx, member, policy);
    await move(c.id, 'reviewing');
    await move(c.id, 'rejected', { note: '不在保险责任范围内' });
    expect((await detail(c.id)).clock).toMatchObject({ decidedOn: today, paymentDueOn: null, running: null });
  });
});

describe('the desk by deadline', () => {
  it('lists running deadlines nearest first (overdue first), marking those within 5 days and past; then the other open claims', async () => {
    const setDue = async (id: number, column: 'decisionDueOn' | 'paymentDueOn', days: number) =>
      db
        .update(claims)
        .set({ [column]: plusDays(today, days) })
        .where(eq(claims.id, id));
    const waiting = await report(ctx, member, policy);
    const far = await report(ctx, member, policy);
    await move(far.id, 'reviewing');
    const soon = await report(ctx, member, policy);
    await move(soon.id, 'reviewing');
    await setDue(soon.id, 'decisionDueOn', 5);
    const late = await report(ctx, member, policy);
    await move(late.id, 'reviewing');
    await setDue(late.id, 'decisionDueOn', -2);
    const payment = await report(ctx, member, policy);
    await move(payment.id, 'reviewing');
    await move(payment.id, 'closed');
    await setDue(payment.id, 'paymentDueOn', 3);

    const desk = (
      await call<ClaimDeskList>(
        'GET',
        `claims/desk?status=open&keyword=${encodeURIComponent(policy.policyNo)}&pageSize=50`,
        staff,
      )
    ).data;
    const mine = new Set([waiting.id, far.id, soon.id, late.id, payment.id]);
    const rows = desk.list.filter((r) => mine.has(r.id));
    expect(rows.map((r) => r.id)).toEqual([late.id, payment.id, soon.id, far.id, waiting.id]);
    expect(
      rows.map((r) => r.clock.running && [r.clock.running.kind, r.clock.running.daysLeft, r.clock.running.urgency]),
    ).toEqual([
      ['decision', -2, 'overdue'],
      ['payment', 3, 'due_soon'],
      ['decision', 5, 'due_soon'],
      ['decision', 30, 'ok'],
      null,
    ]);
  });
});
