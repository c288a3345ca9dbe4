import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PremiumTable, ProductDetail, QuoteResult } from '#shared/catalogue.ts';
import type { Draft, OrderDetail, TrailAnswer } from '#shared/orders.ts';
import { members, messages, orderDrafts, orderPersons, orders, purchaseEvents } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { formatYuan } from '#shared/money.ts';
import { completeTrail, individualDraft, person, productByCode, submit } from '../../test/buying.ts';
import { plusDays, startDate, yearsBefore } from '../../test/dates.ts';
import { api, type Answer } from '../../test/http.ts';
import { idNumber, wrongCheckDigit } from '../../test/id-number.ts';
import { signIn, type Caller } from '../../test/sign-in.ts';

const ctx = await setupTestApp();
const db = ctx.database.db;
const call = api(ctx);
const member = await signIn(ctx, 'demo.member');
const partner = await signIn(ctx, 'demo.partner');
const channel = await signIn(ctx, 'demo.channel');
const products = {
  accident: await productByCode(ctx, 'ACC-ZH'),
  medical: await productByCode(ctx, 'MED-BW'),
  domestic: await productByCode(ctx, 'TRV-DOM'),
  overseas: await productByCode(ctx, 'TRV-INT'),
  employer: await productByCode(ctx, 'TEAM-EMP'),
  teamMedical: await productByCode(ctx, 'TEAM-MED'),
};
const start = startDate();
let seq = 1;

/** The premium the seeded table publishes for one person (read from the detail call, not the code). */
function rate(table: PremiumTable, planCode: string, termDays: number, key: number): number {
  const row = table.rows.find(
    (r) =>
      r.planCode === planCode &&
      r.termDays === termDays &&
      ('minAge' in r ? r.minAge <= key && key <= r.maxAge : r.minClass <= key && key <= r.maxClass),
  );
  if (!row) throw new Error(`no rate for ${planCode}/${termDays}/${key}`);
  return row.premiumFen;
}

/** Born `age` years before the start; an infant of "0" is two months old (products want 28 days). */
const bornAt = (age: number) => (age === 0 ? plusDays(start, -60) : yearsBefore(start, age));

/** Submits an order of `product` for one insured person (relation 其他) of the given birth date. */
async function buyFor(
  product: ProductDetail,
  birthDate: string,
  over: Record<string, unknown> = {},
): Promise<Answer<OrderDetail>> {
  const draft = await individualDraft(ctx, member, product, {
    startDate: start,
    termDays: product.terms[1]?.days ?? product.terms[0].days,
    insured: { relation: 'other', ...person('王被保', birthDate, (seq += 2) % 998) },
    ...over,
  });
  await completeTrail(ctx, member, draft.id, product);
  return submit(ctx, member, draft.id);
}

async function publicQuote(product: ProductDetail, body: unknown): Promise<QuoteResult> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/prod-api/app-api/v1/product/${product.id}/quote`,
    payload: body as object,
  });
  return res.json().data;
}

/** Each band's youngest and oldest age in the product's published table, for its first plan. */
function bandEdges(product: ProductDetail): { termDays: number; planCode: string; ages: number[] } {
  const termDays = product.terms[1]?.days ?? product.terms[0].days;
  const planCode = product.plans[0].code;
  const rows = product.premiums.rows.filter(
    (r) => r.planCode === planCode && r.termDays === termDays && 'minAge' in r,
  ) as { minAge: number; maxAge: number }[];
  return { termDays, planCode, ages: [...new Set(rows.flatMap((r) => [r.minAge, r.maxAge]))] };
}

describe('submit: individual products at every age-band edge', () => {
  // One test per age: a long table in one test would wait on every purchase before its limit.
  for (const key of ['accident', 'medical', 'domestic', 'overseas'] as const) {
    const product = products[key];
    const { termDays, planCode, ages } = bandEdges(product);
    it(`${key}: publishes age bands to check`, () => expect(ages.length).toBeGreaterThanOrEqual(2));
    it.for(ages)(
      `${key}: a person aged %i at a band's edge pays that band's premium, the server's quote`,
      async (age) => {
        const order = await buyFor(product, bornAt(age));
        expect(order.status, `${key} age ${age}: ${order.msg}`).toBe(200);
        expect(order.data.premiumFen, `${key} age ${age}`).toBe(rate(product.premiums, planCode, termDays, age));
        const quoted = await publicQuote(product, {
          planCode,
          termDays,
          startDate: start,
          insured: [{ birthDate: bornAt(age) }],
        });
        expect(order.data.premiumFen).toBe(quoted.premiumFen);
        expect(order.data).toMatchObject({
          status: 'unpaid',
          insuredCount: 1,
          startDate: start,
          endDate: quoted.endDate,
          planCode,
        });
        expect(order.data.insured[0]).toMatchObject({ age, relation: 'other', premiumFen: order.data.premiumFen });
      },
    );
  }

  it('refuses insured persons outside the product ages, including one who turns 18 the day after the start', async () => {
    const { accident } = products;
    const tooOld = await buyFor(accident, yearsBefore(start, 61));
    expect(tooOld).toMatchObject({ status: 400, code: 'A0420' });
    expect(tooOld.msg).toContain('18–60');
    const notYet = await buyFor(accident, yearsBefore(plusDays(start, 1), 18));
    expect(notYet).toMatchObject({ status: 400, code: 'A0420' });
    const infant = await buyFor(products.medical, plusDays(start, -20));
    expect(infant).toMatchObject({ status: 400, code: 'A0420' });
    expect(infant.msg).toContain('28 天');
  });

  it('recomputes the premium from the version sold, whatever plan was chosen', async () => {
    const { accident } = products;
    const order = await buyFor(accident, yearsBefore(start, 45), { planCode: 'premium', termDays: 365 });
    expect(order.data.premiumFen).toBe(rate(accident.premiums, 'premium', 365, 45));
    expect(order.data.planName).toBe('尊享版');
  });
});

