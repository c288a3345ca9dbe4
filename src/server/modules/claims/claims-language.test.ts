import { describe, expect, it } from 'vitest';
import type { ClaimDetail, ClaimList } from '#shared/claims.ts';
import type { MessageList, OrderDetail, OrderList } from '#shared/orders.ts';
import type { PolicyDetail, PolicyList } from '#shared/policies.ts';
import { setupTestApp } from '../../test/helper.ts';
import { backdate } from '../../test/policies.ts';
import { reportBody } from '../../test/claims.ts';
import { paidPolicy, productByCode } from '../../test/buying.ts';
import { api, V1 } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';
import { renderText } from '../../lib/texts/render.ts';

/** A claim and its messages read in Polish (docs/decisions/messages-in-the-readers-language.md). */

const ctx = await setupTestApp();
const call = api(ctx);
const owner = await signIn(ctx, 'demo.member');
const staff = await signIn(ctx, 'demo.channel');
const paid = await paidPolicy(ctx, owner, await productByCode(ctx, 'ACC-ZH'));
await backdate(ctx, paid.policyId, 30);
const policy = (await call<PolicyDetail>('GET', `order/policyInfo/${paid.policyId}`, owner)).data;
const claim = (await call<ClaimDetail>('POST', 'claims', owner, reportBody(policy))).data;
await call('POST', `claims/${claim.id}/transition`, staff, { to: 'reviewing' });
await call('POST', `claims/${claim.id}/transition`, staff, { to: 'supplement', note: '请补充发票' });

async function get<T>(path: string, language?: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${V1}/${path}`,
    headers: { ...owner.headers, ...(language ? { 'accept-language': language } : {}) },
  });
  return { vary: res.headers.vary, data: res.json().data as T };
}

describe('policies in Polish', () => {
  it('name the product, the plan and its cover in Polish, and in Chinese by default', async () => {
    const pl = await get<PolicyDetail>(`order/policyInfo/${paid.policyId}`, 'pl');
    expect(pl.vary).toMatch(/Accept-Language/);
    expect(pl.data.productName).toBe('Kompleksowe ubezpieczenie NNW');
    expect(['Podstawowy', 'Standard', 'Premium']).toContain(pl.data.planName);
    expect(pl.data.coverages[0].name).toBe('Śmierć i inwalidztwo (NW)');
    expect(pl.data.coverages.map((c) => c.sumInsuredFen)).toEqual(policy.coverages.map((c) => c.sumInsuredFen));
    // The insurer, the term and why the policy cannot be surrendered or claimed on now, in Polish too.
    expect(pl.data).toMatchObject({ insurer: 'Demo Towarzystwo Ubezpieczeń Majątkowych S.A.', termLabel: '1 rok' });
    expect(JSON.stringify(pl.data.actions)).not.toMatch(/\p{Script=Han}/u);
    expect(policy).toMatchObject({ insurer: '演示财产保险股份有限公司', termLabel: '1年' });
    expect(policy).toMatchObject({ productName: '综合意外险' });
    const order = await get<OrderDetail>(`order/${policy.orderId}`, 'pl');
    expect(order.data).toMatchObject({ productName: 'Kompleksowe ubezpieczenie NNW', planName: pl.data.planName });
    const orders = await get<OrderList>('order/list?pageSize=50', 'pl');
    expect(orders.data.list.find((o) => o.id === policy.orderId)?.productName).toBe('Kompleksowe ubezpieczenie NNW');
    expect((await get<OrderDetail>(`order/${policy.orderId}`)).data.productName).toBe('综合意外险');
    const list = await get<PolicyList>('order/policyInfo', 'pl');
    expect(list.data.list.find((p) => p.kind === 'policy' && p.id === paid.policyId)).toMatchObject({
      productName: 'Kompleksowe ubezpieczenie NNW',
      insurer: 'Demo Towarzystwo Ubezpieczeń Majątkowych S.A.',
    });
  });
});

describe('a policy before its start in Polish', () => {
  it('says why no claim can be reported yet, with the insurer and the term, in Polish', async () => {
    const pending = await paidPolicy(ctx, owner, await productByCode(ctx, 'ACC-ZH'));
    const pl = await get<PolicyDetail>(`order/policyInfo/${pending.policyId}`, 'pl');
    expect(pl.data.status).toBe('pending');
    expect(pl.data.actions.claim).toEqual({
      allowed: false,
      reason: renderText('pl', 'policies.claimRefusal.pending'),
    });
    const zh = await get<PolicyDetail>(`order/policyInfo/${pending.policyId}`);
    expect(zh.data.actions.claim.reason).toBe('保单尚未生效，不能报案');
    // Besides people's names, only the status's Chinese fallback (the H5 names the code: docs/decisions/codes-named-by-the-h5.md).
    const { insured: _insured, applicant: _applicant, applicantName: _name, statusText: _status, ...shown } = pl.data;
    expect(JSON.stringify(shown)).not.toMatch(/\p{Script=Han}/u);
  });
});

describe('a claim in Polish', () => {
  it('names the product in Polish in the list and the detail, and in Chinese by default', async () => {
    const pl = await get<ClaimDetail>(`claims/${claim.id}`, 'pl');
    expect(pl.vary).toMatch(/Accept-Language/);
    expect(pl.data).toMatchObject({
      productName: 'Kompleksowe ubezpieczenie NNW',
      status: 'supplement',
      type: 'accident_medical',
    });
    expect((await get<ClaimList>('claims', 'pl')).data.list.find((c) => c.id === claim.id)?.productName).toBe(
      'Kompleksowe ubezpieczenie NNW',
    );
    expect((await get<ClaimDetail>(`claims/${claim.id}`)).data.productName).toBe('综合意外险');
  });

  it('renders every message of the journey in Polish, names included', async () => {
    const { data } = await get<MessageList>('messages?pageSize=50', 'pl');
    const mine = data.list.filter((m) => m.link === `/claim/index?claimId=${claim.id}`);
    expect(mine.map((m) => m.template)).toEqual(['claim.supplement', 'claim.reviewing', 'claim.reported']);
    expect(mine.map((m) => m.title)).toEqual([
      'Uzupełnij dokumenty',
      'Szkoda w weryfikacji',
      'Zgłoszenie szkody przyjęte',
    ]);
    expect(mine[2].body).toContain(
      `nr ${claim.claimNo} (Kompleksowe ubezpieczenie NNW, leczenie po wypadku, ubezpieczony ${claim.insuredName}`,
    );
    expect(mine[0].body).toContain('Uwaga: 请补充发票.');
    // What is left in Chinese: the people's names and the staff's own note.
    const han = mine
      .map((m) => `${m.title}${m.body}`)
      .join('')
      .replace(claim.insuredName, '')
      .replace('请补充发票', '')
      .match(/\p{Script=Han}/gu);
    expect(han).toBeNull();
  });

  it('renders the purchase messages in Polish too', async () => {
    const { data } = await get<MessageList>('messages?pageSize=50', 'pl');
    const paidMessage = data.list.find((m) => m.template === 'order.paid');
    expect(paidMessage?.body).toContain('Kompleksowe ubezpieczenie NNW');
    expect(paidMessage?.body).not.toMatch(/\p{Script=Han}/u);
  });
});
