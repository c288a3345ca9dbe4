import { and, eq, inArray } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { AddedPoliciesDeleted, AddedPolicy, AddedPolicyList } from '#shared/added-policies.ts';
import type { Checkup } from '#shared/checkup.ts';
import { addedPolicies, addedPolicyFiles, messages } from '../../db/schema.ts';
import { fileBytes } from '../../test/claims.ts';
import { beijingToday, plusDays, yearsBefore } from '../../test/dates.ts';
import { setupTestApp } from '../../test/helper.ts';
import { api, download, V1, type Answer } from '../../test/http.ts';
import { idNumber } from '../../test/id-number.ts';
import { signIn, type Caller } from '../../test/sign-in.ts';
import { sendAddedPolicyReminders } from './reminders.ts';

/**
 * 保单托管 (docs/decisions/policy-wallet.md): adding policies held elsewhere, their documents, who
 * may see them, what the check-up makes of them, their reminders, the export and delete-all.
 */

const ctx = await setupTestApp();
const db = ctx.database.db;
const call = api(ctx);
const owner = await signIn(ctx, 'demo.member');
const stranger = await signIn(ctx, 'demo.partner');
const today = beijingToday();

const save = async (who: Caller, body: Record<string, unknown>) => {
  const res = await call<{ person: { id: number } }>('POST', 'persons', who, { ...body, consent: true });
  expect(res.status, res.msg).toBe(200);
  return res.data.person.id;
};
const selfId = idNumber(yearsBefore(today, 36), 118);
const kidId = idNumber(plusDays(yearsBefore(today, 8), -3), 226);
const selfPerson = await save(owner, {
  kind: 'applicant',
  name: '王本人',
  idType: 'id_card',
  idNumber: selfId,
  mobile: '13911112222',
});
const kidPerson = await save(owner, {
  kind: 'insured',
  relation: 'child',
  name: '王小八',
  idType: 'id_card',
  idNumber: kidId,
});
const strangersPerson = await save(stranger, {
  kind: 'insured',
  relation: 'spouse',
  name: '赵配偶',
  idType: 'id_card',
  idNumber: idNumber(yearsBefore(today, 30), 332),
});

const body = (over: Record<string, unknown> = {}) => ({
  insurer: '平安健康',
  productName: 'e生保',
  category: 'medical',
  insuredPersonIds: [kidPerson],
  covers: [{ name: '一般医疗', sumInsuredFen: 300_000_000 }],
  startDate: plusDays(today, -100),
  endDate: plusDays(today, 265),
  premiumFen: 36_000,
  paymentFrequency: 'yearly',
  nextDueDate: plusDays(today, 265),
  policyNo: 'PA-2026-0001',
  ...over,
});

const add = async (who: Caller, over: Record<string, unknown> = {}) => {
  const res = await call<AddedPolicy>('POST', 'added-policies', who, body(over));
  expect(res.status, res.msg).toBe(200);
  return res.data;
};

async function uploadDoc(who: Caller | null, id: number, bytes: Buffer): Promise<Answer<AddedPolicy>> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'policy.pdf');
  const res = await fetch(`${ctx.url}${V1}/added-policies/${id}/files`, {
    method: 'POST',
    headers: who?.headers ?? {},
    body: form,
  });
  const json = await res.json();
  return { status: res.status, code: json.code, msg: json.msg, data: json.data };
}

const inLanguage = (language: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `${V1}/added-policies`,
    headers: { ...owner.headers, 'accept-language': language },
    payload: payload as object,
  });