describe('submit: team products', () => {
  async function teamDraft(
    product: ProductDetail,
    classes: number[],
    over: Record<string, unknown> = {},
  ): Promise<Draft> {
    const created = await call<Draft>('POST', 'order/drafts', member, { productId: product.id });
    const draft = created.data;
    await call('PUT', `order/drafts/${draft.id}`, member, {
      planCode: product.plans[0].code,
      termDays: product.terms[0].days,
      startDate: start,
      holder: {
        company: '演示科技有限公司',
        creditCode: '91110105MA01ABCD13',
        contact: '赵经理',
        contactMobile: '13700000001',
      },
      ...over,
    });
    for (const [i, occupationClass] of classes.entries()) {
      const row = await call('POST', `order/drafts/${draft.id}/team/insured`, member, {
        name: `员工${'甲乙丙丁戊己庚辛'[i]}`,
        idNumber: idNumber(yearsBefore(start, 20 + i * 9), 100 + i),
        mobile: '',
        occupationClass,
      });
      expect(row.status, row.msg).toBe(200);
    }
    await completeTrail(ctx, member, draft.id, product);
    return draft;
  }

  it('employer liability: the premium is the sum per head by occupation class band', async () => {
    const { employer } = products;
    const classes = [2, 3, 6];
    const draft = await teamDraft(employer, classes);
    const order = await submit(ctx, member, draft.id);
    expect(order.status, order.msg).toBe(200);
    const expected = classes.map((c) => rate(employer.premiums, 'A', 365, c));
    expect(order.data.premiumFen).toBe(expected.reduce((a, b) => a + b, 0));
    expect(order.data.insured.map((p) => [p.occupationClass, p.premiumFen])).toEqual(
      classes.map((c, i) => [c, expected[i]]),
    );
    expect(order.data).toMatchObject({
      team: true,
      insuredCount: 3,
      applicant: null,
      holder: { company: '演示科技有限公司', contactMobileMasked: '137****0001' },
    });
  });

  it('refuses a unified social credit code whose check character is wrong (GB 32100-2015), in both languages', async () => {
    const draft = await teamDraft(products.employer, [2], {
      holder: {
        company: '演示科技有限公司',
        creditCode: '91110105ma01abcd1x',
        contact: '赵经理',
        contactMobile: '13700000001',
      },
    });
    const zh = await submit(ctx, member, draft.id);
    expect(zh).toMatchObject({ status: 400, code: 'A0400' });
    expect((zh.data as unknown as { issues: unknown[] }).issues).toContainEqual({
      field: 'holder.creditCode',
      message: '统一社会信用代码校验位不正确，请核对',
    });
    const pl = await submit(
      ctx,
      { headers: { ...member.headers, 'accept-language': 'pl' } } as unknown as Caller,
      draft.id,
    );
    expect((pl.data as unknown as { issues: unknown[] }).issues).toContainEqual({
      field: 'holder.creditCode',
      message: expect.stringContaining('znak kontrolny'),
    });
  });

  it('team medical: refuses a list below the team size and asks for the region it is sold in', async () => {
    const { teamMedical } = products;
    const small = await teamDraft(teamMedical, [1, 2, 3], { region: '北京市' });
    const refused = await submit(ctx, member, small.id);
    expect(refused).toMatchObject({ status: 400, code: 'A0420' });
    expect(refused.msg).toContain('5–300');

    const noRegion = await teamDraft(teamMedical, [1, 2, 3, 4, 1]);
    const asked = await submit(ctx, member, noRegion.id);
    expect(asked).toMatchObject({ status: 400, code: 'A0400' });
    expect((asked.data as unknown as { issues: { field: string }[] }).issues[0].field).toBe('region');
    await call('PUT', `order/drafts/${noRegion.id}`, member, { region: '四川省' });
    expect(await submit(ctx, member, noRegion.id)).toMatchObject({ status: 400, code: 'A0420' });
    await call('PUT', `order/drafts/${noRegion.id}`, member, { region: '上海市' });
    const ok = await submit(ctx, member, noRegion.id);
    expect(ok.status, ok.msg).toBe(200);
    expect(ok.data.premiumFen).toBe(
      [1, 2, 3, 4, 1].map((c) => rate(teamMedical.premiums, 'basic', 365, c)).reduce((a, b) => a + b, 0),
    );
  });
});

