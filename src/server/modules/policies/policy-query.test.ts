import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { PolicyDetail, PolicyList, PolicyListItem } from '#shared/policies.ts';
import { setupTestApp } from '../../test/helper.ts';
import { backdate, pdfText } from '../../test/policies.ts';
import { paidPolicy, paidTeamPolicy, productByCode, unpaidOrder } from '../../test/buying.ts';
import { startDate, yearsBefore } from '../../test/dates.ts';
import { api, download, V1 } from '../../test/http.ts';
import { idNumber } from '../../test/id-number.ts';
import { signIn, type Caller } from '../../test/sign-in.ts';

const ctx = await setupTestApp({ PUBLIC_URL: 'https://insure.example.cn' });
const call = api(ctx);
const owner = await signIn(ctx, 'demo.member');
const stranger = await signIn(ctx, 'demo.partner');
const accident = await productByCode(ctx, 'ACC-ZH');
const medical = await productByCode(ctx, 'MED-BW');
const employer = await productByCode(ctx, 'TEAM-EMP');

const start = startDate();
const spouseId = idNumber(yearsBefore(start, 33), 124);
// The owner: an accident policy for the spouse (pending), a medical one for self (made active),
// an expired one, a team policy, and an unpaid order. The stranger: one policy of their own.
const forSpouse = await paidPolicy(ctx, owner, accident, {
  startDate: start,
  insured: { relation: 'spouse', name: '王配偶', idType: 'id_card', idNumber: spouseId },
});
const active = await paidPolicy(ctx, owner, medical);
await backdate(ctx, active.policyId, 10);
const expired = await paidPolicy(ctx, owner, accident);
await backdate(ctx, expired.policyId, 400);
const team = await paidTeamPolicy(ctx, owner, employer, ['司机甲', '司机乙', '司机丙', '司机丁']);
const unpaid = await unpaidOrder(ctx, owner, accident);
const strangers = await paidPolicy(ctx, stranger, accident);

const polish = (who: Caller): Caller => ({
  ...who,
  headers: { ...who.headers, 'accept-language': 'pl-PL,pl;q=0.9' } as Caller['headers'],
});
/** Chinese characters left once the given names are taken out (names of people and companies are not translated). */
const hanOutsideNames = (text: string, names: string[]) =>
  names.reduce((t, n) => t.replaceAll(n, ''), text).match(/\p{Script=Han}+/gu) ?? [];
const list = (query: string, who = owner) => call<PolicyList>('GET', `order/policyInfo${query}`, who);
const policyItems = (l: PolicyList) => l.list.filter((i): i is PolicyListItem => i.kind === 'policy');

