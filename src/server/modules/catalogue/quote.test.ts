import { describe, expect, it } from 'vitest';
import type { PremiumTable, ProductDetail, QuoteResult } from '#shared/catalogue.ts';
import { setupTestApp } from '../../test/helper.ts';
import { checkApplicantAge, endDateOf } from './quote.ts';
import { productId } from '../../test/buying.ts';
import { beijingToday, plusDays, startDate, yearsBefore } from '../../test/dates.ts';
import { V1 } from '../../test/http.ts';

const ctx = await setupTestApp({}, { listen: false });

const ids = {
  accident: await productId(ctx, 'ACC-ZH'),
  child: await productId(ctx, 'ACC-CHILD'),
  medical: await productId(ctx, 'MED-BW'),
  domestic: await productId(ctx, 'TRV-DOM'),
  overseas: await productId(ctx, 'TRV-INT'),
  employer: await productId(ctx, 'TEAM-EMP'),
  teamMedical: await productId(ctx, 'TEAM-MED'),
};

async function tableOf(id: number): Promise<PremiumTable> {
  const res = await ctx.app.inject({ method: 'GET', url: `${V1}/product/${id}` });
  return (res.json().data as ProductDetail).premiums;
}

/** The expected premium, read from the seeded table the detail call publishes. */
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

async function quote(id: number, body: unknown) {
  const res = await ctx.app.inject({ method: 'POST', url: `${V1}/product/${id}/quote`, payload: body as object });
  return {
    status: res.statusCode,
    body: res.json() as { code: string; msg: string; data: QuoteResult & { issues?: { field: string }[] } },
  };
}

async function refused(id: number, body: unknown, message: string, field?: string) {
  const { status, body: answer } = await quote(id, body);
  expect(status).toBe(400);
  expect(answer.code).toBe('A0420');
  expect(answer.msg).toContain(message);
  if (field) expect(answer.data.issues?.[0].field).toBe(field);
}

const start = startDate(2);
const born = (age: number) => yearsBefore(start, age);
/** Turns `age` the day after the start date: still `age - 1` when cover starts. */
const bornDayAfter = (age: number) => yearsBefore(plusDays(start, 1), age);
const annual = { termDays: 365, startDate: start };