describe('submit: the applicant', () => {
  async function refusal(applicant: Record<string, unknown>, insured: unknown = { relation: 'self' }) {
    const draft = await individualDraft(ctx, member, products.accident, { startDate: start, applicant, insured });
    return submit(ctx, member, draft.id);
  }
  const issues = (a: Answer) => (a.data as { issues: { field: string; message: string }[] }).issues;
  const adult = yearsBefore(start, 30);

  it.each([
    ['a wrong check digit', () => wrongCheckDigit(idNumber(adult)), '校验位'],
    ['17 digits', () => idNumber(adult).slice(0, 17), '18 位'],
    ['a birth date that does not exist', () => `11010519901332${idNumber(adult).slice(14)}`, '出生日期'],
    ['a birth date in the future', () => idNumber(plusDays(start, 400)), '出生日期'],
    ['letters inside', () => `1101051990A307123X`, '18 位'],
  ])('refuses an ID number with %s (A0400, field applicant.idNumber)', async (_name, id, message) => {
    const answer = await refusal({ name: '李投保', idType: 'id_card', idNumber: id(), mobile: '13912345678' });
    expect(answer).toMatchObject({ status: 400, code: 'A0400' });
    expect(issues(answer)[0]).toEqual({ field: 'applicant.idNumber', message: expect.stringContaining(message) });
  });

  it('accepts a check digit X typed as a lower-case x with spaces, and derives sex and age', async () => {
    let withX = '';
    for (let s = 1; !withX.endsWith('X'); s += 1) withX = idNumber(adult, s);
    const draft = await individualDraft(ctx, member, products.accident, {
      startDate: start,
      applicant: {
        name: '李投保',
        idType: 'id_card',
        idNumber: ` ${withX.slice(0, 6)} ${withX.slice(6, 17)}x `,
        mobile: '13912345678',
      },
    });
    await completeTrail(ctx, member, draft.id, products.accident);
    const order = await submit(ctx, member, draft.id);
    expect(order.status, order.msg).toBe(200);
    expect(order.data.applicant).toMatchObject({
      idNumberMasked: `${withX.slice(0, 4)}**********${withX.slice(14)}`,
      age: 30,
    });
    const [stored] = await db
      .select({ idNumber: orderPersons.idNumber, sex: orderPersons.sex, birthDate: orderPersons.birthDate })
      .from(orderPersons)
      .where(and(eq(orderPersons.orderId, order.data.id), eq(orderPersons.role, 'applicant')));
    expect(stored).toEqual({ idNumber: withX, sex: Number(withX[16]) % 2 ? 'male' : 'female', birthDate: adult });
  });

  it('checks the number against its document type', async () => {
    const hmt = idNumber(adult, 11, '810000');
    const wrongType = await refusal({ name: '陈港生', idType: 'id_card', idNumber: hmt, mobile: '13912345678' });
    expect(issues(wrongType)[0]).toMatchObject({
      field: 'applicant.idNumber',
      message: expect.stringContaining('不符'),
    });
    const draft = await individualDraft(ctx, member, products.accident, {
      startDate: start,
      applicant: { name: '陈港生', idType: 'hmt_residence', idNumber: hmt, mobile: '13912345678' },
    });
    await completeTrail(ctx, member, draft.id, products.accident);
    expect((await submit(ctx, member, draft.id)).status).toBe(200);
  });

  it('names every missing or wrong field: name, mobile, e-mail, relation', async () => {
    const answer = await refusal({ idNumber: idNumber(adult), mobile: '12345678901', email: 'not-mail' }, {});
    expect(answer).toMatchObject({ status: 400, code: 'A0400' });
    expect(
      issues(answer)
        .map((i) => i.field)
        .sort(),
    ).toEqual(['applicant.email', 'applicant.mobile', 'applicant.name', 'insured.relation']);
    expect(issues(answer).find((i) => i.field === 'applicant.name')?.message).toBe('请填写姓名');
  });

  it('requires the applicant to be of age at the start date (exactly 18 is enough)', async () => {
    const young = await refusal(
      { ...person('李投保', yearsBefore(plusDays(start, 1), 18)) },
      { relation: 'other', ...person('王被保', yearsBefore(start, 40), 201) },
    );
    expect(young).toMatchObject({ status: 400, code: 'A0420', msg: '投保人需年满 18 周岁' });
    const draft = await individualDraft(ctx, member, products.accident, {
      startDate: start,
      applicant: person('李投保', yearsBefore(start, 18)),
      insured: { relation: 'other', ...person('王被保', yearsBefore(start, 40), 203) },
    });
    await completeTrail(ctx, member, draft.id, products.accident);
    expect((await submit(ctx, member, draft.id)).status).toBe(200);
  });

  it('keeps relations plausible: oneself is 本人, a child is younger, a parent older', async () => {
    const me = person('李投保', adult);
    expect(issues(await refusal(me, { relation: 'spouse', ...me }))[0]).toMatchObject({ field: 'insured.relation' });
    expect(
      issues(await refusal(me, { relation: 'child', ...person('李大', yearsBefore(start, 40), 301) }))[0].message,
    ).toContain('子女');
    expect(
      issues(await refusal(me, { relation: 'parent', ...person('李小', yearsBefore(start, 20), 303) }))[0].message,
    ).toContain('父母');
  });
});

