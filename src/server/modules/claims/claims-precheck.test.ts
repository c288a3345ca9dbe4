import { describe, expect, it } from 'vitest';
import type { ClaimPrecheckResult } from '#shared/claims.ts';
import type { PolicyDetail } from '#shared/policies.ts';
import { setupTestApp } from '../../test/helper.ts';
import { backdate } from '../../test/policies.ts';
import { paidPolicy, productByCode } from '../../test/buying.ts';
import { beijingToday, plusDays } from '../../test/dates.ts';
import { api, V1 } from '../../test/http.ts';
import { signIn, type Caller } from '../../test/sign-in.ts';

/**
 * `POST /claims/precheck` against the demo catalogue's rules (docs/decisions/claim-pre-check.md):
 * 百万医疗险 标准版 (30-day waiting period; 一般医疗 3,000,000 元 with a 10,000 元 deductible, 100 %
 * with social insurance, 60 % without) and 综合意外险 基础版 (意外医疗 20,000 元, no deductible, 100 % / 60 %).
 */

const ctx = await setupTestApp();
const call = api(ctx);
const owner = await signIn(ctx, 'demo.member');
const stranger = await signIn(ctx, 'demo.partner');
const medical = await productByCode(ctx, 'MED-BW');
const accident = await productByCode(ctx, 'ACC-ZH');
const today = beijingToday();
const WAN = 1_000_000;

async function policy(who: Caller, product: typeof medical, daysAgo: number): Promise<PolicyDetail> {
  const paid = await paidPolicy(ctx, who, product);
  if (daysAgo) await backdate(ctx, paid.policyId, daysAgo);
  return (await call<PolicyDetail>('GET', `order/policyInfo/${paid.policyId}`, who)).data;
}

// Medical bought 10 days ago (inside its waiting period) and 60 days ago; accident in force for 30 days,
// one starting in a few days, one that ended; a medical policy surrendered in its cooling-off period.
const medical10 = await policy(owner, medical, 10);
const medical60 = await policy(owner, medical, 60);
const accident30 = await policy(owner, accident, 30);
const accidentPending = await policy(owner, accident, 0);
const accidentLapsed = await policy(owner, accident, 400);
const surrendered = await policy(owner, medical, 5);
expect((await call('POST', `order/policyInfo/${surrendered.id}/surrender`, owner, { reason: '重复投保' })).status).toBe(
  200,
);
const strangers = await policy(stranger, accident, 30);

const precheck = (p: PolicyDetail, over: Record<string, unknown> = {}, who: Caller | null = owner) =>
  call<ClaimPrecheckResult>('POST', 'claims/precheck', who, {
    policyId: p.id,
    insuredId: p.insured[0].id,
    type: 'accident_medical',
    incidentDate: plusDays(today, -1),
    ...over,
  });

interface Case {
  name: string;
  policy: () => PolicyDetail;
  body: Record<string, unknown>;
  verdict: string;
  reason: string;
  estimate?: { minFen: number; maxFen: number } | null;
  canReport?: boolean;
}

