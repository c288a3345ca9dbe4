import { and, count, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES, CLAIM_TRANSITIONS, type ClaimDetail, type ClaimStatus } from '#shared/claims.ts';
import type { PolicyDetail } from '#shared/policies.ts';
import { claimEvents, messages } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { backdate } from '../../test/policies.ts';
import { fileBytes, report, upload } from '../../test/claims.ts';
import { paidPolicy, productByCode } from '../../test/buying.ts';
import { api, V1 } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

const ctx = await setupTestApp();
const db = ctx.database.db;
const call = api(ctx);
const owner = await signIn(ctx, 'demo.member');
const stranger = await signIn(ctx, 'demo.partner');
const company = await signIn(ctx, 'demo.company');
const staff = await signIn(ctx, 'demo.channel');
const accident = await productByCode(ctx, 'ACC-ZH');

const paid = await paidPolicy(ctx, owner, accident);
await backdate(ctx, paid.policyId, 30);
const policy = (await call<PolicyDetail>('GET', `order/policyInfo/${paid.policyId}`, owner)).data;

const move = (id: number, to: ClaimStatus, extra: Record<string, unknown> = {}, who = staff) =>
  call<ClaimDetail>('POST', `claims/${id}/transition`, who, { to, ...extra });

/** What a legal step needs besides its target. */
const needs = (to: ClaimStatus): Record<string, unknown> =>
  to === 'supplement'
    ? { note: '请补充医院出具的诊断证明' }
    : to === 'rejected'
      ? { note: '事故发生在等待期内' }
      : to === 'paid'
        ? { paidFen: 300_000 }
        : {};

/** A fresh claim moved along legal steps into `status`. */
async function claimIn(status: ClaimStatus): Promise<ClaimDetail> {
  const path: Record<ClaimStatus, ClaimStatus[]> = {
    reported: [],
    reviewing: ['reviewing'],
    supplement: ['reviewing', 'supplement'],
    closed: ['reviewing', 'closed'],
    rejected: ['reviewing', 'rejected'],
    paid: ['reviewing', 'closed', 'paid'],
  };
  let claim = await report(ctx, owner, policy);
  for (const to of path[status]) {
    const res = await move(claim.id, to, needs(to));
    expect(res.status, res.msg).toBe(200);
    claim = res.data;
  }
  expect(claim.status).toBe(status);
  return claim;
}

/** Claim messages and events of one claim (messages name the claim number). */
async function trail(claim: ClaimDetail) {
  const [m] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.memberId, owner.memberId), like(messages.body, `%${claim.claimNo}%`)));
  const [e] = await db.select({ n: count() }).from(claimEvents).where(eq(claimEvents.claimId, claim.id));
  return { messages: Number(m.n), events: Number(e.n) };
}

describe('the transition table', () => {
  it.each(CLAIM_STATUSES)(
    'from %s: only the listed steps are taken; the others are refused with A0470 and change nothing',
    async (from) => {
      const claim = await claimIn(from);
      const before = await trail(claim);
      for (const to of CLAIM_STATUSES.filter((s) => !CLAIM_TRANSITIONS[from].includes(s))) {
        const res = await move(claim.id, to, needs(to));
        expect(res, `${from} → ${to}`).toMatchObject({ status: 409, code: 'A0470' });
      }
      expect((await call<ClaimDetail>('GET', `claims/${claim.id}`, owner)).data.status).toBe(from);
      expect(await trail(claim)).toEqual(before);
      for (const to of CLAIM_TRANSITIONS[from]) {
        const fresh = await claimIn(from);
        const res = await move(fresh.id, to, needs(to));
        expect(res.status, `${from} → ${to}: ${res.msg}`).toBe(200);
        expect(res.data.status).toBe(to);
      }
    },
  );

  it('names both statuses when refusing', async () => {
    const claim = await claimIn('reported');
    expect((await move(claim.id, 'paid', { paidFen: 100 })).msg).toBe('理赔案件当前为“已报案”，不能变更为“已赔付”');
  });
});