describe('submit: the purchase trail', () => {
  const product = products.medical;
  const fresh = () => individualDraft(ctx, member, product, { startDate: start });
  const trail = (draftId: number, body: unknown) =>
    call<TrailAnswer>('POST', `order/drafts/${draftId}/trail`, member, body);
  const issueFields = (a: Answer) => (a.data as { issues: { field: string }[] }).issues.map((i) => i.field);

  it('refuses without any document opened, confirmed, health notice or consent, naming each', async () => {
    const draft = await fresh();
    const answer = await submit(ctx, member, draft.id);
    expect(answer).toMatchObject({ status: 400, code: 'A0420', msg: '请打开并阅读《保险条款》' });
    expect(issueFields(answer)).toEqual([
      'documents.clause',
      'documents.notice',
      'documents.exclusions',
      'health',
      'consent',
    ]);
  });

  it('refuses documents opened but not confirmed, and confirmations made before opening', async () => {
    const draft = await fresh();
    const versionId = product.versionId;
    await trail(draft.id, { type: 'confirm', documents: ['clause', 'notice', 'exclusions'], versionId });
    for (const document of ['clause', 'notice', 'exclusions'])
      await trail(draft.id, { type: 'open', document, versionId });
    await completeTrail(ctx, member, draft.id, product, { confirm: false });
    const answer = await submit(ctx, member, draft.id);
    expect(answer).toMatchObject({ status: 400, code: 'A0420', msg: '请确认已阅读《保险条款》' });
    expect(issueFields(answer)).toEqual(['documents.clause', 'documents.notice', 'documents.exclusions']);
    await trail(draft.id, { type: 'confirm', documents: ['clause', 'notice', 'exclusions'], versionId });
    expect((await submit(ctx, member, draft.id)).status).toBe(200);
  });

  it('refuses without the separate consent, or after it was withdrawn', async () => {
    const draft = await fresh();
    await completeTrail(ctx, member, draft.id, product, { consent: false });
    expect(await submit(ctx, member, draft.id)).toMatchObject({
      status: 400,
      code: 'A0420',
      msg: expect.stringContaining('敏感个人信息'),
    });
    await trail(draft.id, { type: 'consent', granted: true });
    await trail(draft.id, { type: 'consent', granted: false });
    expect(issueFields(await submit(ctx, member, draft.id))).toEqual(['consent']);
  });

  it('stops the purchase on any "yes" in the health notice, with a clear message', async () => {
    const draft = await fresh();
    await completeTrail(ctx, member, draft.id, product);
    const answers = { q1: false, q2: false, q3: true, q4: false, q5: false, q6: false };
    const answer = await trail(draft.id, { type: 'health', versionId: product.versionId, answers });
    expect(answer.data.progress).toMatchObject({ health: 'blocked', ready: false });
    expect(answer.data.blockedMessage).toContain('不能在线投保');
    const refused = await submit(ctx, member, draft.id);
    expect(refused).toMatchObject({ status: 400, code: 'A0420', msg: answer.data.blockedMessage });
    expect(issueFields(refused)).toEqual(['health']);
  });

  it('wants every health question answered, and no health answers for products without a notice', async () => {
    const draft = await fresh();
    expect(
      await trail(draft.id, { type: 'health', versionId: product.versionId, answers: { q1: false } }),
    ).toMatchObject({ status: 400, code: 'A0400' });
    expect(
      await trail(draft.id, {
        type: 'health',
        versionId: product.versionId,
        answers: { q1: false, q2: false, q3: false, q4: false, q5: false, q6: false, q9: false },
      }),
    ).toMatchObject({ status: 400 });
    const accident = await individualDraft(ctx, member, products.accident, { startDate: start });
    expect(
      await trail(accident.id, { type: 'health', versionId: products.accident.versionId, answers: {} }),
    ).toMatchObject({ status: 400, msg: '该产品无需健康告知' });
    expect(
      await trail(accident.id, { type: 'open', document: 'health', versionId: products.accident.versionId }),
    ).toMatchObject({ status: 400 });
  });

  it('refuses events for another product version (409) and reports progress as it goes', async () => {
    const draft = await fresh();
    expect(
      await trail(draft.id, { type: 'open', document: 'clause', versionId: product.versionId + 1000 }),
    ).toMatchObject({ status: 409, code: 'A0409' });
    const opened = await trail(draft.id, { type: 'open', document: 'clause', versionId: product.versionId });
    expect(opened.data.progress).toEqual({
      required: ['clause', 'notice', 'exclusions'],
      opened: ['clause'],
      confirmed: [],
      health: 'pending',
      consent: false,
      ready: false,
    });
    expect(await trail(draft.id, { type: 'shout' })).toMatchObject({ status: 400 });
  });

  it('keeps the whole trail with the order: page version, openings, confirmation, answers, consent and submission, with times', async () => {
    const draft = await fresh();
    await completeTrail(ctx, member, draft.id, product);
    const order = await submit(ctx, member, draft.id, { pageVersion: 'h5-2026.05' });
    expect(order.status).toBe(200);
    const events = await db
      .select()
      .from(purchaseEvents)
      .where(eq(purchaseEvents.orderId, order.data.id))
      .orderBy(purchaseEvents.id);
    expect(events.map((e) => [e.type, e.document])).toEqual([
      ['page', null],
      ['open', 'clause'],
      ['open', 'notice'],
      ['open', 'exclusions'],
      ['confirm', null],
      ['health', null],
      ['consent', null],
      ['submit', null],
    ]);
    expect(
      events.every(
        (e) => e.createdAt instanceof Date && e.versionId === product.versionId && e.memberId === member.memberId,
      ),
    ).toBe(true);
    expect(events[0].detail).toMatchObject({ step: 'confirm', pageVersion: 'test-1' });
    expect(events.at(-1)!.detail).toMatchObject({
      orderNo: order.data.orderNo,
      premiumFen: order.data.premiumFen,
      pageVersion: 'h5-2026.05',
    });
    // The member is told in 站内信, with the amount, the pay-by time and a way to the pay page.
    const [row] = await db.select().from(orders).where(eq(orders.id, order.data.id));
    const told = await db
      .select()
      .from(messages)
      .where(and(eq(messages.memberId, member.memberId), eq(messages.link, `/pay/index?orderId=${order.data.id}`)));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: 'order', title: '投保单已提交' });
    const payBy = new Date(row.expiresAt.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(told[0].body).toContain(`您的订单 ${order.data.orderNo}`);
    expect(told[0].body).toContain(`应付保费 ${formatYuan(order.data.premiumFen)}`);
    expect(told[0].body).toContain(`请在 ${payBy} 前完成支付`);
    // The draft became the order: no longer listed, not submittable twice.
    expect(await submit(ctx, member, draft.id)).toMatchObject({ status: 404, code: 'A0404' });
    const drafts = await call<{ list: { id: number }[] }>('GET', 'order/drafts?pageSize=50', member);
    expect(drafts.data.list.map((d) => d.id)).not.toContain(draft.id);
  });
});

