import { describe, expect, it } from 'vitest';
import { isErrorCode } from '#shared/errors.ts';
import type { Draft, TeamList } from '#shared/orders.ts';
import { setupTestApp } from '../../test/helper.ts';
import { productByCode } from '../../test/buying.ts';
import { yearsBefore } from '../../test/dates.ts';
import { api, V1 } from '../../test/http.ts';
import { idNumber } from '../../test/id-number.ts';
import { signIn } from '../../test/sign-in.ts';

/** Malformed requests to every buying route: a 4xx catalogue envelope (or WeChat's FAIL), never a 500. */
const ctx = await setupTestApp({}, { listen: false });
const call = api(ctx);
const member = await signIn(ctx, 'demo.member');
const employer = await productByCode(ctx, 'TEAM-EMP');
const draft = (await call<Draft>('POST', 'order/drafts', member, { productId: employer.id })).data;
const row = (
  await call<TeamList>('POST', `order/drafts/${draft.id}/team/insured`, member, {
    name: '张三',
    idNumber: idNumber(yearsBefore('2026-01-01', 30)),
    occupationClass: 1,
  })
).data.rows[0];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const BODIES = ['{', '[]', '"text"', 'null', '{"a":', JSON.stringify({ x: 'y'.repeat(1024 * 1024 + 10) })];

const bodyRoutes: [Method, string, string[]][] = [
  [
    'POST',
    'order/drafts',
    [
      '{"productId":"x"}',
      '{"productId":1e12}',
      '{"productId":-1}',
      '{}',
      '{"productId":1,"startDate":"2026-13-01"}',
      '{"productId":1,"recommendId":{}}',
    ],
  ],
  [
    'PUT',
    `order/drafts/${draft.id}`,
    [
      '{"applicant":"x"}',
      '{"insured":{"relation":"boss"}}',
      '{"termDays":0}',
      '{"holder":{"company":5}}',
      '{"applicant":{"idType":"passport"}}',
    ],
  ],
  [
    'POST',
    `order/drafts/${draft.id}/trail`,
    [
      '{}',
      '{"type":"open"}',
      '{"type":"open","document":"x","versionId":1}',
      '{"type":"health","versionId":1,"answers":[]}',
      '{"type":"confirm","documents":[],"versionId":1}',
    ],
  ],
  ['POST', `order/drafts/${draft.id}/submit`, ['{"recommendId":[1]}', '{"recommendId":"1x"}', '{"pageVersion":5}']],
  [
    'POST',
    `order/drafts/${draft.id}/team/insured`,
    ['{"name":{},"idNumber":1,"occupationClass":"a"}', '{"name":"张三","idNumber":"110","occupationClass":99}'],
  ],
  ['PUT', `order/drafts/${draft.id}/team/insured/${row.id}`, ['{"name":{},"idNumber":[],"occupationClass":null}']],
  ['POST', 'order/1/pay', ['{"returnUrl":5}', `{"returnUrl":"${'x'.repeat(2000)}"}`]],
];

const cases: { name: string; method: Method; url: string; payload?: string; type?: string }[] = [
  ...bodyRoutes.flatMap(([method, url, extra]) =>
    [...BODIES, ...extra].map((payload) => ({
      name: `${method} ${url} ${payload.slice(0, 40)}`,
      method,
      url,
      payload,
    })),
  ),
  ...bodyRoutes.map(([method, url]) => ({
    name: `${method} ${url} as text/plain`,
    method,
    url,
    payload: 'hello',
    type: 'text/plain',
  })),
  ...[
    'order/0',
    'order/-1',
    'order/1.5',
    'order/99999999999',
    'order/abc/status',
    'order/drafts/abc',
    'order/drafts/0/team',
    `order/drafts/${draft.id}/team/insured/x`,
    'messages/x/read',
  ].map((url) => ({ name: `GET ${url}`, method: 'GET' as Method, url })),
  ...[
    'order/list?page=abc',
    'order/list?pageSize=1000',
    'order/list?status=x',
    'order/drafts?page=0',
    'messages?pageSize=0',
  ].map((url) => ({ name: `GET ${url}`, method: 'GET' as Method, url })),
];

describe('malformed requests to the buying routes', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s → 4xx envelope', async (_name, c) => {
    const res = await ctx.app.inject({
      method: c.method,
      url: `${V1}/${c.url}`,
      headers: {
        ...member.headers,
        ...(c.payload === undefined ? {} : { 'content-type': c.type ?? 'application/json' }),
      },
      ...(c.payload === undefined ? {} : { payload: c.payload }),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
    const body = res.json();
    expect(isErrorCode(body.code), body.code).toBe(true);
    expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it("the notify route answers WeChat's FAIL shape for empty, huge and garbage bodies", async () => {
    for (const payload of ['', '{}', 'x'.repeat(70 * 1024)]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${V1}/pay/notify`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'FAIL' });
    }
    const get = await ctx.app.inject({ method: 'GET', url: `${V1}/pay/notify` });
    expect(get.statusCode).toBe(404);
  });
});