describe('adding a policy held elsewhere', () => {
  it('keeps what the member entered and answers it with ID numbers masked', async () => {
    const p = await add(owner);
    expect(p).toMatchObject({
      insurer: '平安健康',
      productName: 'e生保',
      category: 'medical',
      covers: [{ name: '一般医疗', sumInsuredFen: 300_000_000 }],
      premiumFen: 36_000,
      paymentFrequency: 'yearly',
      nextDueDate: plusDays(today, 265),
      state: 'active',
      daysLeft: 266,
      insured: [{ personId: kidPerson, name: '王小八', relation: 'child' }],
    });
    expect(p.insured[0].idNumber).toBe(`${kidId.slice(0, 4)}**********${kidId.slice(14)}`);
    const list = (await call<AddedPolicyList>('GET', 'added-policies', owner)).data;
    expect(list.list.map((x) => x.id)).toContain(p.id);
    expect(JSON.stringify(list)).not.toContain(kidId.slice(4, 14));
  });

  it('refuses bad input with a clear message in the reader’s language, changing nothing', async () => {
    const before = (await call<AddedPolicyList>('GET', 'added-policies', owner)).data.total;
    const zh = await inLanguage('zh-CN', body({ insurer: '', paymentFrequency: 'monthly', nextDueDate: '' }));
    expect(zh.statusCode).toBe(400);
    expect(zh.json().code).toBe('A0400');
    const fields = zh.json().data.issues.map((i: { field: string; message: string }) => [i.field, i.message]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['insurer', '请填写保险公司'],
        ['nextDueDate', '年缴或月缴请填写下次缴费日期'],
      ]),
    );
    const pl = await inLanguage('pl', body({ endDate: plusDays(today, -200) }));
    expect(pl.statusCode).toBe(400);
    expect(pl.json().msg).toContain('Koniec ochrony nie może być wcześniej niż jej początek');
    const missing = await inLanguage('pl', { ...body(), policyNo: undefined });
    expect(missing.json().code).toBe('A0410');
    expect((await call<AddedPolicyList>('GET', 'added-policies', owner)).data.total).toBe(before);
  });

  it('takes a premium of 0 (a free or employer-paid policy) and refuses a negative one', async () => {
    const free = await add(owner, {
      policyNo: 'FREE-0',
      premiumFen: 0,
      paymentFrequency: 'single',
      nextDueDate: undefined,
    });
    expect(free).toMatchObject({ premiumFen: 0, paymentFrequency: 'single', nextDueDate: null });
    const paidByEmployer = await add(owner, { policyNo: 'FREE-1', premiumFen: 0 });
    expect(paidByEmployer).toMatchObject({ premiumFen: 0, paymentFrequency: 'yearly' });
    const negative = await call('POST', 'added-policies', owner, body({ policyNo: 'FREE-2', premiumFen: -1 }));
    expect(negative).toMatchObject({ status: 400, code: 'A0400' });
    expect(negative.msg).toContain('保费应为 0 至 1 亿元');
    for (const p of [free, paidByEmployer]) await call('DELETE', `added-policies/${p.id}`, owner);
  });

  it("refuses a person who is not the member's own as insured", async () => {
    const res = await call('POST', 'added-policies', owner, body({ insuredPersonIds: [strangersPerson] }));
    expect(res).toMatchObject({ status: 400, code: 'A0400' });
  });

  it('is edited and removed by its member only; anyone else gets 404 as for a missing one', async () => {
    const p = await add(owner, { policyNo: 'PA-EDIT' });
    const edited = await call<AddedPolicy>('PUT', `added-policies/${p.id}`, owner, body({ policyNo: 'PA-EDITED' }));
    expect(edited.data.policyNo).toBe('PA-EDITED');
    for (const [method, payload] of [['GET'], ['PUT', body()], ['DELETE']] as const) {
      const res = await call(method, `added-policies/${p.id}`, stranger, payload);
      expect(res, method).toMatchObject({ status: 404, code: 'A0404' });
    }
    expect((await call('GET', `added-policies/${p.id}`, owner)).status).toBe(200);
    expect((await call('DELETE', `added-policies/${p.id}`, owner)).status).toBe(200);
    expect((await call('GET', `added-policies/${p.id}`, owner)).status).toBe(404);
  });
});

