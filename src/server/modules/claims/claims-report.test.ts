import { formatYuan } from '#shared/money.ts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLAIM_FILE_MAX_BYTES, type ClaimDetail, type ClaimGuide, type ClaimList } from '#shared/claims.ts';
import type { PolicyDetail } from '#shared/policies.ts';
import { claimFiles, claims, messages } from '../../db/schema.ts';
import { setupTestApp } from '../../test/helper.ts';
import { backdate } from '../../test/policies.ts';
import { fileBytes, report, reportBody, upload } from '../../test/claims.ts';
import { paidPolicy, paidTeamPolicy, productByCode } from '../../test/buying.ts';
import { beijingToday, plusDays } from '../../test/dates.ts';
import { api, V1 } from '../../test/http.ts';
import { signIn, type Caller } from '../../test/sign-in.ts';

const ctx = await setupTestApp();
const db = ctx.database.db;
const call = api(ctx);
const owner = await signIn(ctx, 'demo.member');
const stranger = await signIn(ctx, 'demo.partner');
const staff = await signIn(ctx, 'demo.channel');
const accident = await productByCode(ctx, 'ACC-ZH');
const medical = await productByCode(ctx, 'MED-BW');
const employer = await productByCode(ctx, 'TEAM-EMP');

const detailOf = async (who: Caller, policyId: number) =>
  (await call<PolicyDetail>('GET', `order/policyInfo/${policyId}`, who)).data;

// In force for 30 days: an accident policy, a team policy; one not yet in force; one surrendered.
const inForce = await paidPolicy(ctx, owner, accident);
await backdate(ctx, inForce.policyId, 30);
const active = await detailOf(owner, inForce.policyId);
const teamPaid = await paidTeamPolicy(ctx, owner, employer, ['员工甲', '员工乙', '员工丙']);
await backdate(ctx, teamPaid.policyId, 30);
const team = await detailOf(owner, teamPaid.policyId);
const pending = await detailOf(owner, (await paidPolicy(ctx, owner, accident)).policyId);
const strangers = await paidPolicy(ctx, stranger, accident);
await backdate(ctx, strangers.policyId, 30);
const strangersPolicy = await detailOf(stranger, strangers.policyId);

const today = beijingToday();

describe('GET /claims/guide', () => {
  it('answers steps, documents per claim type, limits and the hotline without sign-in', async () => {
    const res = await call<ClaimGuide>('GET', 'claims/guide', null);
    expect(res.status).toBe(200);
    expect(res.data.steps.map((s) => s.title)).toEqual(['报案', '提交材料', '审核', '赔付']);
    expect(res.data.types.map((t) => t.label)).toEqual(['意外医疗', '住院医疗', '身故/伤残', '旅行延误', '其他']);
    expect(res.data.types.find((t) => t.type === 'travel_delay')!.documents).toContain(
      '航空公司或机场出具的延误证明（注明延误时间和原因）',
    );
    expect(res.data.hotline).toEqual({ number: '400-000-0000', hours: '工作日 9:00–18:00' });
    expect(res.data.limits).toEqual({
      fileTypes: ['image/jpeg', 'image/png', 'application/pdf'],
      maxFileBytes: 5 * 1024 * 1024,
      maxFiles: 20,
    });
  });
});