const cases: Case[] = [
  {
    name: 'not in force yet (cover starts in a few days)',
    policy: () => accidentPending,
    body: { incidentDate: today },
    verdict: 'not_covered',
    reason: 'not_in_force_yet',
    canReport: false,
  },
  {
    name: 'lapsed (the incident after the end date)',
    policy: () => accidentLapsed,
    body: { incidentDate: plusDays(accidentLapsed.endDate, 1) },
    verdict: 'not_covered',
    reason: 'lapsed',
    canReport: false,
  },
  {
    name: 'surrendered',
    policy: () => surrendered,
    body: { type: 'hospital', incidentDate: plusDays(today, -2), amountFen: 50 * WAN },
    verdict: 'not_covered',
    reason: 'surrendered',
    canReport: false,
  },
  {
    name: 'illness inside the 30-day waiting period',
    policy: () => medical10,
    body: { type: 'hospital', amountFen: 5 * WAN },
    verdict: 'not_covered',
    reason: 'waiting_period',
  },
  {
    name: 'an accident inside the waiting period is covered',
    policy: () => medical10,
    body: { type: 'accident_medical', amountFen: 3 * WAN, socialInsurance: 'yes' },
    verdict: 'covered',
    reason: 'covered',
    estimate: { minFen: 2 * WAN, maxFen: 2 * WAN },
  },
  {
    name: 'illness after the waiting period is covered',
    policy: () => medical60,
    body: { type: 'hospital', amountFen: 3 * WAN, socialInsurance: 'yes' },
    verdict: 'covered',
    reason: 'covered',
    estimate: { minFen: 2 * WAN, maxFen: 2 * WAN },
  },
  {
    name: 'a type the plan does not cover (travel delay on medical)',
    policy: () => medical60,
    body: { type: 'travel_delay' },
    verdict: 'not_covered',
    reason: 'type_not_covered',
  },
  {
    name: 'a hospital stay on the accident policy',
    policy: () => accident30,
    body: { type: 'hospital', amountFen: 800_000 },
    verdict: 'not_covered',
    reason: 'type_not_covered',
  },
  {
    name: 'amount under the 10,000 元 deductible',
    policy: () => medical60,
    body: { type: 'hospital', amountFen: 800_000, socialInsurance: 'yes' },
    verdict: 'not_covered',
    reason: 'under_deductible',
    estimate: { minFen: 0, maxFen: 0 },
  },
  {
    name: 'amount exactly the deductible',
    policy: () => medical60,
    body: { type: 'hospital', amountFen: WAN },
    verdict: 'not_covered',
    reason: 'under_deductible',
    estimate: { minFen: 0, maxFen: 0 },
  },
  {
    name: 'over the limit (意外医疗 20,000 元)',
    policy: () => accident30,
    body: { amountFen: 5 * WAN, socialInsurance: 'yes' },
    verdict: 'covered',
    reason: 'over_limit',
    estimate: { minFen: 2 * WAN, maxFen: 2 * WAN },
  },
  {
    name: 'without social insurance: 60 % after the deductible',
    policy: () => medical60,
    body: { type: 'hospital', amountFen: 6 * WAN, socialInsurance: 'no' },
    verdict: 'covered',
    reason: 'covered',
    estimate: { minFen: 3 * WAN, maxFen: 3 * WAN },
  },
  {
    name: 'social insurance unknown: the range between 60 % and 100 %',
    policy: () => medical60,
    body: { type: 'hospital', amountFen: 6 * WAN },
    verdict: 'covered',
    reason: 'covered',
    estimate: { minFen: 3 * WAN, maxFen: 5 * WAN },
  },
  {
    name: 'no amount: no estimate',
    policy: () => accident30,
    body: {},
    verdict: 'covered',
    reason: 'covered',
    estimate: null,
  },
  {
    name: 'death or disability needs the assessment',
    policy: () => accident30,
    body: { type: 'death_disability', amountFen: 80 * WAN },
    verdict: 'needs_review',
    reason: 'assessment_required',
    estimate: { minFen: 50 * WAN, maxFen: 50 * WAN },
  },
  {
    name: '其他 is for staff to judge',
    policy: () => accident30,
    body: { type: 'other' },
    verdict: 'needs_review',
    reason: 'manual_review',
  },
];