describe('documents', () => {
  it('stores a PDF or photo for its member only, judged by its first bytes', async () => {
    const p = await add(owner, { policyNo: 'PA-DOC' });
    const up = await uploadDoc(owner, p.id, fileBytes.pdf());
    expect(up.status, up.msg).toBe(200);
    const fileId = up.data.files[0].id;
    const mine = await download(ctx, `${V1}/added-policies/${p.id}/files/${fileId}`, owner);
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.body.subarray(0, 5).toString()).toBe('%PDF-');
    const theirs = await download(ctx, `${V1}/added-policies/${p.id}/files/${fileId}`, stranger);
    expect(theirs.status).toBe(404);
    expect((await uploadDoc(stranger, p.id, fileBytes.pdf())).status).toBe(404);
    expect((await uploadDoc(owner, p.id, fileBytes.exe())).status).toBe(415);
    expect((await uploadDoc(owner, p.id, fileBytes.pdf(5 * 1024 * 1024 + 10))).status).toBe(413);
  });
});

describe('the check-up counts added policies', () => {
  it('fills a gap with an added policy, marked as held elsewhere, and suggests nothing for it', async () => {
    const c = (await call<Checkup>('GET', 'checkup', owner)).data;
    const kid = c.persons.find((x) => x.name === '王小八')!;
    const medical = kid.covers.find((x) => x.category === 'medical')!;
    expect(medical).toMatchObject({ source: 'added', insurer: '平安健康', productName: 'e生保', pending: false });
    expect(kid.gaps).not.toContain('medical');
    expect(c.gaps.find((g) => g.category === 'medical')?.personIds ?? []).not.toContain(kidPerson);
  });

  it('shows an added policy starting later as starting then, not as a gap', async () => {
    await add(owner, {
      category: 'travel',
      insuredPersonIds: [selfPerson],
      startDate: plusDays(today, 10),
      endDate: plusDays(today, 20),
      paymentFrequency: 'single',
      nextDueDate: undefined,
      policyNo: 'PA-TRIP',
    });
    const me = (await call<Checkup>('GET', 'checkup', owner)).data.persons.find((x) => x.self)!;
    expect(me.covers.find((x) => x.category === 'travel')).toMatchObject({
      source: 'added',
      pending: true,
      startDate: plusDays(today, 10),
    });
    expect(me.gaps).not.toContain('travel');
  });
});