describe('quote: medical (age bands 0-17/18-40/41-50/51-60/61-65)', async () => {
  const table = await tableOf(ids.medical);
  const one = (insured: object, planCode = 'standard') =>
    quote(ids.medical, { ...annual, planCode, insured: [insured] });

  it.each([
    ['exactly 17', born(17), 17],
    ['exactly 18', born(18), 18],
    ['18 the day after start', bornDayAfter(18), 17],
    ['exactly 40', born(40), 40],
    ['exactly 41', born(41), 41],
    ['41 the day after start', bornDayAfter(41), 40],
    ['exactly 65', born(65), 65],
    ['66 the day after start', bornDayAfter(66), 65],
  ])('prices someone %s by the band of their age at the start date', async (_name, birthDate, age) => {
    const { status, body } = await one({ birthDate });
    expect(status).toBe(200);
    expect(body.data.perPerson).toEqual([
      { age, occupationClass: null, premiumFen: rate(table, 'standard', 365, age) },
    ]);
    expect(body.data.premiumFen).toBe(rate(table, 'standard', 365, age));
  });

  it('uses the seeded numbers: 17 pays 308 元, 18 pays 218 元, 41 pays 468 元, 65 pays 1588 元', async () => {
    const prices = [];
    for (const age of [17, 18, 41, 65]) prices.push((await one({ birthDate: born(age) })).body.data.premiumFen);
    expect(prices).toEqual([30800, 21800, 46800, 158800]);
  });

  it('refuses someone exactly 66', async () => {
    await refused(
      ids.medical,
      { ...annual, planCode: 'standard', insured: [{ birthDate: born(66) }] },
      '被保人年龄需在 0–65 周岁之间',
      'insured.0.birthDate',
    );
  });

  it('refuses a baby younger than 28 days and a birth date after the start', async () => {
    await refused(
      ids.medical,
      { ...annual, planCode: 'standard', insured: [{ birthDate: plusDays(start, -27) }] },
      '需出生满 28 天',
    );
    const ok = await one({ birthDate: plusDays(start, -28) });
    expect(ok.body.data.perPerson[0]).toMatchObject({ age: 0, premiumFen: rate(table, 'standard', 365, 0) });
    await refused(
      ids.medical,
      { ...annual, planCode: 'standard', insured: [{ birthDate: plusDays(start, 1) }] },
      '出生日期不能晚于起保日期',
    );
  });

  it('adds up several insured persons on the upgraded plan and accepts an age instead of a birth date', async () => {
    const { body } = await quote(ids.medical, {
      ...annual,
      planCode: 'plus',
      insured: [{ age: 30 }, { birthDate: born(55) }, { age: 5 }],
    });
    const expected = [30, 55, 5].map((age) => rate(table, 'plus', 365, age));
    expect(body.data.perPerson.map((p) => [p.age, p.premiumFen])).toEqual([
      [30, expected[0]],
      [55, expected[1]],
      [5, expected[2]],
    ]);
    expect(body.data.premiumFen).toBe(29800 + 115800 + 39800);
    expect(body.data.insuredCount).toBe(3);
  });

  it('names the person who breaks a rule when there are several', async () => {
    await refused(
      ids.medical,
      { ...annual, planCode: 'standard', insured: [{ age: 30 }, { age: 70 }] },
      '第 2 位被保人年龄需在 0–65 周岁之间',
      'insured.1.age',
    );
  });

  it('states the version, the plan and a one-year end date', async () => {
    const detail = (await ctx.app.inject({ method: 'GET', url: `${V1}/product/${ids.medical}` })).json()
      .data as ProductDetail;
    const { body } = await one({ age: 30 });
    const endDate = plusDays(yearsBefore(start, -1), -1);
    expect(body.data).toMatchObject({
      productId: ids.medical,
      versionId: detail.versionId,
      planCode: 'standard',
      termDays: 365,
      startDate: start,
      endDate,
    });
  });
});

describe('quote: accident (plans 基础/标准/尊享, ages 18-60, classes 1-4)', async () => {
  const table = await tableOf(ids.accident);

  it.each([
    ['basic', 18],
    ['standard', 45],
    ['premium', 60],
  ])('prices plan %s at age %i', async (planCode, age) => {
    const { status, body } = await quote(ids.accident, {
      ...annual,
      planCode,
      insured: [{ birthDate: born(age), occupationClass: 4 }],
    });
    expect(status).toBe(200);
    expect(body.data.premiumFen).toBe(rate(table, planCode, 365, age));
  });

  it('charges the seeded 69 元 / 159 元 / 429 元', async () => {
    const got = [];
    for (const [planCode, age] of [
      ['basic', 30],
      ['standard', 45],
      ['premium', 55],
    ] as const) {
      got.push((await quote(ids.accident, { ...annual, planCode, insured: [{ age }] })).body.data.premiumFen);
    }
    expect(got).toEqual([6900, 15900, 42900]);
  });

  it('refuses ages outside 18–60, occupation class 5, unknown plans and terms', async () => {
    await refused(
      ids.accident,
      { ...annual, planCode: 'basic', insured: [{ birthDate: bornDayAfter(18) }] },
      '被保人年龄需在 18–60 周岁之间',
    );
    await refused(
      ids.accident,
      { ...annual, planCode: 'basic', insured: [{ age: 61 }] },
      '被保人年龄需在 18–60 周岁之间',
    );
    await refused(
      ids.accident,
      { ...annual, planCode: 'basic', insured: [{ age: 30, occupationClass: 5 }] },
      '该职业类别不在承保范围内（可承保 1–4 类）',
      'insured.0.occupationClass',
    );
    await refused(ids.accident, { ...annual, planCode: 'gold', insured: [{ age: 30 }] }, '方案不存在', 'planCode');
    await refused(
      ids.accident,
      { planCode: 'basic', termDays: 30, startDate: start, insured: [{ age: 30 }] },
      '保障期限不可选（可选：1年）',
      'termDays',
    );
  });

  it('takes a start date from tomorrow to 30 days ahead only', async () => {
    const today = beijingToday();
    for (const offset of [1, 30]) {
      const { status } = await quote(ids.accident, {
        planCode: 'basic',
        termDays: 365,
        startDate: plusDays(today, offset),
        insured: [{ age: 30 }],
      });
      expect(status).toBe(200);
    }
    for (const offset of [0, 31, -1]) {
      await refused(
        ids.accident,
        { planCode: 'basic', termDays: 365, startDate: plusDays(today, offset), insured: [{ age: 30 }] },
        `起保日期需在明天至 30 天后之间（${plusDays(today, 1)} 至 ${plusDays(today, 30)}）`,
        'startDate',
      );
    }
  });

  it('refuses a region excluded from sale, accepts a mainland one', async () => {
    await refused(
      ids.accident,
      { ...annual, planCode: 'basic', region: '香港特别行政区', insured: [{ age: 30 }] },
      '该产品暂不在香港特别行政区销售',
    );
    expect(
      (await quote(ids.accident, { ...annual, planCode: 'basic', region: '浙江省', insured: [{ age: 30 }] })).status,
    ).toBe(200);
  });

  it('needs an insured person, with a birth date or an age', async () => {
    await refused(ids.accident, { ...annual, planCode: 'basic' }, '请填写被保人信息', 'insured');
    await refused(ids.accident, { ...annual, planCode: 'basic', count: 3 }, '请填写被保人信息');
    await refused(
      ids.accident,
      { ...annual, planCode: 'basic', insured: [{ occupationClass: 1 }] },
      '请填写被保人的出生日期',
    );
  });

  it('does not quote an off-sale product', async () => {
    const { status, body } = await quote(ids.child, { ...annual, planCode: 'basic', insured: [{ age: 5 }] });
    expect([status, body.code]).toEqual([404, 'A0404']);
  });
});