describe('submit: one transaction', () => {
  it('a failure after the order insert leaves no order, persons or trail changes, and the draft open', async () => {
    const product = products.accident;
    const draft = await individualDraft(ctx, member, product, { startDate: start });
    await completeTrail(ctx, member, draft.id, product);
    const before = await db.select({ n: count() }).from(orders);
    await db.execute(
      sql.raw(
        `CREATE FUNCTION test_fail_submit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'forced failure'; END $$`,
      ),
    );
    await db.execute(
      sql.raw(
        `CREATE TRIGGER test_fail_submit BEFORE INSERT ON purchase_events FOR EACH ROW WHEN (NEW.type = 'submit') EXECUTE FUNCTION test_fail_submit()`,
      ),
    );
    try {
      const failed = await submit(ctx, member, draft.id);
      expect(failed).toMatchObject({ status: 500, code: 'B0001' });
    } finally {
      await db.execute(sql.raw('DROP TRIGGER test_fail_submit ON purchase_events'));
      await db.execute(sql.raw('DROP FUNCTION test_fail_submit()'));
    }
    expect(await db.select({ n: count() }).from(orders)).toEqual(before);
    const [persons] = await db
      .select({ n: count() })
      .from(orderPersons)
      .leftJoin(orders, eq(orders.id, orderPersons.orderId))
      .where(isNull(orders.id));
    expect(Number(persons.n)).toBe(0);
    const [draftRow] = await db
      .select({ status: orderDrafts.status, orderId: orderDrafts.orderId })
      .from(orderDrafts)
      .where(eq(orderDrafts.id, draft.id));
    expect(draftRow).toEqual({ status: 'open', orderId: null });
    const trail = await db
      .select({ orderId: purchaseEvents.orderId })
      .from(purchaseEvents)
      .where(eq(purchaseEvents.draftId, draft.id));
    // page, three openings, the confirmation and the consent (this product has no health notice).
    expect(trail.length).toBe(6);
    expect(trail.every((e) => e.orderId === null)).toBe(true);
    // Nothing half-done stands in the way of trying again.
    expect((await submit(ctx, member, draft.id)).status).toBe(200);
  });
});

