import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProductContent } from '#shared/catalogue.ts';
import type { Draft, DraftList, TrailAnswer } from '#shared/orders.ts';
import { productVersions } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { publishVersion } from '../catalogue/publish.ts';
import { completeTrail, individualDraft, productByCode, productId, submit } from '../../test/buying.ts';
import { startDate } from '../../test/dates.ts';
import { api } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

const ctx = await setupTestApp({}, { listen: false });
const db = ctx.database.db;
const call = api(ctx);
const member = await signIn(ctx, 'demo.member');
const accident = await productByCode(ctx, 'ACC-ZH');

describe('drafts', () => {
  it('start for an on-sale product with plan, term and start date checked against it', async () => {
    const created = await call<Draft>('POST', 'order/drafts', member, {
      productId: accident.id,
      planCode: 'standard',
      termDays: 365,
      recommendId: '42',
      step: 'plan',
    });
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({
      productId: accident.id,
      productName: '综合意外险',
      team: false,
      versionId: accident.versionId,
      onSale: true,
      planCode: 'standard',
      termDays: 365,
      startDate: null,
      applicant: null,
      insured: null,
      step: 'plan',
      recommendId: 42,
      teamCount: 0,
      progress: {
        required: ['clause', 'notice', 'exclusions'],
        opened: [],
        confirmed: [],
        health: 'none',
        consent: false,
        ready: false,
      },
    });
    expect(await call('POST', 'order/drafts', member, { productId: accident.id, planCode: 'gold' })).toMatchObject({
      status: 400,
      msg: expect.stringContaining('方案不存在'),
    });
    expect(await call('POST', 'order/drafts', member, { productId: accident.id, termDays: 30 })).toMatchObject({
      status: 400,
      msg: expect.stringContaining('保障期限不可选'),
    });
    expect(
      await call('POST', 'order/drafts', member, { productId: accident.id, startDate: '2026-02-30' }),
    ).toMatchObject({ status: 400 });
    expect(await call('POST', 'order/drafts', member, { productId: 999_999 })).toMatchObject({
      status: 404,
      msg: '产品不存在或已下架',
    });
    const offSale = await productId(ctx, 'ACC-CHILD');
    expect(await call('POST', 'order/drafts', member, { productId: offSale })).toMatchObject({ status: 404 });
  });

  it('save half-filled forms at any step and resume them as saved', async () => {
    const { data: draft } = await call<Draft>('POST', 'order/drafts', member, { productId: accident.id });
    const saved = await call<Draft>('PUT', `order/drafts/${draft.id}`, member, {
      startDate: startDate(),
      step: 'applicant',
      applicant: { name: '李', idNumber: '11010519', mobile: '', email: '' },
    });
    expect(saved.status).toBe(200);
    const resumed = await call<Draft>('GET', `order/drafts/${draft.id}`, member);
    expect(resumed.data).toMatchObject({ step: 'applicant', applicant: { name: '李', idNumber: '11010519' } });
    expect(resumed.data.applicant).not.toHaveProperty('mobile');
    // Fields not sent stay; null clears.
    await call('PUT', `order/drafts/${draft.id}`, member, { insured: { relation: 'self' } });
    expect((await call<Draft>('GET', `order/drafts/${draft.id}`, member)).data).toMatchObject({
      applicant: { name: '李' },
      insured: { relation: 'self' },
    });
    await call('PUT', `order/drafts/${draft.id}`, member, { applicant: null });
    expect((await call<Draft>('GET', `order/drafts/${draft.id}`, member)).data.applicant).toBeNull();
    expect(
      await call('PUT', `order/drafts/${draft.id}`, member, { applicant: { name: 'x'.repeat(31) } }),
    ).toMatchObject({ status: 400 });
    expect(await call('PUT', `order/drafts/${draft.id}`, member, { step: 'pay' })).toMatchObject({ status: 400 });
  });

  it('are listed newest first with product, plan and applicant, and can be deleted', async () => {
    const other = await signIn(ctx, 'demo.company');
    const first = await individualDraft(ctx, other, accident);
    const second = await individualDraft(ctx, other, accident, { planCode: 'premium' });
    const list = await call<DraftList>('GET', 'order/drafts?pageSize=1', other);
    expect(list.data).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(list.data.list[0]).toMatchObject({
      id: second.id,
      productName: '综合意外险',
      planName: '尊享版',
      applicantName: '李投保',
      insuredCount: 1,
      onSale: true,
    });
    expect((await call<DraftList>('GET', 'order/drafts?page=2&pageSize=1', other)).data.list[0].id).toBe(first.id);
    expect(await call('DELETE', `order/drafts/${first.id}`, other)).toMatchObject({
      status: 200,
      data: { id: first.id },
    });
    expect(await call('GET', `order/drafts/${first.id}`, other)).toMatchObject({ status: 404 });
    expect(await call('DELETE', `order/drafts/${first.id}`, other)).toMatchObject({ status: 404 });
    expect((await call<DraftList>('GET', 'order/drafts', other)).data.total).toBe(1);
    expect(await call('GET', 'order/drafts/abc', other)).toMatchObject({ status: 400 });
  });

  it('show the trail progress, and documents read for an older version no longer count', async () => {
    const medicalId = await productId(ctx, 'MED-BW');
    const medical = await productByCode(ctx, 'MED-BW');
    const draft = await individualDraft(ctx, member, medical);
    const done = await completeTrail(ctx, member, draft.id, medical);
    expect(done.progress).toMatchObject({
      opened: ['clause', 'notice', 'exclusions'],
      confirmed: ['clause', 'notice', 'exclusions'],
      health: 'passed',
      consent: true,
      ready: true,
    });
    expect((await call<Draft>('GET', `order/drafts/${draft.id}`, member)).data.progress.ready).toBe(true);

    // The insurer publishes a new version: the clauses must be read again before submission.
    const [current] = await db
      .select({ content: productVersions.content })
      .from(productVersions)
      .where(eq(productVersions.id, medical.versionId));
    const next: ProductContent = { ...current.content, highlights: [...current.content.highlights, '新版条款'] };
    const { versionId } = await publishVersion(db, medicalId, next, ctx.database.changes);
    const after = await call<Draft>('GET', `order/drafts/${draft.id}`, member);
    expect(after.data).toMatchObject({
      versionId,
      progress: { opened: [], confirmed: [], health: 'pending', consent: true, ready: false },
    });
    expect(await submit(ctx, member, draft.id)).toMatchObject({
      status: 400,
      code: 'A0420',
      msg: '请打开并阅读《保险条款》',
    });
    const old = await call<TrailAnswer>('POST', `order/drafts/${draft.id}/trail`, member, {
      type: 'open',
      document: 'clause',
      versionId: medical.versionId,
    });
    expect(old).toMatchObject({ status: 409, msg: '产品条款已更新，请重新打开阅读' });
    await completeTrail(ctx, member, draft.id, await productByCode(ctx, 'MED-BW'));
    const order = await submit(ctx, member, draft.id);
    expect(order.status, order.msg).toBe(200);
    expect(order.data.versionId).toBe(versionId);
  });
});