describe('each step', () => {
  it('writes a timeline entry and sends the member a message; the paid amount is kept', async () => {
    const claim = await report(ctx, owner, policy, { amountFen: 500_000 });
    const steps: [ClaimStatus, Record<string, unknown>, string][] = [
      ['reviewing', {}, '理赔审核中'],
      ['supplement', { note: '请补充医院出具的诊断证明' }, '请补充理赔材料'],
      ['reviewing', { note: '材料已收到' }, '理赔审核中'],
      ['closed', { note: '同意赔付' }, '理赔审核通过'],
      ['paid', { paidFen: 480_000 }, '理赔款已支付'],
    ];
    for (const [i, [to, extra, title]] of steps.entries()) {
      const res = await move(claim.id, to, extra);
      expect(res.status, res.msg).toBe(200);
      expect(await trail(claim)).toEqual({ messages: i + 2, events: i + 2 });
      const [latest] = await db
        .select()
        .from(messages)
        .where(like(messages.body, `%${claim.claimNo}%`))
        .orderBy(messages.id)
        .then((rows) => rows.slice(-1));
      expect(latest).toMatchObject({
        memberId: owner.memberId,
        type: 'claim',
        title,
        link: `/claim/index?claimId=${claim.id}`,
      });
      if (extra.note) expect(latest.body).toContain(String(extra.note));
    }
    const done = (await call<ClaimDetail>('GET', `claims/${claim.id}`, owner)).data;
    expect(done).toMatchObject({ status: 'paid', statusText: '已赔付', paidFen: 480_000, paidAt: expect.any(String) });
    expect(done.events.map((e) => [e.status, e.actor])).toEqual([
      ['reported', 'member'],
      ['reviewing', 'staff'],
      ['supplement', 'staff'],
      ['reviewing', 'staff'],
      ['closed', 'staff'],
      ['paid', 'staff'],
    ]);
    expect(done.events[2].note).toBe('请补充医院出具的诊断证明');
    const [paidMessage] = await db
      .select()
      .from(messages)
      .where(and(like(messages.body, `%${claim.claimNo}%`), eq(messages.title, '理赔款已支付')));
    expect(paidMessage.body).toContain('¥4,800.00');
    expect(paidMessage.body).toContain('尾号 6789');
    // Staff are never named to the member.
    expect(done.events.every((e) => Object.keys(e).sort().join() === 'actor,createdAt,note,status,statusText')).toBe(
      true,
    );
  });

  it('asks for a note for 补充材料 and 拒赔, and a paid amount for 已赔付 only, up to the amount claimed', async () => {
    const reviewing = await claimIn('reviewing');
    expect(await move(reviewing.id, 'supplement')).toMatchObject({ status: 400, code: 'A0410' });
    expect(await move(reviewing.id, 'rejected', { note: '   ' })).toMatchObject({ status: 400, code: 'A0410' });
    expect(await move(reviewing.id, 'closed', { paidFen: 100 })).toMatchObject({ status: 400, code: 'A0400' });
    const closed = await claimIn('closed');
    expect(await move(closed.id, 'paid')).toMatchObject({ status: 400, code: 'A0410' });
    expect(await move(closed.id, 'paid', { paidFen: closed.amountFen + 1 })).toMatchObject({
      status: 400,
      msg: '赔付金额不能超过索赔金额 ¥3,500.00',
    });
    for (const paidFen of [0, -1, 1.5, '100'])
      expect((await move(closed.id, 'paid', { paidFen })).status, String(paidFen)).toBe(400);
    expect((await move(closed.id, 'paid', { paidFen: closed.amountFen })).status).toBe(200);
    const rejected = await move(reviewing.id, 'rejected', { note: '事故发生在保险期间之外' });
    expect(rejected.data.events.at(-1)).toMatchObject({
      status: 'rejected',
      note: '事故发生在保险期间之外',
      actor: 'staff',
    });
  });

  it("is staff work: members, company members and partners are refused (403), strangers' tokens too", async () => {
    const claim = await claimIn('reported');
    for (const who of [owner, company, stranger]) {
      expect(await move(claim.id, 'reviewing', {}, who)).toMatchObject({ status: 403, code: 'A0303' });
    }
    expect((await call('POST', `claims/${claim.id}/transition`, null, { to: 'reviewing' })).status).toBe(401);
    expect(await trail(claim)).toEqual({ messages: 1, events: 1 });
    expect(await move(99999, 'reviewing')).toMatchObject({ status: 404, code: 'A0404' });
  });

  it('malformed bodies answer 4xx', async () => {
    const claim = await claimIn('reported');
    for (const body of [{}, { to: 'approved' }, { to: 3 }, { to: 'reviewing', note: 'x'.repeat(501) }, [], null]) {
      expect((await call('POST', `claims/${claim.id}/transition`, staff, body)).status, JSON.stringify(body)).toBe(400);
    }
    const raw = await ctx.app.inject({
      method: 'POST',
      url: `${V1}/claims/${claim.id}/transition`,
      headers: { ...staff.headers, 'content-type': 'application/json' },
      payload: '{"to":',
    });
    expect(raw.statusCode).toBe(400);
    expect((await call('POST', 'claims/x/transition', staff, { to: 'reviewing' })).status).toBe(400);
  });
});