describe('submit: channel and sharer', () => {
  const recommendOf = async (orderId: number) =>
    (await db.select({ r: orders.recommendId, c: orders.channelId }).from(orders).where(eq(orders.id, orderId)))[0];

  async function orderWith(who: Caller, body: unknown, draftOver: Record<string, unknown> = {}) {
    const draft = await individualDraft(ctx, who, products.accident, { startDate: start, ...draftOver });
    await completeTrail(ctx, who, draft.id, products.accident);
    const order = await submit(ctx, who, draft.id, body);
    expect(order.status, order.msg).toBe(200);
    return recommendOf(order.data.id);
  }

  it("takes the recommendId of the link when it is a partner or channel member, else the member's own recommender", async () => {
    await db
      .update(members)
      .set({ recommenderId: channel.memberId, channelId: 1 })
      .where(eq(members.id, member.memberId));
    try {
      expect(await orderWith(member, { recommendId: partner.memberId })).toEqual({ r: partner.memberId, c: 1 });
      expect(await orderWith(member, { recommendId: String(partner.memberId) })).toMatchObject({ r: partner.memberId });
      expect(await orderWith(member, {}, { recommendId: partner.memberId })).toMatchObject({ r: partner.memberId });
      // Not a partner, unknown, none, or the buyer: the member's recommender.
      const company = await signIn(ctx, 'demo.company');
      for (const recommendId of [company.memberId, 999_999, -1, '', member.memberId]) {
        expect(await orderWith(member, { recommendId }), String(recommendId)).toMatchObject({ r: channel.memberId });
      }
    } finally {
      await db.update(members).set({ recommenderId: null, channelId: null }).where(eq(members.id, member.memberId));
    }
    expect(await orderWith(member, {})).toEqual({ r: null, c: null });
    expect(await orderWith(partner, { recommendId: partner.memberId })).toEqual({ r: null, c: null });
    expect((await submit(ctx, member, 1, { recommendId: 'abc' })).status).toBe(400);
  });
});
