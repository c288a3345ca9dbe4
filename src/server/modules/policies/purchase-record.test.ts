import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatBeijing } from '#shared/beijing-time.ts';
import { LEGAL_VERSIONS } from '#shared/consent.ts';
import { maskIdNumber, maskMobile } from '#shared/identity.ts';
import { members, orderPersons, orders, productVersions, purchaseEvents } from '../../db/schema.ts';
import { completeTrail, individualDraft, paidTeamPolicy, payOrder, productByCode, submit } from '../../test/buying.ts';
import { setupTestApp } from '../../test/helper.ts';
import { download, V1 } from '../../test/http.ts';
import { signIn, type Caller } from '../../test/sign-in.ts';
import { pdfText } from '../../test/policies.ts';

const ctx = await setupTestApp();
const db = ctx.database.db;
const owner = await signIn(ctx, 'demo.member');
const stranger = await signIn(ctx, 'demo.partner');
const medical = await productByCode(ctx, 'MED-BW');
const employer = await productByCode(ctx, 'TEAM-EMP');

/** The same member with the H5 set to another language (the H5 sends it on every call). */
const speaking = (who: Caller, language: string): Caller => ({
  ...who,
  headers: { ...who.headers, 'accept-language': language } as Caller['headers'],
});
const seconds = (at: Date) => formatBeijing(at, 'YYYY-MM-DD HH:mm:ss');

// The sign-in consent in force at purchase: given a day ago. It is renewed after the purchase, and the
// record must still show the one the order was bought under.
const signedAt = new Date(Date.now() - 86_400_000);
await db
  .update(members)
  .set({ consentAt: signedAt, termsVersion: LEGAL_VERSIONS.terms, privacyVersion: LEGAL_VERSIONS.privacy })
  .where(eq(members.id, owner.memberId));

async function buy(who: Caller) {
  const draft = await individualDraft(ctx, who, medical);
  await completeTrail(ctx, who, draft.id, medical);
  const order = await submit(ctx, who, draft.id, { pageVersion: `product-v${medical.version}` });
  expect(order.status, order.msg).toBe(200);
  return payOrder(ctx, who, order.data);
}

const chinese = await buy(owner);
const polish = await buy(speaking(owner, 'pl'));
const team = await paidTeamPolicy(ctx, owner, employer, ['司机甲', '司机乙', '司机丙']);
const older = await buy(owner);
await db.update(members).set({ consentAt: new Date() }).where(eq(members.id, owner.memberId));

const recordOf = (policyId: number, who: Caller | null) => download(ctx, `${V1}/order/downloadRecord/${policyId}`, who);

async function trailOf(orderId: number) {
  return db.select().from(purchaseEvents).where(eq(purchaseEvents.orderId, orderId)).orderBy(asc(purchaseEvents.id));
}