describe('quote: travel (terms in days)', async () => {
  const domestic = await tableOf(ids.domestic);
  const overseas = await tableOf(ids.overseas);

  it.each([3, 7, 15, 30])('prices the domestic %i-day term and ends it on the last day of travel', async (termDays) => {
    const { status, body } = await quote(ids.domestic, {
      planCode: 'economy',
      termDays,
      startDate: start,
      insured: [{ age: 35 }],
    });
    expect(status).toBe(200);
    expect(body.data.premiumFen).toBe(rate(domestic, 'economy', termDays, 35));
    expect(body.data.endDate).toBe(plusDays(start, termDays - 1));
  });

  it('charges the seeded domestic prices: 7 天 adult 7 元, child 5 元, 66 岁 14 元; comfort 30 天 40 元', async () => {
    const { body } = await quote(ids.domestic, {
      planCode: 'economy',
      termDays: 7,
      startDate: start,
      insured: [{ age: 30 }, { birthDate: born(17) }, { birthDate: born(66) }],
    });
    expect(body.data.perPerson.map((p) => p.premiumFen)).toEqual([700, 500, 1400]);
    expect(body.data.premiumFen).toBe(2600);
    expect(
      (await quote(ids.domestic, { planCode: 'comfort', termDays: 30, startDate: start, insured: [{ age: 40 }] })).body
        .data.premiumFen,
    ).toBe(4000);
  });

  it('refuses a term not on offer, age 81 and a start more than 90 days ahead', async () => {
    await refused(
      ids.domestic,
      { planCode: 'economy', termDays: 10, startDate: start, insured: [{ age: 30 }] },
      '保障期限不可选（可选：3天、7天、15天、30天）',
    );
    await refused(
      ids.domestic,
      { planCode: 'economy', termDays: 7, startDate: start, insured: [{ age: 81 }] },
      '被保人年龄需在 0–80 周岁之间',
    );
    const today = beijingToday();
    expect(
      (
        await quote(ids.domestic, {
          planCode: 'economy',
          termDays: 7,
          startDate: plusDays(today, 90),
          insured: [{ age: 30 }],
        })
      ).status,
    ).toBe(200);
    await refused(
      ids.domestic,
      { planCode: 'economy', termDays: 7, startDate: plusDays(today, 91), insured: [{ age: 30 }] },
      '起保日期需在明天至 90 天后之间',
    );
  });

  it('prices the overseas bands 60/61 and the 90-day term', async () => {
    const { body } = await quote(ids.overseas, {
      planCode: 'global',
      termDays: 90,
      startDate: start,
      insured: [{ birthDate: born(60) }, { birthDate: born(61) }],
    });
    expect(body.data.perPerson.map((p) => p.premiumFen)).toEqual([
      rate(overseas, 'global', 90, 60),
      rate(overseas, 'global', 90, 61),
    ]);
    expect(body.data.premiumFen).toBe(56000 + 112000);
    await refused(
      ids.overseas,
      { planCode: 'schengen', termDays: 7, startDate: start, insured: [{ age: 76 }] },
      '被保人年龄需在 0–75 周岁之间',
    );
  });
});