describe('POST /claims/precheck', () => {
  it.each(cases)('$name → $verdict / $reason', async (c) => {
    const res = await precheck(c.policy(), c.body);
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({ verdict: c.verdict, reason: c.reason, canReport: c.canReport ?? true });
    if (c.estimate !== undefined) expect(res.data.estimate).toEqual(c.estimate);
    expect(res.data.reasonText).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('names the coverage, its deductible, ratios and limit, and the period or waiting period in the params', async () => {
    const covered = (await precheck(medical60, { type: 'hospital', amountFen: 3 * WAN })).data;
    expect(covered.coverage).toEqual({
      name: '一般医疗保险金',
      limitFen: 300 * WAN,
      deductibleFen: WAN,
      percentWithSocialInsurance: 100,
      percentWithoutSocialInsurance: 60,
    });
    expect(covered.params).toMatchObject({ coverage: '一般医疗保险金', limitFen: 300 * WAN, deductibleFen: WAN });
    const waiting = (await precheck(medical10, { type: 'hospital' })).data;
    expect(waiting.params).toEqual({
      days: 30,
      start: medical10.startDate,
      waitingEnds: plusDays(medical10.startDate, 29),
    });
    expect(waiting.reasonText).toContain(plusDays(medical10.startDate, 29));
    const early = (await precheck(accidentPending, { incidentDate: today })).data;
    expect(early.params).toEqual({ start: accidentPending.startDate, end: accidentPending.endDate });
    const notCovered = (await precheck(accident30, { type: 'travel_delay' })).data;
    expect(notCovered).toMatchObject({
      params: { plan: '基础版', type: 'travel_delay' },
      coverage: null,
      estimate: null,
    });
    expect(notCovered.reasonText).toBe('所选方案“基础版”不承担“旅行延误”的保险责任。');
  });

  it('lists the exact materials of the claim type, as the guide does', async () => {
    const guide = (await call<{ types: { type: string; documents: string[] }[] }>('GET', 'claims/guide', null)).data;
    for (const type of ['accident_medical', 'hospital', 'death_disability', 'travel_delay', 'other']) {
      const res = (await precheck(medical60, { type })).data;
      expect(
        res.materials.map((m) => m.text),
        type,
      ).toEqual(guide.types.find((t) => t.type === type)!.documents);
    }
    expect((await precheck(medical60, { type: 'hospital' })).data.materials.map((m) => m.code)).toEqual([
      'form',
      'identity',
      'discharge',
      'diagnosis',
      'invoice',
      'bank',
    ]);
  });

  it('answers in Polish where the version has the names (Accept-Language: pl), reason and materials written in Polish', async () => {
    const res = await precheck(
      medical60,
      { type: 'hospital', amountFen: 3 * WAN },
      { ...owner, headers: { ...owner.headers, 'accept-language': 'pl' } as typeof owner.headers },
    );
    expect(res.data.reason).toBe('covered');
    expect(res.data.coverage!.name).not.toBe('一般医疗保险金');
    expect(res.data.params.coverage).toBe(res.data.coverage!.name);
    // The reason and the materials are written in Polish too, naming the Polish coverage.
    expect(res.data.reasonText).toBe(
      `Objęte świadczeniem „${res.data.coverage!.name}”: suma ubezpieczenia ¥3,000,000.00, udział własny ¥10,000.00.`,
    );
    expect(res.data.materials.map((m) => m.text).join()).not.toMatch(/\p{Script=Han}/u);
  });

  it("another member's policy answers 404 like a missing one; no token 401", async () => {
    expect(await precheck(strangers)).toMatchObject({ status: 404, code: 'A0404' });
    expect(
      await call('POST', 'claims/precheck', owner, {
        policyId: 999_999,
        insuredId: 1,
        type: 'hospital',
        incidentDate: today,
      }),
    ).toMatchObject({ status: 404, code: 'A0404' });
    expect((await precheck(accident30, {}, null)).status).toBe(401);
  });

  it('bad input answers 400 in the envelope, naming the field, in Chinese', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ type: 'flood' }, 'type'],
      [{ incidentDate: '2026-02-30' }, 'incidentDate'],
      [{ incidentDate: plusDays(today, 1) }, 'incidentDate'],
      [{ amountFen: 0 }, 'amountFen'],
      [{ amountFen: 12.5 }, 'amountFen'],
      [{ amountFen: '100' }, 'amountFen'],
      [{ socialInsurance: 'maybe' }, 'socialInsurance'],
      [{ insuredId: medical60.insured[0].id }, 'insuredId'],
      [{ policyId: -1 }, 'policyId'],
    ];
    for (const [over, field] of bad) {
      const res = await precheck(accident30, over);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.code, JSON.stringify(over)).toBe('A0400');
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
      expect(JSON.stringify(res.data), JSON.stringify(over)).toContain(field);
    }
    const missing = await call('POST', 'claims/precheck', owner, { policyId: accident30.id });
    expect(missing).toMatchObject({ status: 400, code: 'A0410' });
    const raw = await ctx.app.inject({
      method: 'POST',
      url: `${V1}/claims/precheck`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{"policyId":',
    });
    expect(raw.statusCode).toBe(400);
  });
});