describe('GET /order/policyInfo', () => {
  it("lists the member's own policies, newest first, with status, period, premium and masked insured persons", async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    const items = policyItems(res.data);
    // Newest issue first: the backdated ones were issued 10 and 400 days ago.
    expect(items.map((i) => i.id)).toEqual([team, forSpouse, active, expired].map((p) => p.policyId));
    expect(res.data.total).toBe(4);
    const spouse = items.find((i) => i.id === forSpouse.policyId)!;
    expect(spouse).toMatchObject({
      policyNo: forSpouse.policyNo,
      productName: '综合意外险',
      status: 'pending',
      statusText: '待生效',
      team: false,
      premiumFen: forSpouse.order.premiumFen,
      startDate: start,
      applicantName: '李投保',
      insuredCount: 1,
    });
    expect(spouse.insured).toEqual([
      { name: '王配偶', idNumberMasked: `${spouseId.slice(0, 4)}**********${spouseId.slice(14)}` },
    ]);
    expect(JSON.stringify(res.data)).not.toContain(spouseId);
    expect(items.find((i) => i.id === active.policyId)).toMatchObject({ status: 'active', statusText: '保障中' });
    expect(items.find((i) => i.id === expired.policyId)).toMatchObject({ status: 'expired', statusText: '已过期' });
    const teamItem = items.find((i) => i.id === team.policyId)!;
    expect(teamItem).toMatchObject({ team: true, insuredCount: 4, applicantName: '演示物流有限公司' });
    expect(teamItem.insured.map((p) => p.name)).toEqual(['司机甲', '司机乙', '司机丙']);
  });

  it("never shows another member's policies", async () => {
    const mine = policyItems((await list('?pageSize=50')).data).map((i) => i.id);
    expect(mine).not.toContain(strangers.policyId);
    const theirs = policyItems((await list('', stranger)).data).map((i) => i.id);
    expect(theirs).toEqual([strangers.policyId]);
    expect((await list(`?keyword=${strangers.policyNo}`)).data).toMatchObject({ list: [], total: 0 });
  });

  it('filters by status', async () => {
    const ids = async (status: string) => policyItems((await list(`?status=${status}`)).data).map((i) => i.id);
    expect(await ids('active')).toEqual([active.policyId]);
    expect(await ids('expired')).toEqual([expired.policyId]);
    expect((await ids('pending')).sort()).toEqual([forSpouse.policyId, team.policyId].sort());
    expect(await ids('surrendered')).toEqual([]);
  });

  it('finds by policy number, product name or insured name; % and _ are plain characters', async () => {
    const ids = async (keyword: string) =>
      policyItems((await list(`?keyword=${encodeURIComponent(keyword)}`)).data).map((i) => i.id);
    expect(await ids(forSpouse.policyNo)).toEqual([forSpouse.policyId]);
    expect(await ids(forSpouse.policyNo.slice(-6))).toEqual([forSpouse.policyId]);
    expect(await ids('百万医疗')).toEqual([active.policyId]);
    expect(await ids('王配偶')).toEqual([forSpouse.policyId]);
    expect(await ids('司机丁')).toEqual([team.policyId]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
  });

  it('with status=unpaid lists the orders waiting for payment instead', async () => {
    const res = await list('?status=unpaid');
    expect(res.data.total).toBe(1);
    expect(res.data.list[0]).toMatchObject({
      kind: 'order',
      orderId: unpaid.id,
      orderNo: unpaid.orderNo,
      status: 'unpaid',
      statusText: '待支付',
      premiumFen: unpaid.premiumFen,
      expiresAt: unpaid.expiresAt,
    });
    expect((await list('?status=unpaid', stranger)).data.total).toBe(0);
  });

  it('pages', async () => {
    const first = (await list('?page=1&pageSize=3')).data;
    const second = (await list('?page=2&pageSize=3')).data;
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(first.list).toHaveLength(3);
    expect(second.list).toHaveLength(1);
  });

  it('refuses malformed queries with 400', async () => {
    for (const q of ['?status=lost', '?page=0', '?pageSize=500', '?page=abc', `?keyword=${'x'.repeat(51)}`]) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
      expect(res.code).toMatch(/^A04[01]0$/);
    }
    expect((await call('GET', 'order/policyInfo', null)).status).toBe(401);
  });
});

describe('GET /order/policyInfo/{id}', () => {
  it('answers coverages of the version bought, persons masked, vouchers and what can be done', async () => {
    const res = await call<PolicyDetail>('GET', `order/policyInfo/${forSpouse.policyId}`, owner);
    expect(res.status).toBe(200);
    const d = res.data;
    expect(d.coverages).toEqual(
      accident.plans[0].coverages.map(({ name, sumInsuredFen, description }) => ({ name, sumInsuredFen, description })),
    );
    expect(d.totalSumInsuredFen).toBe(accident.plans[0].coverages.reduce((s, c) => s + c.sumInsuredFen, 0));
    expect(d.applicant).toMatchObject({
      name: '李投保',
      idNumberMasked: expect.stringMatching(/^\d{4}\*{10}[\dX]{4}$/),
      mobileMasked: '139****5678',
    });
    expect(d.insured).toEqual([
      expect.objectContaining({
        name: '王配偶',
        relation: 'spouse',
        voucherNo: `${forSpouse.policyNo}-0001`,
        id: expect.any(Number),
      }),
    ]);
    expect(d).toMatchObject({
      orderNo: forSpouse.order.orderNo,
      coolingOffDays: 0,
      surrender: null,
      status: 'pending',
      productTypeCode: 'accident',
    });
    expect(d.actions).toEqual({
      download: true,
      // Not started yet: cancelled online with a full refund (docs/decisions/cancel-before-start.md).
      surrender: { allowed: true, until: null, reason: null, beforeStart: true },
      claim: { allowed: false, reason: '保单尚未生效，不能报案' },
    });
    expect(JSON.stringify(d)).not.toContain(spouseId);
  });

  it('offers surrender within the cooling-off period and claims once in force', async () => {
    const d = (await call<PolicyDetail>('GET', `order/policyInfo/${active.policyId}`, owner)).data;
    // The product's type: the claim form defaults a 医疗险 claim to a medical type.
    expect(d).toMatchObject({ coolingOffDays: 15, waitingDays: 30, status: 'active', productTypeCode: 'medical' });
    // Issued 10 days ago: 15 days after the issue date, to 24:00 Beijing time.
    expect(d.actions.surrender.allowed).toBe(true);
    const until = new Date(d.actions.surrender.until!);
    expect(until.getTime() - Date.parse(d.issuedAt)).toBeGreaterThan(15 * 86_400_000);
    expect(until.getTime() - Date.parse(d.issuedAt)).toBeLessThanOrEqual(16 * 86_400_000);
    expect(until.toISOString().slice(11)).toBe('16:00:00.000Z');
    expect(d.actions.claim).toEqual({ allowed: true, reason: null });
  });

  it("is another member's: 404, like a policy that does not exist", async () => {
    for (const id of [forSpouse.policyId, 999999]) {
      const res = await call('GET', `order/policyInfo/${id}`, stranger);
      expect(res).toMatchObject({ status: 404, code: 'A0404', data: null });
    }
  });

  it('refuses malformed ids with 400', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await call('GET', `order/policyInfo/${id}`, owner)).status, id).toBe(400);
    }
  });
});