describe('quote: team products (per head by occupation class)', async () => {
  const employer = await tableOf(ids.employer);
  const teamMedical = await tableOf(ids.teamMedical);

  it.each([
    [1, 3],
    [2, 3],
    [3, 10],
    [4, 10],
    [5, 500],
    [6, 500],
  ])('prices class %i for %i heads', async (occupationClass, count) => {
    const { status, body } = await quote(ids.employer, { ...annual, planCode: 'B', count, occupationClass });
    expect(status).toBe(200);
    expect(body.data.insuredCount).toBe(count);
    expect(body.data.premiumFen).toBe(count * rate(employer, 'B', 365, occupationClass));
    expect(body.data.perPerson[0]).toEqual({
      age: null,
      occupationClass,
      premiumFen: rate(employer, 'B', 365, occupationClass),
    });
  });

  it('charges the seeded 120 元 per head for class 1 on plan A: 3 heads 360 元', async () => {
    expect(
      (await quote(ids.employer, { ...annual, planCode: 'A', count: 3, occupationClass: 1 })).body.data.premiumFen,
    ).toBe(36000);
  });

  it('holds the team size to 3–500 persons', async () => {
    await refused(
      ids.employer,
      { ...annual, planCode: 'A', count: 2, occupationClass: 1 },
      '团体人数需在 3–500 人之间',
      'count',
    );
    await refused(
      ids.employer,
      { ...annual, planCode: 'A', count: 501, occupationClass: 1 },
      '团体人数需在 3–500 人之间',
      'count',
    );
    await refused(
      ids.employer,
      {
        ...annual,
        planCode: 'A',
        insured: [
          { age: 30, occupationClass: 1 },
          { age: 31, occupationClass: 1 },
        ],
      },
      '团体人数需在 3–500 人之间',
      'insured',
    );
  });

  it('prices a named list person by person and checks each age and class', async () => {
    const insured = [
      { birthDate: born(30), occupationClass: 1 },
      { age: 45, occupationClass: 4 },
      { age: 60, occupationClass: 6 },
    ];
    const { body } = await quote(ids.employer, { ...annual, planCode: 'A', insured });
    expect(body.data.perPerson).toEqual([
      { age: 30, occupationClass: 1, premiumFen: rate(employer, 'A', 365, 1) },
      { age: 45, occupationClass: 4, premiumFen: rate(employer, 'A', 365, 4) },
      { age: 60, occupationClass: 6, premiumFen: rate(employer, 'A', 365, 6) },
    ]);
    expect(body.data.premiumFen).toBe(12000 + 26000 + 52000);
    await refused(
      ids.employer,
      { ...annual, planCode: 'A', insured: [...insured, { age: 66, occupationClass: 1 }] },
      '第 4 位被保人年龄需在 16–65 周岁之间',
    );
    await refused(
      ids.employer,
      { ...annual, planCode: 'A', insured: [...insured, { age: 40 }] },
      '请填写第 4 位被保人的职业类别',
      'insured.3.occupationClass',
    );
  });

  it('needs a count with a class, or a list', async () => {
    await refused(ids.employer, { ...annual, planCode: 'A' }, '请填写投保人数或被保人名单', 'count');
    await refused(ids.employer, { ...annual, planCode: 'A', count: 5 }, '请选择职业类别', 'occupationClass');
  });

  it('team medical: classes 1–4 only, 5–300 persons, sold in listed regions only', async () => {
    const { body } = await quote(ids.teamMedical, {
      ...annual,
      planCode: 'plus',
      count: 5,
      occupationClass: 3,
      region: '上海市',
    });
    expect(body.data.premiumFen).toBe(5 * rate(teamMedical, 'plus', 365, 3));
    expect(body.data.premiumFen).toBe(5 * 142000);
    await refused(
      ids.teamMedical,
      { ...annual, planCode: 'basic', count: 5, occupationClass: 5 },
      '该职业类别不在承保范围内（可承保 1–4 类）',
      'occupationClass',
    );
    await refused(
      ids.teamMedical,
      { ...annual, planCode: 'basic', count: 4, occupationClass: 1 },
      '团体人数需在 5–300 人之间',
    );
    await refused(
      ids.teamMedical,
      { ...annual, planCode: 'basic', count: 301, occupationClass: 1 },
      '团体人数需在 5–300 人之间',
    );
    await refused(
      ids.teamMedical,
      { ...annual, planCode: 'basic', count: 5, occupationClass: 1, region: '四川省' },
      '该产品暂不在四川省销售',
    );
  });
});

