import { describe, expect, it } from 'vitest';
import { CLAIM_OPEN_STATUSES, type ClaimDeskList, type ClaimDetail } from '#shared/claims.ts';
import type { PolicyDetail } from '#shared/policies.ts';
import { setupTestApp } from '../../test/helper.ts';
import { backdate } from '../../test/policies.ts';
import { fileBytes, report, upload } from '../../test/claims.ts';
import { paidPolicy, productByCode } from '../../test/buying.ts';
import { api, V1 } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

/** The staff claims desk: `GET /claims/desk` (role channel), and staff reading any claim and its files. */

const ctx = await setupTestApp();
const call = api(ctx);
const member = await signIn(ctx, 'demo.member');
const company = await signIn(ctx, 'demo.company');
const partner = await signIn(ctx, 'demo.partner');
const staff = await signIn(ctx, 'demo.channel');
const accident = await productByCode(ctx, 'ACC-ZH');

async function policyOf(who: typeof member): Promise<PolicyDetail> {
  const paid = await paidPolicy(ctx, who, accident);
  await backdate(ctx, paid.policyId, 30);
  return (await call<PolicyDetail>('GET', `order/policyInfo/${paid.policyId}`, who)).data;
}

const memberPolicy = await policyOf(member);
const companyPolicy = await policyOf(company);

const move = async (id: number, to: string, extra: Record<string, unknown> = {}) => {
  const res = await call<ClaimDetail>('POST', `claims/${id}/transition`, staff, { to, ...extra });
  expect(res.status, res.msg).toBe(200);
  return res.data;
};

// Oldest first: a closed claim, then open ones of two members, then one rejected (newest).
const closedOne = await report(ctx, member, memberPolicy);
await move(closedOne.id, 'reviewing');
await move(closedOne.id, 'closed', { note: '同意赔付' });
const reported = await report(ctx, member, memberPolicy, { payeeAccount: '6222 0000 1111 2345' });
const reviewing = await report(ctx, company, companyPolicy, { payeeName: '王企业' });
await move(reviewing.id, 'reviewing');
const supplement = await report(ctx, company, companyPolicy);
await move(supplement.id, 'reviewing');
await move(supplement.id, 'supplement', { note: '请补充诊断证明' });
const rejectedOne = await report(ctx, member, memberPolicy);
await move(rejectedOne.id, 'reviewing');
await move(rejectedOne.id, 'rejected', { note: '不在保险责任范围内' });

const desk = (query = '') => call<ClaimDeskList>('GET', `claims/desk${query}`, staff);
const ids = (list: ClaimDeskList) => list.list.map((r) => r.id);

