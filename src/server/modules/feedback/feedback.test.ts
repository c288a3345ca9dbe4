import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ClaimDetail, ClaimStatus } from '#shared/claims.ts';
import type { Feedback, FeedbackList } from '#shared/feedback.ts';
import type { PolicyDetail } from '#shared/policies.ts';
import { feedback } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { report } from '../../test/claims.ts';
import { backdate } from '../../test/policies.ts';
import { paidPolicy, productByCode } from '../../test/buying.ts';
import { api, V1 } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

const ctx = await setupTestApp();
const db = ctx.database.db;
const call = api(ctx);
const owner = await signIn(ctx, 'demo.member');
const stranger = await signIn(ctx, 'demo.partner');
const staff = await signIn(ctx, 'demo.channel');
const accident = await productByCode(ctx, 'ACC-ZH');

const paid = await paidPolicy(ctx, owner, accident);
await backdate(ctx, paid.policyId, 30);
const policy = (await call<PolicyDetail>('GET', `order/policyInfo/${paid.policyId}`, owner)).data;

const STEPS: Record<ClaimStatus, { to: ClaimStatus; note?: string; paidFen?: number }[]> = {
  reported: [],
  reviewing: [{ to: 'reviewing' }],
  supplement: [{ to: 'reviewing' }, { to: 'supplement', note: '请补充发票' }],
  closed: [{ to: 'reviewing' }, { to: 'closed' }],
  rejected: [{ to: 'reviewing' }, { to: 'rejected', note: '不在保障范围内' }],
  paid: [{ to: 'reviewing' }, { to: 'closed' }, { to: 'paid', paidFen: 100_000 }],
};

async function claimIn(status: ClaimStatus): Promise<ClaimDetail> {
  let claim = await report(ctx, owner, policy);
  for (const step of STEPS[status]) {
    const res = await call<ClaimDetail>('POST', `claims/${claim.id}/transition`, staff, step);
    expect(res.status, res.msg).toBe(200);
    claim = res.data;
  }
  return claim;
}

const rate = (who: typeof owner | null, body: unknown) => call<Feedback>('POST', 'feedback', who, body);
const rowsOf = async (claimId: number) => db.select().from(feedback).where(eq(feedback.claimId, claimId));

