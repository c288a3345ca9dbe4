import { expect } from 'vitest';
import type { ProductDetail } from '#shared/catalogue.ts';
import type { Draft, OrderDetail, TrailAnswer } from '#shared/orders.ts';
import type { TestContext } from '../../test/helper.ts';
import { bearer, beijingToday, plusDays, productId, V1, yearsBefore } from '../catalogue/test-support.ts';

/** Helpers of the order tests: check digits and requests written out here, not taken from the code under test. */

export { bearer, beijingToday, plusDays, productId, V1, yearsBefore };

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** A resident ID number with a correct GB 11643 check digit. `seq` odd = male. */
export function idNumber(birthDate: string, seq = 123, area = '110105'): string {
  const first17 = `${area}${birthDate.replaceAll('-', '')}${String(seq).padStart(3, '0')}`;
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * WEIGHTS[i], 0);
  return first17 + CHECK[sum % 11];
}

/** The same number with a wrong last character. */
export function wrongCheckDigit(id: string): string {
  const last = id[17] === '0' ? '1' : '0';
  return id.slice(0, 17) + last;
}

export interface Caller { memberId: number; headers: { authorization: string } }

export interface Answer<T = unknown> { status: number; code: string; msg: string; data: T }

export function api(ctx: TestContext) {
  return async function call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, who: Caller | null, body?: unknown): Promise<Answer<T>> {
    const res = await ctx.app.inject({
      method,
      url: path.startsWith('/') ? path : `${V1}/${path}`,
      headers: who?.headers ?? {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const json = res.headers['content-type']?.toString().includes('json') ? res.json() : { code: '', msg: '', data: res.rawPayload };
    return { status: res.statusCode, code: json.code, msg: json.msg, data: json.data };
  };
}

export async function detail(ctx: TestContext, id: number): Promise<ProductDetail> {
  const res = await ctx.app.inject({ method: 'GET', url: `${V1}/product/${id}` });
  return res.json().data;
}

/** A start date a few days ahead, avoiding 29 February so birthdays exist in every year. */
export function startDate(offset = 3): string {
  for (let d = offset; ; d += 1) {
    const day = plusDays(beijingToday(), d);
    if (!day.endsWith('-02-29') && !plusDays(day, 1).endsWith('-02-29')) return day;
  }
}

/** Opens and confirms the required documents, answers the health notice "no" everywhere, consents. */
export async function completeTrail(ctx: TestContext, who: Caller, draftId: number, product: ProductDetail, opts: { health?: boolean; consent?: boolean; confirm?: boolean } = {}): Promise<TrailAnswer> {
  const call = api(ctx);
  const trail = (body: unknown) => call<TrailAnswer>('POST', `order/drafts/${draftId}/trail`, who, body);
  const versionId = product.versionId;
  await trail({ type: 'page', step: 'confirm', pageVersion: 'test-1' });
  for (const document of ['clause', 'notice', 'exclusions']) expect((await trail({ type: 'open', document, versionId })).status).toBe(200);
  if (opts.confirm !== false) await trail({ type: 'confirm', documents: ['clause', 'notice', 'exclusions'], versionId });
  if (opts.health !== false && product.documents.some((d) => d.kind === 'health')) {
    const doc = (await ctx.app.inject({ method: 'GET', url: `${V1}/product/${product.id}/documents/health` })).json().data;
    await trail({ type: 'health', versionId, answers: Object.fromEntries(doc.questions.map((q: { id: string }) => [q.id, false])) });
  }
  const last = await trail({ type: 'consent', granted: opts.consent !== false });
  expect(last.status).toBe(200);
  return last.data;
}

export const person = (name: string, birthDate: string, seq = 123, mobile = '13912345678') => ({ name, idType: 'id_card', idNumber: idNumber(birthDate, seq), mobile });

/** A complete individual draft: plan, term, start, applicant and insured (self unless given). */
export async function individualDraft(ctx: TestContext, who: Caller, product: ProductDetail, over: Record<string, unknown> = {}): Promise<Draft> {
  const call = api(ctx);
  const start = (over.startDate as string | undefined) ?? startDate();
  const created = await call<Draft>('POST', 'order/drafts', who, { productId: product.id });
  expect(created.status).toBe(200);
  const saved = await call<Draft>('PUT', `order/drafts/${created.data.id}`, who, {
    planCode: product.plans[0].code,
    termDays: product.terms[0].days,
    startDate: start,
    applicant: { ...person('李投保', yearsBefore(start, 35)), email: 'li@example.com' },
    insured: { relation: 'self' },
    ...over,
  });
  expect(saved.status, saved.msg).toBe(200);
  return saved.data;
}

export async function submit(ctx: TestContext, who: Caller, draftId: number, body: unknown = {}): Promise<Answer<OrderDetail>> {
  return api(ctx)<OrderDetail>('POST', `order/drafts/${draftId}/submit`, who, body);
}

/** Draft → trail → submit: an unpaid order of the product. */
export async function unpaidOrder(ctx: TestContext, who: Caller, product: ProductDetail, over: Record<string, unknown> = {}): Promise<OrderDetail> {
  const draft = await individualDraft(ctx, who, product, over);
  await completeTrail(ctx, who, draft.id, product);
  const order = await submit(ctx, who, draft.id);
  expect(order.status, order.msg).toBe(200);
  return order.data;
}

export async function productByCode(ctx: TestContext, code: string): Promise<ProductDetail> {
  return detail(ctx, await productId(ctx, code));
}