describe('PDF downloads', () => {
  it('the e-policy: a real PDF with the policy number, product, period, premium and masked ID numbers', async () => {
    const res = await download(ctx, `${V1}/order/downloadPolicy/${forSpouse.policyId}`, owner);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${forSpouse.policyNo}.pdf"; filename*=UTF-8''${encodeURIComponent(`综合意外险-电子保单-${forSpouse.policyNo}.pdf`)}`,
    );
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.body);
    expect(text).toContain(forSpouse.policyNo);
    expect(text).toContain('综合意外险');
    expect(text).toContain('电子保险单');
    expect(text).toContain('王配偶');
    expect(text).toContain(`${spouseId.slice(0, 4)}**********${spouseId.slice(14)}`);
    expect(text).not.toContain(spouseId);
    expect(text).toContain(`${start} 00:00`);
    expect(text).toContain(`¥${(forSpouse.order.premiumFen / 100).toFixed(2)}`);
    for (const c of accident.plans[0].coverages) expect(text).toContain(c.name);
    // The QR code is an image; the font is a subset, not the 5 MB file.
    expect(await pdfImages(res.body)).toBe(1);
    expect(res.body.length).toBeLessThan(300_000);
  });

  it('a team e-policy lists everyone', async () => {
    const text = await pdfText((await download(ctx, `${V1}/order/downloadPolicy/${team.policyId}`, owner)).body);
    for (const name of ['司机甲', '司机乙', '司机丙', '司机丁']) expect(text).toContain(name);
    expect(text).toContain('演示物流有限公司');
    const d = (await call<PolicyDetail>('GET', `order/policyInfo/${team.policyId}`, owner)).data;
    expect(d.insured).toHaveLength(4);
  });

  // One test per voucher: each is a PDF to make and read.
  it.for([0, 1, 2, 3])('each person of a team e-policy has a voucher naming only them (person %i)', async (index) => {
    const d = (await call<PolicyDetail>('GET', `order/policyInfo/${team.policyId}`, owner)).data;
    const person = d.insured[index];
    const res = await download(ctx, `${V1}/order/downloadVoucher/${person.id}`, owner);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      encodeURIComponent(`保险凭证-${person.name}-${person.voucherNo}.pdf`),
    );
    const voucher = await pdfText(res.body);
    expect(voucher).toContain('保险凭证');
    expect(voucher).toContain(person.voucherNo);
    expect(voucher).toContain(team.policyNo);
    expect(voucher).toContain('雇主责任险');
    expect(voucher).toContain(person.name);
    expect(voucher).toContain(person.idNumberMasked);
    for (const other of d.insured.filter((p) => p.id !== person.id)) expect(voucher).not.toContain(other.name);
  });

  it('the e-policy in Polish: fixed words, product, plan, coverages and term translated; one line says the Chinese policy is the contract', async () => {
    const res = await download(ctx, `${V1}/order/downloadPolicy/${forSpouse.policyId}`, polish(owner));
    expect(res.status).toBe(200);
    expect(res.headers.vary).toContain('Accept-Language');
    expect(res.headers['content-disposition']).toContain(
      encodeURIComponent(`Kompleksowe ubezpieczenie NNW - polisa elektroniczna - ${forSpouse.policyNo}.pdf`),
    );
    const text = await pdfText(res.body);
    for (const words of [
      'Polisa elektroniczna',
      'Kompleksowe ubezpieczenie NNW',
      'Demo Towarzystwo Ubezpieczeń Majątkowych S.A.',
      'Małżonek',
      'Chiński dowód osobisty',
      'Oczekuje na rozpoczęcie',
      'Umową ubezpieczenia jest chińska wersja polisy',
      `${start} 00:00`,
      'czas pekiński',
      'Strona 1 /',
      '1 rok',
    ])
      expect(text, words).toContain(words);
    expect(text).toContain(`¥${(forSpouse.order.premiumFen / 100).toFixed(2)}`);
    expect(text).toContain(`${spouseId.slice(0, 4)}**********${spouseId.slice(14)}`);
    expect(text).not.toContain(spouseId);
    expect(hanOutsideNames(text, ['王配偶', '李投保'])).toEqual([]);
  });

  it('a team e-policy and a voucher in Polish: only names of people and the company stay Chinese, ID numbers masked', async () => {
    const d = (await call<PolicyDetail>('GET', `order/policyInfo/${team.policyId}`, owner)).data;
    const names = ['司机甲', '司机乙', '司机丙', '司机丁', '钱会计', '演示物流有限公司'];
    const policy = await pdfText(
      (await download(ctx, `${V1}/order/downloadPolicy/${team.policyId}`, polish(owner))).body,
    );
    expect(policy).toContain('Ubezpieczeni (4)');
    for (const person of d.insured) expect(policy).toContain(person.idNumberMasked);
    expect(hanOutsideNames(policy, names)).toEqual([]);
    const person = d.insured[0];
    const res = await download(ctx, `${V1}/order/downloadVoucher/${person.id}`, polish(owner));
    expect(res.headers['content-disposition']).toContain(
      encodeURIComponent(`certyfikat - ${person.name} - ${person.voucherNo}.pdf`),
    );
    const voucher = await pdfText(res.body);
    for (const words of [
      'Certyfikat ubezpieczenia',
      'polisy grupowej',
      team.policyNo,
      person.voucherNo,
      person.idNumberMasked,
      'Umową ubezpieczenia jest chińska wersja polisy',
    ]) {
      expect(voucher, words).toContain(words);
    }
    expect(hanOutsideNames(voucher, names)).toEqual([]);
    // Chinese readers still get the Chinese voucher.
    expect(await pdfText((await download(ctx, `${V1}/order/downloadVoucher/${person.id}`, owner)).body)).toContain(
      '保险凭证',
    );
  });

  it("are the owner's only: another member gets 404 A0404 JSON, no PDF", async () => {
    const voucherId = (await call<PolicyDetail>('GET', `order/policyInfo/${forSpouse.policyId}`, owner)).data.insured[0]
      .id;
    for (const path of [`order/downloadPolicy/${forSpouse.policyId}`, `order/downloadVoucher/${voucherId}`]) {
      const res = await download(ctx, `${V1}/${path}`, stranger);
      expect(res.status, path).toBe(404);
      expect(res.json()).toMatchObject({ code: 'A0404' });
      expect((await download(ctx, `${V1}/${path}`, null)).status).toBe(401);
    }
    expect((await download(ctx, `${V1}/order/downloadVoucher/abc`, owner)).status).toBe(400);
  });
});

/** How many images a PDF holds (poppler's pdfimages). */
async function pdfImages(bytes: Buffer): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'policy-img-'));
  try {
    await writeFile(join(dir, 'a.pdf'), bytes);
    const { stdout } = await promisify(execFile)('pdfimages', ['-list', join(dir, 'a.pdf')]);
    // Rows after the two header lines; an `smask` row is the transparency of the image before it.
    return stdout
      .trim()
      .split('\n')
      .slice(2)
      .filter((row) => row.trim().split(/\s+/)[2] === 'image').length;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