describe('POST /claims', () => {
  it("reports on the member's own policy: 已报案, a claim number, the account masked, a message", async () => {
    const res = await call<ClaimDetail>('POST', 'claims', owner, reportBody(active));
    expect(res.status, res.msg).toBe(200);
    const c = res.data;
    expect(c).toMatchObject({
      claimNo: expect.stringMatching(/^C\d{16}$/),
      policyId: active.id,
      policyNo: active.policyNo,
      productName: '综合意外险',
      insuredName: '李投保',
      type: 'accident_medical',
      typeText: '意外医疗',
      amountFen: 350_000,
      status: 'reported',
      statusText: '已报案',
      paidFen: null,
      payee: { name: '李投保', bank: '招商银行北京分行', accountMasked: '**** 6789' },
      files: [],
      actions: { upload: true, supplement: false },
    });
    expect(c.insuredIdNumberMasked).toMatch(/^\d{4}\*{10}[\dX]{4}$/);
    expect(c.events).toEqual([
      expect.objectContaining({ status: 'reported', statusText: '已报案', actor: 'member', note: null }),
    ]);
    expect(JSON.stringify(c)).not.toContain('6225880123456789');
    // Stored whole, for paying out.
    const [row] = await db.select({ account: claims.payeeAccount }).from(claims).where(eq(claims.id, c.id));
    expect(row.account).toBe('6225880123456789');
    const [message] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.memberId, owner.memberId), eq(messages.type, 'claim')));
    expect(message).toMatchObject({ title: '报案成功', link: `/claim/index?claimId=${c.id}` });
    expect(message.body).toContain(c.claimNo);
  });

  it('takes any insured person of a team policy, on the policy only', async () => {
    const c = await report(ctx, owner, team, { insuredId: team.insured[1].id, type: 'other', amountFen: 1000 });
    expect(c.insuredName).toBe('员工乙');
    const other = await call('POST', 'claims', owner, reportBody(active, { insuredId: team.insured[0].id }));
    expect(other).toMatchObject({
      status: 400,
      code: 'A0400',
      data: { issues: [{ field: 'insuredId', message: '被保险人不在该保单上' }] },
    });
  });

  it('checks the incident date against the policy period and today', async () => {
    const refused = async (policy: PolicyDetail, incidentDate: string) => {
      const res = await call<{ issues: { field: string; message: string }[] }>(
        'POST',
        'claims',
        owner,
        reportBody(policy, { incidentDate }),
      );
      expect(res.status, incidentDate).toBe(400);
      return res.data.issues.find((i) => i.field === 'incidentDate')?.message;
    };
    expect(await refused(active, plusDays(today, 1))).toBe('出险日期不能晚于今天');
    expect(await refused(active, plusDays(active.startDate, -1))).toBe(
      `出险日期应在保险期间内（${active.startDate} 至 ${active.endDate}）`,
    );
    expect(await refused(pending, today)).toContain('出险日期应在保险期间内');
    expect(await refused(active, '2026-02-30')).toBe('日期格式应为 YYYY-MM-DD');
    await report(ctx, owner, active, { incidentDate: active.startDate });
    await report(ctx, owner, active, { incidentDate: today });
  });

  it("takes a claim of a type no cover names (其他) above 0 up to the plan's total sum insured", async () => {
    const ceiling = active.totalSumInsuredFen;
    expect(ceiling).toBe(52_010_000);
    await report(ctx, owner, active, { type: 'other', amountFen: ceiling });
    const over = await call<{ issues: { field: string }[] }>(
      'POST',
      'claims',
      owner,
      reportBody(active, { type: 'other', amountFen: ceiling + 1 }),
    );
    expect(over).toMatchObject({ status: 400, msg: '报案信息有误：索赔金额不能超过保险金额合计 ¥520,100.00' });
    for (const amountFen of [0, -100, 12.5, '100', null]) {
      expect((await call('POST', 'claims', owner, reportBody(active, { amountFen }))).status, String(amountFen)).toBe(
        400,
      );
    }
  });

  it("holds the amount to the chosen claim type's limit, not the sum of every cover", async () => {
    const limit = active.claimLimitsFen.accident_medical!;
    expect(limit).toBeGreaterThan(0);
    expect(limit).toBeLessThan(active.totalSumInsuredFen);
    await report(ctx, owner, active, { amountFen: limit });
    const over = await call('POST', 'claims', owner, reportBody(active, { amountFen: limit + 1 }));
    expect(over).toMatchObject({
      status: 400,
      msg: `报案信息有误：索赔金额不能超过该理赔类型的保险金额 ${formatYuan(limit)}`,
    });
  });

  it('checks the payee: name, bank and a 10–30 digit account', async () => {
    for (const payeeAccount of ['123456789', '1'.repeat(31), '6225abcd12345678', '']) {
      const res = await call<{ issues: { field: string }[] }>(
        'POST',
        'claims',
        owner,
        reportBody(active, { payeeAccount }),
      );
      expect(res.status, payeeAccount).toBe(400);
      expect(res.data.issues.map((i) => i.field)).toContain('payeeAccount');
    }
    await report(ctx, owner, active, { payeeAccount: '1234567890' });
    await report(ctx, owner, active, { payeeAccount: '1'.repeat(30) });
    for (const over of [
      { payeeName: 'A' },
      { payeeName: '张三3' },
      { payeeBank: '' },
      { type: 'flood' },
      { description: '摔了' },
      { description: 'x'.repeat(501) },
    ]) {
      expect((await call('POST', 'claims', owner, reportBody(active, over))).status, JSON.stringify(over)).toBe(400);
    }
  });

  it("refuses another member's policy (404), a surrendered one, and malformed bodies (4xx)", async () => {
    expect(await call('POST', 'claims', owner, reportBody(strangersPolicy))).toMatchObject({
      status: 404,
      code: 'A0404',
    });
    expect(await call('POST', 'claims', null, reportBody(active))).toMatchObject({ status: 401 });
    const med = await paidPolicy(ctx, owner, medical);
    await backdate(ctx, med.policyId, 5);
    expect(
      (await call('POST', `order/policyInfo/${med.policyId}/surrender`, owner, { reason: '不再需要' })).status,
    ).toBe(200);
    const surrendered = await call<{ issues: { field: string; message: string }[] }>(
      'POST',
      'claims',
      owner,
      reportBody(await detailOf(owner, med.policyId)),
    );
    expect(surrendered.status).toBe(400);
    expect(surrendered.data.issues).toContainEqual({ field: 'policyId', message: '保单已退保，不能报案' });
    for (const payload of ['{"policyId":', '[]', 'null', '"x"']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${V1}/claims`,
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload).toBeLessThan(500);
    }
    for (const over of [
      { policyId: 'abc' },
      { policyId: 0 },
      { policyId: 2 ** 40 },
      { insuredId: -1 },
      { incidentDate: 20260101 },
    ]) {
      expect((await call('POST', 'claims', owner, reportBody(active, over))).status, JSON.stringify(over)).toBe(400);
    }
  });

  it('a standing claim stops a cooling-off surrender', async () => {
    const med = await paidPolicy(ctx, owner, medical);
    await backdate(ctx, med.policyId, 5);
    await report(ctx, owner, await detailOf(owner, med.policyId), { type: 'hospital', amountFen: 800_000 });
    const res = await call('POST', `order/policyInfo/${med.policyId}/surrender`, owner, { reason: '不再需要' });
    expect(res).toMatchObject({
      status: 409,
      code: 'A0409',
      msg: '保单有理赔申请，不能在线退保。如需解除合同，请联系客服。',
    });
  });
});

describe('GET /claims and /claims/{id}', () => {
  it("lists only the member's own claims, newest first; another member gets 404; channel staff may read", async () => {
    const mine = await report(ctx, owner, active, { description: '骑车被撞，手臂擦伤缝针。' });
    const theirs = await report(ctx, stranger, strangersPolicy, { payeeName: '王伙伴' });
    const list = (await call<ClaimList>('GET', 'claims?pageSize=50', owner)).data;
    expect(list.list[0].id).toBe(mine.id);
    expect(list.list.map((c) => c.id)).not.toContain(theirs.id);
    expect(list.total).toBe(list.list.length);
    expect((await call<ClaimList>('GET', 'claims', stranger)).data.list.map((c) => c.id)).toEqual([theirs.id]);
    expect((await call<ClaimList>('GET', 'claims?status=paid', owner)).data.total).toBe(0);
    expect(await call('GET', `claims/${mine.id}`, stranger)).toMatchObject({ status: 404, code: 'A0404' });
    expect(await call('GET', 'claims/99999', owner)).toMatchObject({ status: 404, code: 'A0404' });
    expect(await call<ClaimDetail>('GET', `claims/${mine.id}`, staff)).toMatchObject({
      status: 200,
      data: { id: mine.id, description: '骑车被撞，手臂擦伤缝针。' },
    });
    expect((await call('GET', 'claims?status=lost', owner)).status).toBe(400);
    expect((await call('GET', 'claims/abc', owner)).status).toBe(400);
  });
});

describe('POST /claims/{id}/files', () => {
  it('stores JPEG, PNG and PDF judged by their first bytes, and serves them back with their type', async () => {
    const c = await report(ctx, owner, active);
    const jpeg = fileBytes.jpeg();
    const res = await upload(
      ctx,
      owner,
      c.id,
      [
        { bytes: jpeg, name: 'x.pdf', type: 'application/pdf' },
        { bytes: fileBytes.png(), name: 'y.jpg' },
        { bytes: fileBytes.pdf(), name: 'z.png', type: 'image/png' },
      ],
      'invoice',
    );
    expect(res.status, res.msg).toBe(200);
    expect(res.data.files.map((f) => [f.mime, f.kind, f.kindText])).toEqual([
      ['image/jpeg', 'invoice', '费用发票'],
      ['image/png', 'invoice', '费用发票'],
      ['application/pdf', 'invoice', '费用发票'],
    ]);
    expect(res.data).toMatchObject({ count: 3, maxFiles: 20 });
    const [row] = await db.select().from(claimFiles).where(eq(claimFiles.id, res.data.files[0].id));
    expect(row.storageKey).toMatch(new RegExp(`^claims/${c.id}/[0-9a-f-]{36}\\.jpg$`));
    expect(row.size).toBe(jpeg.length);

    const file = await ctx.app.inject({ method: 'GET', url: `${V1}${res.data.files[0].url}`, headers: owner.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(jpeg)).toBe(true);
    const pdf = await ctx.app.inject({ method: 'GET', url: `${V1}${res.data.files[2].url}`, headers: staff.headers });
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${V1}${res.data.files[0].url}`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    const other = await report(ctx, owner, active);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `${V1}/claims/${other.id}/files/${res.data.files[0].id}`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call<ClaimDetail>('GET', `claims/${c.id}`, owner)).data.files).toHaveLength(3);
  });

  it('refuses other content whatever its name and type say', async () => {
    const c = await report(ctx, owner, active);
    for (const bytes of [fileBytes.gif(), fileBytes.exe(), fileBytes.text()]) {
      const res = await upload(ctx, owner, c.id, [{ bytes, name: 'photo.jpg', type: 'image/jpeg' }]);
      expect(res).toMatchObject({ status: 415, code: 'A0415', msg: '仅支持 JPG、PNG 图片或 PDF 文件' });
    }
    // One bad file refuses the whole upload.
    expect((await upload(ctx, owner, c.id, [{ bytes: fileBytes.jpeg() }, { bytes: fileBytes.exe() }])).status).toBe(
      415,
    );
    expect((await call<ClaimDetail>('GET', `claims/${c.id}`, owner)).data.files).toEqual([]);
  });

  it('takes files up to 5 MiB', async () => {
    const c = await report(ctx, owner, active);
    expect((await upload(ctx, owner, c.id, [{ bytes: fileBytes.jpeg(CLAIM_FILE_MAX_BYTES) }])).status).toBe(200);
    for (const size of [CLAIM_FILE_MAX_BYTES + 1, 8 * 1024 * 1024, 12 * 1024 * 1024]) {
      const res = await upload(ctx, owner, c.id, [{ bytes: fileBytes.jpeg(size) }]);
      expect(res, String(size)).toMatchObject({
        status: 413,
        code: 'A0413',
        msg: '单个文件不能超过 5 MB，请压缩后重新上传',
      });
    }
    expect((await call<ClaimDetail>('GET', `claims/${c.id}`, owner)).data.files).toHaveLength(1);
  });

  it('takes at most 20 files per claim, also from parallel uploads', async () => {
    const c = await report(ctx, owner, active);
    const photos = (n: number) => Array.from({ length: n }, () => ({ bytes: fileBytes.jpeg() }));
    expect((await upload(ctx, owner, c.id, photos(9))).data.count).toBe(9);
    expect((await upload(ctx, owner, c.id, photos(9))).data.count).toBe(18);
    const parallel = await Promise.all([upload(ctx, owner, c.id, photos(2)), upload(ctx, owner, c.id, photos(2))]);
    expect(parallel.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(parallel.find((r) => r.status === 400)!.msg).toBe('每个理赔案件最多上传 20 个文件，已上传 20 个');
    expect((await upload(ctx, owner, c.id, photos(1))).status).toBe(400);
    expect((await call<ClaimDetail>('GET', `claims/${c.id}`, owner)).data).toMatchObject({
      actions: { upload: false },
    });
    const [{ n }] = await db
      .select({ n: claimFiles.id })
      .from(claimFiles)
      .where(eq(claimFiles.claimId, c.id))
      .then((rows) => [{ n: rows.length }]);
    expect(n).toBe(20);
    // More than 9 in one request: the request itself is refused.
    const c2 = await report(ctx, owner, active);
    expect((await upload(ctx, owner, c2.id, photos(10))).status).toBe(413);
  });

  it('refuses strangers, missing files, unknown kinds and non-multipart bodies with 4xx', async () => {
    const c = await report(ctx, owner, active);
    expect(await upload(ctx, stranger, c.id, [{ bytes: fileBytes.jpeg() }])).toMatchObject({
      status: 404,
      code: 'A0404',
    });
    expect((await upload(ctx, null, c.id, [{ bytes: fileBytes.jpeg() }])).status).toBe(401);
    expect(await upload(ctx, owner, c.id, [])).toMatchObject({ status: 400, code: 'A0410' });
    expect(await upload(ctx, owner, c.id, [{ bytes: fileBytes.jpeg() }], 'selfie')).toMatchObject({
      status: 400,
      code: 'A0400',
    });
    const json = await call('POST', `claims/${c.id}/files`, owner, { file: 'aGVsbG8=' });
    expect(json).toMatchObject({ status: 400, code: 'A0410' });
    const form = new FormData();
    form.append('file', 'just text');
    const text = await fetch(`${ctx.url}${V1}/claims/${c.id}/files`, {
      method: 'POST',
      headers: owner.headers,
      body: form,
    });
    expect(text.status).toBe(400);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: `${V1}/claims/${c.id}/files`,
      headers: { ...owner.headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
    });
    expect(broken.statusCode).toBe(400);
    expect((await call<ClaimDetail>('GET', `claims/${c.id}`, owner)).data.files).toEqual([]);
  });
});
