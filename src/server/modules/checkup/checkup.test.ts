import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Checkup, CheckupPerson, CheckupQuote } from '#shared/checkup.ts';
import type { Draft } from '#shared/orders.ts';
import type { PersonSaved } from '#shared/persons.ts';
import { orderDrafts, policies, products } from '../../db/schema.ts';
import { paidPolicy, person, productByCode } from '../../test/buying.ts';
import { beijingToday, plusDays, startDate, yearsBefore } from '../../test/dates.ts';
import { setupTestApp } from '../../test/helper.ts';
import { api } from '../../test/http.ts';
import { idNumber } from '../../test/id-number.ts';
import { signIn, type Caller } from '../../test/sign-in.ts';
import { backdate } from '../../test/policies.ts';

/** The family cover check-up (docs/decisions/family-cover-check-up.md), against the real buying flow. */

const ctx = await setupTestApp();
const call = api(ctx);
const owner = await signIn(ctx, 'demo.member');
const stranger = await signIn(ctx, 'demo.partner');

const today = beijingToday();
const start = startDate();
/** The member themself: the applicant of the buying helper (35 at the start date). */
const self = { ...person('李投保', yearsBefore(start, 35)), email: 'li@example.com' };
const childId = idNumber(plusDays(yearsBefore(today, 5), -10), 224);
const grandmaId = idNumber(plusDays(yearsBefore(today, 70), -10), 336);
const child = { relation: 'child', name: '李小宝', idType: 'id_card', idNumber: childId };
const grandma = { relation: 'parent', name: '李奶奶', idType: 'id_card', idNumber: grandmaId, mobile: '13700001111' };

const checkup = (who: Caller) => call<Checkup>('GET', 'checkup', who);
const quote = (who: Caller, body: unknown) => call<CheckupQuote>('POST', 'checkup/quote', who, body);
const save = async (who: Caller, body: Record<string, unknown>) => {
  const res = await call<PersonSaved>('POST', 'persons', who, { ...body, consent: true });
  expect(res.status, res.msg).toBe(200);
  return res.data.person.id;
};
const byName = (c: Checkup, name: string): CheckupPerson => c.persons.find((p) => p.name === name)!;

/** Moves a policy back so that its last day is `endDate`. */
async function endOn(policyId: number, endDate: string): Promise<void> {
  const [p] = await ctx.database.db
    .select({ endDate: policies.endDate })
    .from(policies)
    .where(eq(policies.id, policyId));
  const days = Math.round((Date.parse(p.endDate) - Date.parse(endDate)) / 86_400_000);
  await backdate(ctx, policyId, days);
}

const selfPersonId = await save(owner, { kind: 'applicant', ...self });
await save(owner, { kind: 'insured', ...child });
const grandmaPersonId = await save(owner, { kind: 'insured', ...grandma });

const [accident, medical, travel] = await Promise.all(
  ['ACC-ZH', 'MED-BW', 'TRV-DOM'].map((code) => productByCode(ctx, code)),
);
// In force: accident for the member, 30 days left (today included); medical for the member, 31 left.
const accidentSelf = await paidPolicy(ctx, owner, accident);
await endOn(accidentSelf.policyId, plusDays(today, 29));
const medicalSelf = await paidPolicy(ctx, owner, medical);
await endOn(medicalSelf.policyId, plusDays(today, 30));
// Pending: the child's medical policy starts in a few days. Not counted: the grandmother's trip ended; the child's trip was surrendered.
const medicalChild = await paidPolicy(ctx, owner, medical, { insured: child });
const tripEnded = await paidPolicy(ctx, owner, travel, { insured: grandma });
await backdate(ctx, tripEnded.policyId, 20);
const tripSurrendered = await paidPolicy(ctx, owner, travel, { insured: child });
await backdate(ctx, tripSurrendered.policyId, 4);
await ctx.database.db
  .update(policies)
  .set({ surrenderedAt: new Date(), surrenderReason: '行程取消' })
  .where(eq(policies.id, tripSurrendered.policyId));