describe('GET /order/downloadRecord/:id (投保过程记录)', () => {
  it('gives the owner the trail in Chinese: versions, every time in Beijing time, answers, consents, payment', async () => {
    const res = await recordOf(chinese.policyId, owner);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toContain(
      encodeURIComponent(`百万医疗险-投保过程记录-${chinese.policyNo}.pdf`),
    );
    const text = await pdfText(res.body);

    expect(text).toContain('投保过程记录');
    expect(text).toContain(chinese.policyNo);
    expect(text).toContain(chinese.order.orderNo);
    const [version] = await db.select().from(productVersions).where(eq(productVersions.id, medical.versionId));
    expect(text).toContain(`第 ${version.version} 版`);
    expect(text).toContain(`product-v${medical.version}`);

    // Every event of the trail is listed at its recorded second, Beijing time.
    const trail = await trailOf(chinese.order.id);
    expect(trail.map((e) => e.type)).toEqual(
      expect.arrayContaining(['page', 'open', 'confirm', 'health', 'consent', 'submit', 'pay_start', 'paid']),
    );
    for (const e of trail) expect(text, e.type).toContain(seconds(e.createdAt));
    for (const doc of medical.documents.filter((d) => d.kind !== 'health'))
      expect(text).toContain(`打开《${doc.title}》`);
    expect(text).toContain('中文');

    const health = (await ctx.app.inject({ method: 'GET', url: `${V1}/product/${medical.id}/documents/health` })).json()
      .data;
    for (const q of health.questions as { text: string }[]) expect(text).toContain(q.text.slice(0, 12));
    expect(text).toContain('全部回答“否”');

    // The consents: sign-in (as it was at purchase, not the later renewal) and the sensitive-data one.
    expect(text).toContain(`《用户服务协议》 ${LEGAL_VERSIONS.terms}`);
    expect(text).toContain(seconds(signedAt));
    expect(text).toContain('同意保险公司为承保和理赔处理证件号码');

    const [order] = await db.select().from(orders).where(eq(orders.id, chinese.order.id));
    expect(order.transactionId).toBeTruthy();
    expect(text).toContain(order.transactionId!);
    expect(text).toContain(seconds(order.paidAt!));
    expect(text).toContain(`¥${(order.premiumFen / 100).toFixed(2)}`);
  });

  it.for([
    ['zh-CN', chinese],
    ['pl', polish],
  ] as const)(
    'masks every ID number and mobile: no whole one anywhere in the text (%s)',
    async ([language, bought]) => {
      const text = await pdfText((await recordOf(bought.policyId, speaking(owner, language))).body);
      const persons = await db.select().from(orderPersons).where(eq(orderPersons.orderId, bought.order.id));
      expect(persons.length).toBeGreaterThan(0);
      for (const p of persons) {
        expect(text).toContain(maskIdNumber(p.idNumber));
        expect(text).not.toContain(p.idNumber);
        if (p.mobile) {
          expect(text).toContain(maskMobile(p.mobile));
          expect(text).not.toContain(p.mobile);
        }
      }
    },
  );

  it('is in Polish when the reader asks for Polish, and says the documents were read in Polish', async () => {
    const res = await recordOf(polish.policyId, speaking(owner, 'pl'));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent(`zapis-zakupu-${polish.policyNo}.pdf`));
    const text = await pdfText(res.body);
    expect(text).toContain('Zapis procesu zakupu ubezpieczenia');
    expect(text).toContain('Ubezpieczenie medyczne „Milion”');
    expect(text).toContain('Informacje przed zawarciem umowy');
    expect(text).toContain('polski');
    expect(text).toContain('Strona 1 /');
    expect(text).toContain('Nie');
    for (const e of await trailOf(polish.order.id)) expect(text, e.type).toContain(seconds(e.createdAt));
    expect(text).not.toContain('投保过程记录');
    expect(text).not.toContain('第 1 / ');
    // The same purchase read in Chinese names the language the documents were shown in.
    expect(await pdfText((await recordOf(polish.policyId, owner)).body)).toContain('波兰语');
  });

  it("is the owner's only: another member gets 404 A0404 JSON, no PDF; without a session 401", async () => {
    const res = await recordOf(chinese.policyId, stranger);
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ code: 'A0404' });
    expect((await recordOf(chinese.policyId, null)).status).toBe(401);
    expect((await recordOf(99_999_999, owner)).status).toBe(404);
    expect((await download(ctx, `${V1}/order/downloadRecord/abc`, owner)).status).toBe(400);
  });

  it('records from now on the language each document was shown in and the sign-in consent at submission', async () => {
    const trail = await trailOf(polish.order.id);
    for (const e of trail.filter((x) => ['open', 'confirm', 'health', 'consent'].includes(x.type)))
      expect(e.detail.language, e.type).toBe('pl');
    const submitted = trail.find((e) => e.type === 'submit')!;
    expect(submitted.detail.signInConsent).toEqual({
      at: signedAt.toISOString(),
      terms: LEGAL_VERSIONS.terms,
      privacy: LEGAL_VERSIONS.privacy,
    });
  });

  it('for a team policy names the company and every insured person, masked', async () => {
    const text = await pdfText((await recordOf(team.policyId, owner)).body);
    expect(text).toContain('演示物流有限公司');
    expect(text).toContain('137****0002');
    expect(text).not.toContain('13700000002');
    const persons = await db.select().from(orderPersons).where(eq(orderPersons.orderId, team.order.id));
    expect(persons.map((p) => p.name).sort()).toEqual(['司机丙', '司机乙', '司机甲'].sort());
    for (const p of persons) {
      expect(text).toContain(p.name);
      expect(text).toContain(maskIdNumber(p.idNumber));
      expect(text).not.toContain(p.idNumber);
    }
  });

  it('for a purchase made before the language and the sign-in consent were kept, says so instead of guessing', async () => {
    // What the trail of an order submitted before this change holds: neither field.
    await db
      .update(purchaseEvents)
      .set({ detail: sql`${purchaseEvents.detail} - 'language' - 'signInConsent'` })
      .where(eq(purchaseEvents.orderId, older.order.id));
    const [submitted] = await db
      .select()
      .from(purchaseEvents)
      .where(and(eq(purchaseEvents.orderId, older.order.id), eq(purchaseEvents.type, 'submit')));
    expect(submitted.detail.signInConsent).toBeUndefined();
    const [member] = await db.select().from(members).where(eq(members.id, owner.memberId));
    const text = await pdfText((await recordOf(older.policyId, owner)).body);
    expect(text).toContain('未记录');
    expect(text).toContain('显示账户最近一次同意');
    expect(text).toContain(seconds(member.consentAt!));
  });
});