describe('reminders of added policies', () => {
  const at = (day: string) => new Date(`${day}T02:00:00Z`); // 10:00 in Beijing
  const reminders = async (policyNo: string) =>
    db
      .select({ title: messages.title, body: messages.body, template: messages.template })
      .from(messages)
      .where(
        and(
          eq(messages.memberId, owner.memberId),
          inArray(messages.template, ['added_renewal_due', 'added_premium_due']),
        ),
      )
      .then((rows) => rows.filter((r) => r.body.includes(policyNo)));

  it('reminds of the end 30 and 7 days before, once each, counting days as the check-up does', async () => {
    const end = plusDays(today, 60);
    await add(owner, { policyNo: 'PA-END', endDate: end, paymentFrequency: 'single', nextDueDate: undefined });
    await sendAddedPolicyReminders(ctx.app, at(plusDays(end, -30)));
    expect(await reminders('PA-END')).toEqual([]);
    await sendAddedPolicyReminders(ctx.app, at(plusDays(end, -29)));
    await sendAddedPolicyReminders(ctx.app, at(plusDays(end, -29)));
    await sendAddedPolicyReminders(ctx.app, at(plusDays(end, -7)));
    let sent = await reminders('PA-END');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toContain('还有 30 天');
    await sendAddedPolicyReminders(ctx.app, at(plusDays(end, -6)));
    sent = await reminders('PA-END');
    expect(sent.map((m) => m.template)).toEqual(['added_renewal_due', 'added_renewal_due']);
    expect(sent[1].body).toContain('还有 7 天');
  });

  it('reminds of the next premium 7 days before its due date, then of the following one', async () => {
    const due = plusDays(today, 40);
    await add(owner, {
      policyNo: 'PA-MONTH',
      startDate: plusDays(today, -20),
      endDate: plusDays(today, 340),
      paymentFrequency: 'monthly',
      nextDueDate: due,
    });
    await sendAddedPolicyReminders(ctx.app, at(plusDays(due, -7)));
    expect(await reminders('PA-MONTH')).toEqual([]);
    await sendAddedPolicyReminders(ctx.app, at(plusDays(due, -6)));
    await sendAddedPolicyReminders(ctx.app, at(plusDays(due, -1)));
    const sent = await reminders('PA-MONTH');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toContain(due);
    expect(sent[0].body).toContain('¥360.00');
    // After the due date the next one is a month later, and gets its own reminder.
    const [row] = await db.select().from(addedPolicies).where(eq(addedPolicies.policyNo, 'PA-MONTH'));
    const [y, m] = due.split('-').map(Number);
    const nextMonth = `${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}`;
    await sendAddedPolicyReminders(ctx.app, at(plusDays(due, 1)));
    const [rolled] = await db.select().from(addedPolicies).where(eq(addedPolicies.id, row.id));
    expect(rolled.nextDueDate!.slice(0, 7)).toBe(nextMonth);
    await sendAddedPolicyReminders(ctx.app, at(plusDays(rolled.nextDueDate!, -6)));
    expect(await reminders('PA-MONTH')).toHaveLength(2);
  });

  it('sends no premium reminder for a premium of 0: there is nothing to pay', async () => {
    const due = plusDays(today, 50);
    await add(owner, { policyNo: 'PA-FREE', premiumFen: 0, paymentFrequency: 'yearly', nextDueDate: due });
    await sendAddedPolicyReminders(ctx.app, at(plusDays(due, -6)));
    expect(await reminders('PA-FREE')).toEqual([]);
  });
});

describe('export and delete-all', () => {
  it('exports everything added as JSON and the files, for the member only', async () => {
    const res = await download(ctx, `${V1}/added-policies/export`, owner);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(res.body));
    const json = JSON.parse(new TextDecoder().decode(zip['policies.json']));
    const doc = json.policies.find((p: { policyNo: string }) => p.policyNo === 'PA-DOC');
    expect(doc.documents).toHaveLength(1);
    expect(new TextDecoder().decode(zip[doc.documents[0]].subarray(0, 5))).toBe('%PDF-');
    const theirs = await download(ctx, `${V1}/added-policies/export`, stranger);
    const theirZip = unzipSync(new Uint8Array(theirs.body));
    expect(JSON.parse(new TextDecoder().decode(theirZip['policies.json'])).policies).toEqual([]);
  });

  it('deletes every added policy and its stored files in one step, and nothing of another member', async () => {
    const strangers = await add(stranger, { insuredPersonIds: [strangersPerson], policyNo: 'ZH-1' });
    const keys = (
      await db
        .select({ key: addedPolicyFiles.storageKey })
        .from(addedPolicyFiles)
        .innerJoin(addedPolicies, eq(addedPolicies.id, addedPolicyFiles.addedPolicyId))
        .where(eq(addedPolicies.memberId, owner.memberId))
    ).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    const res = await call<AddedPoliciesDeleted>('DELETE', 'added-policies', owner);
    expect(res.status, res.msg).toBe(200);
    expect(res.data.files).toBe(keys.length);
    expect((await call<AddedPolicyList>('GET', 'added-policies', owner)).data.total).toBe(0);
    for (const key of keys) expect(await ctx.app.providers.storage.get(key)).toBeNull();
    expect((await call('GET', `added-policies/${strangers.id}`, stranger)).status).toBe(200);
    const me = (await call<Checkup>('GET', 'checkup', owner)).data.persons.find((x) => x.name === '王小八')!;
    expect(me.gaps).toContain('medical');
  });
});