describe('GET /checkup', () => {
  it('shows each person, the member themself first, with what their own policies cover today by category and until when', async () => {
    const res = await checkup(owner);
    expect(res.status).toBe(200);
    const c = res.data;
    expect(c.today).toBe(today);
    expect(c.selfMissing).toBe(false);
    expect(c.persons.map((p) => [p.name, p.self, p.relation])).toEqual([
      ['李投保', true, 'self'],
      ['李小宝', false, 'child'],
      ['李奶奶', false, 'parent'],
    ]);
    const me = byName(c, '李投保');
    expect(me.personId).toBe(selfPersonId);
    expect(me.covers.map((v) => [v.category, v.source, v.policyNo, v.productName, v.endDate, v.pending])).toEqual([
      ['accident', 'ours', accidentSelf.policyNo, '综合意外险', plusDays(today, 29), false],
      ['medical', 'ours', medicalSelf.policyNo, '百万医疗险', plusDays(today, 30), false],
    ]);
    // 团体险 is a company's cover for its staff: never a family gap.
    expect(me.gaps).toEqual(['travel']);
    expect(byName(c, '李小宝').age).toBe(5);
  });

  it('marks cover with 30 days left as ending soon, and not cover with 31, counting days as the renewal reminder does', async () => {
    const me = byName((await checkup(owner)).data, '李投保');
    expect(me.covers.map((v) => [v.category, v.daysLeft, v.endsSoon])).toEqual([
      ['accident', 30, true],
      ['medical', 31, false],
    ]);
  });

  it('shows cover starting on a later date as starting then, and not as a gap; ended or surrendered cover does not count', async () => {
    const c = (await checkup(owner)).data;
    const kid = byName(c, '李小宝');
    expect(kid.covers).toHaveLength(1);
    expect(kid.covers[0]).toMatchObject({ category: 'medical', policyNo: medicalChild.policyNo, pending: true });
    expect(kid.covers[0].startDate > today).toBe(true);
    expect(kid.gaps).toEqual(['accident', 'travel']);
    expect(byName(c, '李奶奶')).toMatchObject({ covers: [], gaps: ['accident', 'medical', 'travel'] });
  });

  it('suggests for each person lacking a category the individual product that fits them, or none with the reason', async () => {
    const c = (await checkup(owner)).data;
    const suggested = c.gaps.map((g) => [g.category, g.suggestions.map((s) => [s.name, s.product?.name ?? s.reason])]);
    expect(suggested).toEqual([
      // The accident product on sale takes 18–60 (the children's one is off sale): none for the child or the grandmother.
      [
        'accident',
        [
          ['李小宝', 'age'],
          ['李奶奶', 'age'],
        ],
      ],
      ['medical', [['李奶奶', 'age']]],
      [
        'travel',
        [
          ['李投保', '境内旅行险'],
          ['李小宝', '境内旅行险'],
          ['李奶奶', '境内旅行险'],
        ],
      ],
    ]);
    const gran = c.gaps[0].suggestions[1];
    expect(gran).toMatchObject({ personId: grandmaPersonId, age: 70, ageRanges: [{ min: 18, max: 60 }] });
  });

  it('masks ID numbers and mobiles', async () => {
    const c = (await checkup(owner)).data;
    const gran = byName(c, '李奶奶');
    expect(gran.idNumber).toBe(`${grandmaId.slice(0, 4)}**********${grandmaId.slice(14)}`);
    expect(gran.mobile).toBe('137****1111');
    expect(JSON.stringify(c)).not.toContain(childId.slice(4, 14));
  });

  it('answers product and plan names in Polish for a Polish reader', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/prod-api/app-api/v1/checkup',
      headers: { ...owner.headers, 'accept-language': 'pl' },
    });
    const c: Checkup = res.json().data;
    const names = c.persons[0].covers.map((v) => v.productName);
    expect(names).toHaveLength(2);
    expect(names).not.toContain('综合意外险');
  });

  it("never shows another member's persons or policies, even for the same person", async () => {
    const empty = (await checkup(stranger)).data;
    expect(empty).toMatchObject({ selfMissing: true, persons: [] });
    expect(empty.gaps).toEqual([]);
    await save(stranger, { kind: 'insured', ...child, relation: 'other' });
    const theirs = (await checkup(stranger)).data;
    expect(theirs.persons).toHaveLength(1);
    expect(theirs.persons[0]).toMatchObject({ name: '李小宝', self: false, covers: [] });
    // The owner's accident policy is the owner's: the stranger's own view of the member themself is unaffected.
    expect(JSON.stringify(theirs)).not.toContain(accidentSelf.policyNo);
  });

  it('needs sign-in', async () => {
    expect((await call('GET', 'checkup', null)).status).toBe(401);
  });
});