describe('POST /feedback on a claim', () => {
  it("rates a finished claim of one's own once: closed, refused and paid claims alike", async () => {
    for (const status of ['closed', 'rejected', 'paid'] as const) {
      const claim = await claimIn(status);
      const res = await rate(owner, { kind: 'claim', claimId: claim.id, rating: 4, comment: '  处理很快  ' });
      expect(res.status, res.msg).toBe(200);
      expect(res.msg).toBe('感谢您的评价');
      expect(res.data).toMatchObject({
        kind: 'claim',
        claimId: claim.id,
        claimNo: claim.claimNo,
        rating: 4,
        comment: '处理很快',
      });
    }
  });

  it('refuses a second rating of the same claim (409) and keeps the first', async () => {
    const claim = await claimIn('paid');
    expect((await rate(owner, { kind: 'claim', claimId: claim.id, rating: 5 })).status).toBe(200);
    const again = await rate(owner, { kind: 'claim', claimId: claim.id, rating: 1, comment: '改评' });
    expect(again).toMatchObject({ status: 409, code: 'A0409', msg: '该理赔案件已评价过，每个案件只能评价一次' });
    expect((await rowsOf(claim.id)).map((r) => r.rating)).toEqual([5]);
  });

  it('two ratings sent at the same moment: one is kept, the other refused, never a 500', async () => {
    const claim = await claimIn('closed');
    const answers = await Promise.all(
      [1, 2, 3].map((rating) => rate(owner, { kind: 'claim', claimId: claim.id, rating })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await rowsOf(claim.id)).toHaveLength(1);
  });

  it('refuses a claim that is still open, naming its status', async () => {
    for (const status of ['reported', 'reviewing', 'supplement'] as const) {
      const claim = await claimIn(status);
      const res = await rate(owner, { kind: 'claim', claimId: claim.id, rating: 3 });
      expect(res, status).toMatchObject({ status: 409, code: 'A0470' });
      expect(res.msg).toContain('结案、拒赔或赔付后才能评价');
      expect(await rowsOf(claim.id)).toHaveLength(0);
    }
  });

  it("another member's claim answers like a missing one (404), for staff too", async () => {
    const claim = await claimIn('paid');
    for (const who of [stranger, staff]) {
      expect(await rate(who, { kind: 'claim', claimId: claim.id, rating: 5 })).toMatchObject({
        status: 404,
        code: 'A0404',
        msg: '理赔案件不存在',
      });
    }
    expect(await rate(owner, { kind: 'claim', claimId: 999_999, rating: 5 })).toMatchObject({
      status: 404,
      code: 'A0404',
    });
    expect(await rowsOf(claim.id)).toHaveLength(0);
    expect((await rate(null, { kind: 'claim', claimId: claim.id, rating: 5 })).status).toBe(401);
  });

  it('refuses bad ratings and malformed bodies with 400 and stores nothing', async () => {
    const claim = await claimIn('closed');
    for (const rating of [0, 6, -1, 3.5, '5', null, undefined]) {
      const res = await rate(owner, { kind: 'claim', claimId: claim.id, rating });
      expect(res.status, String(rating)).toBe(400);
    }
    const bad = await rate(owner, { kind: 'claim', claimId: claim.id, rating: 6 });
    expect(bad.msg).toContain('评分应为 1–5 的整数');
    for (const body of [
      { kind: 'claim', rating: 5 },
      { kind: 'service', claimId: claim.id, rating: 5 },
      { kind: 'product', rating: 5 },
      { kind: 'claim', claimId: 'x', rating: 5 },
      { kind: 'claim', claimId: 2 ** 31, rating: 5 },
      { kind: 'claim', claimId: claim.id, rating: 5, comment: 'x'.repeat(301) },
      { kind: 'claim', claimId: claim.id, rating: 5, comment: 7 },
      [],
      null,
    ]) {
      expect((await rate(owner, body)).status, JSON.stringify(body)).toBe(400);
    }
    // A bare string goes out as text/plain: the wrong content type.
    expect((await rate(owner, '5')).status).toBe(415);
    const raw = await ctx.app.inject({
      method: 'POST',
      url: `${V1}/feedback`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{"kind":',
    });
    expect(raw.statusCode).toBe(400);
    expect(await rowsOf(claim.id)).toHaveLength(0);
  });
});

describe('service feedback and GET /feedback', () => {
  it('rates the service any number of times; each member lists only their own, newest first', async () => {
    expect((await rate(stranger, { kind: 'service', rating: 2, comment: '电话不好打通' })).status).toBe(200);
    const first = await rate(owner, { kind: 'service', rating: 5 });
    expect(first.data).toMatchObject({ kind: 'service', claimId: null, claimNo: null, rating: 5, comment: null });
    expect((await rate(owner, { kind: 'service', rating: 3, comment: '' })).data.comment).toBeNull();
    const service = (await call<FeedbackList>('GET', 'feedback?kind=service', owner)).data;
    expect(service.list.map((f) => f.rating)).toEqual([3, 5]);
    const theirs = (await call<FeedbackList>('GET', 'feedback', stranger)).data;
    expect(theirs.list.map((f) => f.comment)).toEqual(['电话不好打通']);
  });

  it('narrows to one claim, so the claim page knows it was rated', async () => {
    const claim = await claimIn('paid');
    expect((await call<FeedbackList>('GET', `feedback?claimId=${claim.id}`, owner)).data.total).toBe(0);
    await rate(owner, { kind: 'claim', claimId: claim.id, rating: 4 });
    const mine = (await call<FeedbackList>('GET', `feedback?claimId=${claim.id}`, owner)).data;
    expect(mine.list).toEqual([expect.objectContaining({ claimId: claim.id, claimNo: claim.claimNo, rating: 4 })]);
    expect((await call<FeedbackList>('GET', `feedback?claimId=${claim.id}`, stranger)).data.total).toBe(0);
    expect((await call('GET', 'feedback?claimId=abc', owner)).status).toBe(400);
    expect((await call('GET', 'feedback?kind=x', owner)).status).toBe(400);
    expect((await call('GET', 'feedback', null)).status).toBe(401);
  });
});