describe('GET /claims/desk', () => {
  it('is staff work: members, company members and partners get 403 A0303, no token 401', async () => {
    for (const who of [member, company, partner]) {
      expect(await call('GET', 'claims/desk', who), 'role').toMatchObject({ status: 403, code: 'A0303' });
    }
    expect((await call('GET', 'claims/desk', null)).status).toBe(401);
  });

  it("lists every member's claims: running deadlines nearest first (payment of 已结案 in 10 days, decision of 审核中 in 30), then the other open ones, newest first", async () => {
    const res = await desk('?pageSize=50');
    expect(res.status, res.msg).toBe(200);
    expect(res.data.total).toBe(5);
    expect(ids(res.data)).toEqual([closedOne.id, reviewing.id, supplement.id, reported.id, rejectedOne.id]);
    expect(res.data.list.map((r) => r.statusText)).toEqual(['已结案', '审核中', '补充材料', '已报案', '拒赔']);
    expect(res.data.list.map((r) => r.clock.running?.daysLeft ?? null)).toEqual([10, 30, null, null, null]);
    expect(res.data.list.find((r) => r.id === reviewing.id)!.reporter.nickname).toBe('演示企业');
  });

  it('masks ID number, bank account and mobile as the member sees them, and never answers them whole', async () => {
    const res = await desk('?pageSize=50');
    const row = res.data.list.find((r) => r.id === reported.id)!;
    const own = (await call<ClaimDetail>('GET', `claims/${reported.id}`, member)).data;
    expect(row.insuredIdNumberMasked).toBe(own.insuredIdNumberMasked);
    expect(row.insuredIdNumberMasked).toMatch(/^\d{4}\*{10}[\dX]{4}$/);
    expect(row.payee).toEqual(own.payee);
    expect(row.payee.accountMasked).toBe('**** 2345');
    expect(row.reporter).toEqual({ nickname: '演示会员', mobileMasked: '138****0001' });
    const text = JSON.stringify(res.data);
    expect(text).not.toContain('6222000011112345');
    expect(text).not.toContain('13800000001');
    const idNumber = memberPolicy.insured[0] as unknown as Record<string, unknown>;
    for (const value of Object.values(idNumber)) {
      if (typeof value === 'string' && /^\d{17}[\dX]$/.test(value)) expect(text).not.toContain(value);
    }
  });

  it('filters by status, or every open status with `open` (已结案 waits for the payment)', async () => {
    expect(ids((await desk('?status=open')).data)).toEqual([closedOne.id, reviewing.id, supplement.id, reported.id]);
    const open = (await desk('?status=open')).data;
    expect(open.list.every((r) => CLAIM_OPEN_STATUSES.includes(r.status))).toBe(true);
    expect(ids((await desk('?status=reviewing')).data)).toEqual([reviewing.id]);
    expect(ids((await desk('?status=closed')).data)).toEqual([closedOne.id]);
    expect((await desk('?status=paid')).data).toMatchObject({ list: [], total: 0 });
  });

  it('finds by claim number, policy number, reporter nickname or user name, insured name; blank keywords are no filter', async () => {
    const q = (k: string, extra = '') => desk(`?keyword=${encodeURIComponent(k)}${extra}`).then((r) => ids(r.data));
    expect(await q(reported.claimNo)).toEqual([reported.id]);
    expect(await q(reported.claimNo.toLowerCase())).toEqual([reported.id]);
    expect(await q(companyPolicy.policyNo)).toEqual([reviewing.id, supplement.id]);
    expect(await q('演示企业')).toEqual([reviewing.id, supplement.id]);
    expect(await q('demo.member')).toEqual([closedOne.id, reported.id, rejectedOne.id]);
    expect(await q(reviewing.insuredName)).toContain(reviewing.id);
    expect(await q('演示企业', '&status=supplement')).toEqual([supplement.id]);
    expect(await q('%')).toEqual([]);
    expect(await q('_')).toEqual([]);
    expect(await q('没有这个人')).toEqual([]);
    expect((await desk('?keyword=%20%20')).data.total).toBe(5);
  });

  it('pages: total stays, pages do not overlap, a page past the end is empty', async () => {
    const all = ids((await desk('?pageSize=50')).data);
    const p1 = (await desk('?page=1&pageSize=2')).data;
    const p2 = (await desk('?page=2&pageSize=2')).data;
    const p3 = (await desk('?page=3&pageSize=2')).data;
    expect([p1.total, p2.total, p3.total]).toEqual([5, 5, 5]);
    expect(p1).toMatchObject({ page: 1, pageSize: 2 });
    expect([...ids(p1), ...ids(p2), ...ids(p3)]).toEqual(all);
    expect((await desk('?page=9&pageSize=2')).data.list).toEqual([]);
  });

  it('malformed queries answer 400 in Chinese, never 500', async () => {
    for (const query of [
      '?status=approved',
      '?status=open&status=closed',
      '?page=0',
      '?page=abc',
      '?page=-1',
      '?page=1.5',
      '?pageSize=0',
      '?pageSize=1000',
      `?keyword=${'x'.repeat(51)}`,
      '?keyword=a&keyword=b',
      '?page=99999999999',
    ]) {
      const res = await desk(query);
      expect(res.status, query).toBe(400);
      expect(res.code, query).toMatch(/^A04/);
      expect(res.msg, query).toMatch(/[\u4e00-\u9fa5]/);
    }
    const raw = await ctx.app.inject({
      method: 'GET',
      url: `${V1}/claims/desk?keyword=%E4%B8`,
      headers: staff.headers,
    });
    expect(raw.statusCode).toBeLessThan(500);
  });
});

describe('staff read any claim', () => {
  it("opens another member's claim with its timeline and materials", async () => {
    expect((await upload(ctx, company, supplement.id, [{ bytes: fileBytes.pdf() }], 'medical')).status).toBe(200);
    const res = await call<ClaimDetail>('GET', `claims/${supplement.id}`, staff);
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({ id: supplement.id, status: 'supplement', payee: { accountMasked: '**** 6789' } });
    expect(res.data.events.at(-1)).toMatchObject({ status: 'supplement', note: '请补充诊断证明' });
    const file = await ctx.app.inject({ method: 'GET', url: `${V1}${res.data.files[0].url}`, headers: staff.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    // Members still see only their own.
    expect(await call('GET', `claims/${supplement.id}`, member)).toMatchObject({ status: 404, code: 'A0404' });
  });
});