describe('补充材料', () => {
  it('the member uploads more files and sends the claim back to 审核中', async () => {
    const claim = await claimIn('supplement');
    const detail = (await call<ClaimDetail>('GET', `claims/${claim.id}`, owner)).data;
    expect(detail.actions).toEqual({ upload: true, supplement: true });
    // Nothing new yet: refused.
    expect(await call('POST', `claims/${claim.id}/supplement`, owner, {})).toMatchObject({
      status: 400,
      msg: '请先上传补充材料，再提交',
    });
    expect((await upload(ctx, owner, claim.id, [{ bytes: fileBytes.pdf() }], 'medical')).status).toBe(200);
    expect(await call('POST', `claims/${claim.id}/supplement`, stranger, {})).toMatchObject({
      status: 404,
      code: 'A0404',
    });
    const before = await trail(claim);
    const res = await call<ClaimDetail>('POST', `claims/${claim.id}/supplement`, owner, { note: '已上传诊断证明' });
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({ status: 'reviewing', actions: { upload: false, supplement: false } });
    expect(res.data.events.at(-1)).toMatchObject({ status: 'reviewing', actor: 'member', note: '已上传诊断证明' });
    expect(await trail(claim)).toEqual({ messages: before.messages + 1, events: before.events + 1 });
    // Under review the member can neither upload nor submit again.
    expect(await upload(ctx, owner, claim.id, [{ bytes: fileBytes.jpeg() }])).toMatchObject({
      status: 409,
      code: 'A0470',
    });
    expect(await call('POST', `claims/${claim.id}/supplement`, owner, {})).toMatchObject({
      status: 409,
      code: 'A0470',
    });
  });

  it('files from before the request do not count as the supplement', async () => {
    const claim = await report(ctx, owner, policy);
    expect((await upload(ctx, owner, claim.id, [{ bytes: fileBytes.jpeg() }])).status).toBe(200);
    await move(claim.id, 'reviewing');
    await move(claim.id, 'supplement', { note: '照片不清晰，请重新拍摄发票' });
    expect((await call('POST', `claims/${claim.id}/supplement`, owner)).msg).toBe('请先上传补充材料，再提交');
    expect((await upload(ctx, owner, claim.id, [{ bytes: fileBytes.png() }], 'invoice')).status).toBe(200);
    const res = await call('POST', `claims/${claim.id}/supplement`, owner);
    expect(res.status, res.msg).toBe(200);
  });

  it('malformed supplement bodies answer 4xx', async () => {
    const claim = await claimIn('supplement');
    for (const body of [{ note: 5 }, { note: 'x'.repeat(201) }, []]) {
      expect((await call('POST', `claims/${claim.id}/supplement`, owner, body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});