describe('quote: malformed requests get a 4xx envelope, never a 500', () => {
  const good = { planCode: 'basic', termDays: 365, startDate: start, insured: [{ age: 30 }] };
  const cases: [string, unknown][] = [
    ['no plan', { ...good, planCode: undefined }],
    ['termDays as text', { ...good, termDays: 'abc' }],
    ['termDays as a fraction', { ...good, termDays: 1.5 }],
    ['an impossible date', { ...good, startDate: '2027-02-30' }],
    ['a date with a time', { ...good, startDate: `${start}T00:00:00Z` }],
    ['insured not a list', { ...good, insured: { age: 30 } }],
    ['an empty list', { ...good, insured: [] }],
    ['a negative age', { ...good, insured: [{ age: -1 }] }],
    ['occupation class 7', { ...good, insured: [{ age: 30, occupationClass: 7 }] }],
    ['a birth date that is no date', { ...good, insured: [{ birthDate: '1990-13-01' }] }],
    ['a list of 1001', { ...good, insured: Array.from({ length: 1001 }, () => ({ age: 30 })) }],
    ['a fractional count', { ...good, insured: undefined, count: 2.5 }],
    ['an array body', [good]],
    ['null', null],
  ];

  it.each(cases)('%s', async (_name, body) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${V1}/product/${ids.accident}/quote`,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().code).toMatch(/^A0\d{3}$/);
  });

  it('broken JSON and an empty body', async () => {
    for (const payload of ['{"planCode":', '']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${V1}/product/${ids.accident}/quote`,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('A0427');
    }
  });

  it('a bad or unknown product id', async () => {
    expect((await quote('x' as unknown as number, good)).status).toBe(400);
    expect((await quote(999_999, good)).status).toBe(404);
  });
});

describe('quote helpers the order module reuses', () => {
  it('ends a one-year term the day before the anniversary, also across 29 February', () => {
    expect(endDateOf('2027-03-01', 365)).toBe('2028-02-29');
    expect(endDateOf('2028-02-29', 365)).toBe('2029-02-28');
    expect(endDateOf('2027-12-31', 7)).toBe('2028-01-06');
  });

  it('refuses an applicant under the minimum age at the start date', async () => {
    const { limits } = (await ctx.app.inject({ method: 'GET', url: `${V1}/product/${ids.medical}` })).json()
      .data as ProductDetail;
    expect(() => checkApplicantAge(limits, '2009-06-02', '2027-06-01')).toThrow('投保人需年满 18 周岁');
    expect(() => checkApplicantAge(limits, '2009-06-01', '2027-06-01')).not.toThrow();
  });
});
