import { describe, expect, it } from 'vitest';
import type { ClaimDeskList, ClaimDetail, ClaimGuide, ClaimList } from '#shared/claims.ts';
import type { MessageList, OrderDetail, OrderList } from '#shared/orders.ts';
import type { PolicyDetail, PolicyList } from '#shared/policies.ts';
import { setupTestApp } from '../../test/helper.ts';
import { backdate } from '../../test/policies.ts';
import { fileBytes, reportBody, upload } from '../../test/claims.ts';
import { paidPolicy, productByCode } from '../../test/buying.ts';
import { api, readingIn, V1 } from '../../test/http.ts';
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
    // Besides people's names, nothing Chinese: the status is named in Polish too.
    expect(pl.data.statusText).toBe('Oczekujące');
    const { insured: _insured, applicant: _applicant, applicantName: _name, ...shown } = pl.data;
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

describe("a claim's display fields in the reader's language", () => {
  it('names the type, the status, each step of the timeline and each file in Polish, and in Chinese by default', async () => {
    const uploaded = await upload(ctx, readingIn(owner, 'pl'), claim.id, [{ bytes: fileBytes.jpeg() }], 'invoice');
    expect(uploaded.status, uploaded.msg).toBe(200);
    expect(uploaded.data.files.map((f) => f.kindText)).toEqual(['Faktury za leczenie']);

    const pl = (await get<ClaimDetail>(`claims/${claim.id}`, 'pl')).data;
    expect(pl).toMatchObject({ typeText: 'Leczenie po wypadku', statusText: 'Uzupełnienie dokumentów' });
    expect(pl.events.map((e) => e.statusText).sort()).toEqual(
      ['Uzupełnienie dokumentów', 'W weryfikacji', 'Zgłoszona'].sort(),
    );
    expect(pl.files.map((f) => f.kindText)).toEqual(['Faktury za leczenie']);
    const listed = (await get<ClaimList>('claims', 'pl')).data.list.find((c) => c.id === claim.id);
    expect(listed).toMatchObject({ typeText: 'Leczenie po wypadku', statusText: 'Uzupełnienie dokumentów' });

    for (const language of [undefined, 'zh-CN']) {
      const zh = (await get<ClaimDetail>(`claims/${claim.id}`, language)).data;
      expect(zh).toMatchObject({ typeText: '意外医疗', statusText: '补充材料' });
      expect(zh.events.map((e) => e.statusText).sort()).toEqual(['补充材料', '审核中', '已报案'].sort());
      expect(zh.files.map((f) => f.kindText)).toEqual(['费用发票']);
    }
  });

  it("answers staff's desk and transitions in the staff member's language", async () => {
    const desk = await call<ClaimDeskList>('GET', 'claims/desk?pageSize=50', readingIn(staff, 'pl'));
    expect(desk.data.list.find((c) => c.id === claim.id)).toMatchObject({ statusText: 'Uzupełnienie dokumentów' });
    const other = (await call<ClaimDetail>('POST', 'claims', owner, reportBody(policy))).data;
    expect(other.statusText).toBe('已报案');
    const moved = await call<ClaimDetail>('POST', `claims/${other.id}/transition`, readingIn(staff, 'pl'), {
      to: 'reviewing',
    });
    expect(moved.status, moved.msg).toBe(200);
    expect(moved.data).toMatchObject({ statusText: 'W weryfikacji', typeText: 'Leczenie po wypadku' });
  });
});

describe("the claim guide in the reader's language", () => {
  it('tells the steps, the law, the types, their materials and the hotline hours in Polish, and in Chinese by default', async () => {
    const pl = await ctx.app.inject({ method: 'GET', url: `${V1}/claims/guide`, headers: { 'accept-language': 'pl' } });
    expect(pl.headers.vary).toMatch(/Accept-Language/);
    const guide = pl.json().data as ClaimGuide;
    expect(guide.steps[0].title).toBe('Zgłoszenie');
    expect(guide.types.find((t) => t.type === 'accident_medical')?.label).toBe('Leczenie po wypadku');
    expect(guide.types.find((t) => t.type === 'travel_delay')?.documents).toContain(
      'Karta pokładowa lub potwierdzenie biletu elektronicznego',
    );
    expect(guide.hotline).toEqual({ number: '400-000-0000', hours: 'Dni robocze 9:00–18:00' });
    expect(JSON.stringify(guide)).not.toMatch(/\p{Script=Han}/u);

    for (const headers of [{}, { 'accept-language': 'zh-CN' }]) {
      const zh = (await ctx.app.inject({ method: 'GET', url: `${V1}/claims/guide`, headers })).json()
        .data as ClaimGuide;
      expect(zh.steps.map((s) => s.title)).toEqual(['报案', '提交材料', '审核', '赔付']);
      expect(zh.types.find((t) => t.type === 'accident_medical')?.label).toBe('意外医疗');
      expect(zh.types.find((t) => t.type === 'travel_delay')?.documents).toContain('登机牌或电子客票行程单');
      expect(zh.law).toContain('《保险法》第二十三条');
      expect(zh.hotline.hours).toBe('工作日 9:00–18:00');
    }
  });
});