describe('POST /checkup/quote', () => {
  it('offers no accident product to a child or a 70-year-old when the on-sale one takes 18–60, and prepares nothing', async () => {
    const before = (await call<{ total: number }>('GET', 'order/drafts', owner)).data.total;
    const res = await quote(owner, { category: 'accident' });
    expect(res).toMatchObject({ status: 400, code: 'A0420' });
    expect(res.msg).toContain('李小宝');
    expect((await call<{ total: number }>('GET', 'order/drafts', owner)).data.total).toBe(before);
  });

  it('does not quote cover a person already holds from a later start date', async () => {
    const res = await quote(owner, { category: 'medical' });
    // The child's pending medical policy fills the gap; only the grandmother lacks it, and no product takes her.
    expect(res).toMatchObject({ status: 400, code: 'A0420' });
    expect(res.msg).toContain('李奶奶');
  });

  it('starts with the member themself, insured as 本人, then the others in the order they were saved', async () => {
    const res = await quote(owner, { category: 'travel' });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.drafts.map((d) => [d.product.id, d.reused])).toEqual([
      [travel.id, false],
      [travel.id, false],
      [travel.id, false],
    ]);
    expect(res.data.drafts.map((d) => d.names[0])).toEqual(['李投保', '李小宝', '李奶奶']);
    expect(res.data.leftOut).toEqual([]);
    const first = (await call<Draft>('GET', `order/drafts/${res.data.drafts[0].draftId}`, owner)).data;
    expect(first.insured).toEqual({ relation: 'self' });
    const third = (await call<Draft>('GET', `order/drafts/${res.data.drafts[2].draftId}`, owner)).data;
    expect(third.insured).toMatchObject({
      relation: 'parent',
      name: '李奶奶',
      idNumber: grandmaId,
      mobile: '13700001111',
    });
  });

  it('answers a repeated tap with the drafts it already made, making none', async () => {
    const open = () => call<{ total: number }>('GET', 'order/drafts', owner).then((r) => r.data.total);
    const before = await open();
    const [again, together] = await Promise.all([
      quote(owner, { category: 'travel' }),
      quote(owner, { category: 'travel' }),
    ]);
    for (const res of [again, together]) {
      expect(res.status, res.msg).toBe(200);
      expect(res.data.drafts.map((d) => d.reused)).toEqual([true, true, true]);
    }
    expect(again.data.drafts.map((d) => d.draftId)).toEqual(together.data.drafts.map((d) => d.draftId));
    expect(await open()).toBe(before);
  });

  it('never quotes 团体险 for a family, and prepares nothing', async () => {
    const before = (await call<{ total: number }>('GET', 'order/drafts', owner)).data.total;
    const res = await quote(owner, { category: 'team' });
    expect(res).toMatchObject({ status: 400, code: 'A0400' });
    expect((await call<{ total: number }>('GET', 'order/drafts', owner)).data.total).toBe(before);
  });

  it('refuses a category without a gap (409), changing nothing', async () => {
    const company = await signIn(ctx, 'demo.company');
    const res = await quote(company, { category: 'medical' });
    expect(res).toMatchObject({ status: 409, code: 'A0409' });
    expect((await call<{ total: number }>('GET', 'order/drafts', company)).data.total).toBe(0);
  });

  it("quotes only the caller's own persons", async () => {
    const res = await quote(stranger, { category: 'medical' });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.drafts.map((d) => d.names)).toEqual([['李小宝']]);
    const draft = (await call<Draft>('GET', `order/drafts/${res.data.drafts[0].draftId}`, stranger)).data;
    expect(draft).toMatchObject({ applicant: null, insured: { relation: 'other', name: '李小宝' } });
    expect((await call('GET', `order/drafts/${res.data.drafts[0].draftId}`, owner)).status).toBe(404);
  });

  it('refuses when the drafts would not all fit under the open-draft limit, and prepares none', async () => {
    const open = () => call<{ total: number }>('GET', 'order/drafts', owner).then((r) => r.data.total);
    // The travel drafts of the test above would be answered again: they go, so that the gap needs three new ones.
    await ctx.database.db.delete(orderDrafts).where(eq(orderDrafts.productId, travel.id));
    const before = await open();
    // Room for two more drafts; the travel gap needs three (the member, the child, the grandmother).
    const [{ versionId }] = await ctx.database.db
      .select({ versionId: products.currentVersionId })
      .from(products)
      .where(eq(products.id, travel.id));
    await ctx.database.db.insert(orderDrafts).values(
      Array.from({ length: 48 - before }, () => ({
        memberId: owner.memberId,
        productId: travel.id,
        versionId: versionId!,
      })),
    );
    const res = await quote(owner, { category: 'travel' });
    expect(res).toMatchObject({ status: 400, code: 'A0420' });
    expect(res.msg).toContain('50');
    expect(await open()).toBe(48);
  });

  it('answers bad input with the 400 envelope and needs sign-in', async () => {
    const wrong = await quote(owner, { category: 'life' });
    expect(wrong).toMatchObject({ status: 400, code: 'A0400' });
    expect(wrong.msg).toContain('保障类别');
    const missing = await quote(owner, {});
    expect(missing).toMatchObject({ status: 400, code: 'A0410' });
    expect(missing.msg).toContain('保障类别');
    const shape = await quote(owner, ['medical']);
    expect(shape.status).toBe(400);
    expect((await quote(null as unknown as Caller, { category: 'medical' })).status).toBe(401);
  });
});
