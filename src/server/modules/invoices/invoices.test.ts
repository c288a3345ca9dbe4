import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invoice, InvoiceableOrderList, InvoiceIssued, InvoiceList, InvoiceSent } from '#shared/invoices.ts';
import { isCreditCode } from '#shared/credit-code.ts';
import { invoiceMails, invoices } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { MailOutbox } from '../../providers/mail/outbox.ts';
import { setupTestApp } from '../../test/helper.ts';
import { pdfText } from '../../test/policies.ts';
import { yuanInWords } from './pdf.ts';
import { paidPolicy, productByCode, unpaidOrder, type PaidPolicy } from '../../test/buying.ts';
import { api, download, V1 } from '../../test/http.ts';
import { callerFor, signIn, type Caller } from '../../test/sign-in.ts';

const ctx = await setupTestApp();
const db = ctx.database.db;
const call = api(ctx);
const outbox = ctx.app.providers.mail as MailOutbox;
const owner = await signIn(ctx, 'demo.member');
const stranger = await signIn(ctx, 'demo.partner');
const medical = await productByCode(ctx, 'MED-BW');
/** A signed-in account without any member-side role. */
const roleless = await callerFor(ctx, owner.memberId, []);
const polishOwner: Caller = { ...owner, headers: { ...owner.headers, 'accept-language': 'pl' } as Caller['headers'] };

/** Valid 统一社会信用代码 (GB 32100 check character computed by hand). */
const TAX_NO = '91350100M000100Y43';
const company = { titleType: 'company', title: '上海演示科技有限公司', taxNo: TAX_NO, email: 'finance@example.com' };
const personal = { titleType: 'personal', title: '张三', email: 'zhangsan@example.com' };

const request = (orderIds: number[], body: Record<string, unknown> = company, who: Caller = owner) =>
  call<InvoiceIssued>('POST', 'invoice', who, { orderIds, ...body });
const invoiceCount = async () => Number((await db.select({ n: count() }).from(invoices))[0].n);
const mailCount = async () => Number((await db.select({ n: count() }).from(invoiceMails))[0].n);
const invoiceable = async (who = owner) =>
  (await call<InvoiceableOrderList>('GET', 'invoice/orders', who)).data.list.map((o) => o.orderId);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('tax number (统一社会信用代码) check', () => {
  it('accepts codes with a correct check character and refuses a wrong one', () => {
    expect(isCreditCode(TAX_NO)).toBe(true);
    expect(isCreditCode('91110000802100433B')).toBe(true);
    expect(isCreditCode('91110000802100433C')).toBe(false);
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
    expect(isCreditCode('91350100M000100I43')).toBe(false);
  });
});

describe('amount in words (价税合计大写)', () => {
  it.each([
    [0, '零元整'],
    [5, '伍分'],
    [100, '壹元整'],
    [105, '壹元零伍分'],
    [123450, '壹仟贰佰叁拾肆元伍角整'],
    [1000500, '壹万零伍元整'],
    [100000000, '壹佰万元整'],
    [12345678, '壹拾贰万叁仟肆佰伍拾陆元柒角捌分'],
    [10010000, '壹拾万零壹佰元整'],
  ])('%i fen → %s', (fen, words) => {
    expect(yuanInWords(fen)).toBe(words);
  });
});

describe('access', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', 'invoice/orders'],
    ['GET', 'invoice'],
    ['POST', 'invoice', { orderIds: [1], ...personal }],
    ['GET', 'invoice/1/pdf'],
    ['POST', 'invoice/1/resend', {}],
  ];

  it('refuses every route without a token (A0301) and to an account without a member-side role (A0303)', async () => {
    for (const [method, path, body] of routes) {
      expect(await call(method as 'GET', path, null, body), `${method} ${path}`).toMatchObject({
        status: 401,
        code: 'A0301',
      });
      expect(await call(method as 'GET', path, roleless, body), `${method} ${path}`).toMatchObject({
        status: 403,
        code: 'A0303',
      });
    }
    expect(await invoiceCount()).toBe(0);
  });

  it("another member's order, invoice, PDF and resend answer 404 like missing ones, and nothing changes", async () => {
    const p = await paidPolicy(ctx, owner, medical);
    expect(await invoiceable(stranger)).not.toContain(p.order.id);
    expect(await request([p.order.id], company, stranger)).toMatchObject({ status: 404, code: 'A0404' });
    const issued = await request([p.order.id]);
    expect(issued.status, issued.msg).toBe(200);
    const id = issued.data.list[0].id;
    expect((await call<InvoiceList>('GET', 'invoice', stranger)).data.list.map((i) => i.id)).not.toContain(id);
    expect((await download(ctx, `${V1}/invoice/${id}/pdf`, stranger)).status).toBe(404);
    const mailsBefore = await mailCount();
    expect(await call('POST', `invoice/${id}/resend`, stranger, {})).toMatchObject({
      status: 404,
      code: 'A0404',
      msg: '发票不存在',
    });
    expect(await mailCount()).toBe(mailsBefore);
    expect(await call('GET', 'invoice/999999/pdf', owner)).toMatchObject({ status: 404, code: 'A0404' });
  });
});

describe('POST invoice', () => {
  it("issues a company invoice with the order's amount (not the client's), lists it, and mails the PDF", async () => {
    const p = await paidPolicy(ctx, owner, medical);
    expect(await invoiceable()).toContain(p.order.id);
    const listed = (await call<InvoiceableOrderList>('GET', 'invoice/orders', owner)).data.list.find(
      (o) => o.orderId === p.order.id,
    )!;
    expect(listed).toMatchObject({
      orderNo: p.order.orderNo,
      amountFen: p.order.premiumFen,
      productName: medical.name,
    });

    const res = await request([p.order.id], {
      ...company,
      taxNo: TAX_NO.toLowerCase(),
      amountFen: 1,
      email: 'Finance@Example.com ',
    });
    expect(res.status, res.msg).toBe(200);
    expect(res.msg).toBe('发票已开具并发送至 Finance@Example.com');
    expect(res.data.mailed).toBe(true);
    const [inv] = res.data.list;
    expect(inv).toMatchObject({
      orderId: p.order.id,
      orderNo: p.order.orderNo,
      amountFen: p.order.premiumFen,
      titleType: 'company',
      title: company.title,
      taxNo: TAX_NO,
      email: 'Finance@Example.com',
      sendCount: 1,
      seller: p.order.insurer ?? expect.any(String),
    });
    expect(inv.invoiceNo).toMatch(/^\d{20}$/);
    expect(await invoiceable()).not.toContain(p.order.id);
    expect((await call<InvoiceList>('GET', 'invoice', owner)).data.list[0]).toEqual(inv);

    const [mail] = outbox.messagesTo('finance@example.com', 1);
    expect(mail.subject).toBe(`您的电子发票 ${inv.invoiceNo}`);
    expect(mail.text).toContain(inv.invoiceNo);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0].filename).toBe(`电子发票-${inv.invoiceNo}.pdf`);
    const text = await pdfText(mail.attachments![0].content);
    expect(text).toContain(inv.invoiceNo);
    expect(text).toContain(company.title);
  });

  it("lists the product and the seller in the reader's language; the invoice keeps the Chinese names", async () => {
    const p = await paidPolicy(ctx, owner, medical);
    const polish = { ...owner, headers: { ...owner.headers, 'accept-language': 'pl' } as typeof owner.headers };
    const toInvoice = await ctx.app.inject({ method: 'GET', url: `${V1}/invoice/orders`, headers: polish.headers });
    expect(toInvoice.headers.vary).toMatch(/Accept-Language/);
    const order = (toInvoice.json().data as InvoiceableOrderList).list.find((o) => o.orderId === p.order.id);
    expect(order?.productName).toBe('Ubezpieczenie medyczne „Milion”');
    const [issued] = (await request([p.order.id], personal)).data.list;
    expect(issued).toMatchObject({ productName: medical.name, seller: '演示健康保险股份有限公司' });

    const res = await ctx.app.inject({ method: 'GET', url: `${V1}/invoice`, headers: polish.headers });
    expect(res.headers.vary).toMatch(/Accept-Language/);
    const listed = (res.json().data as InvoiceList).list.find((i) => i.id === issued.id);
    expect(listed).toMatchObject({
      productName: 'Ubezpieczenie medyczne „Milion”',
      seller: 'Demo Towarzystwo Ubezpieczeń Zdrowotnych S.A.',
      invoiceNo: issued.invoiceNo,
    });
    expect((await call<InvoiceList>('GET', 'invoice', owner)).data.list.find((i) => i.id === issued.id)).toEqual(
      issued,
    );
  });

  it('one request covers several orders: one invoice each, one mail with every PDF', async () => {
    const a = await paidPolicy(ctx, owner, medical);
    const b = await paidPolicy(ctx, owner, medical);
    const res = await request([a.order.id, b.order.id], { ...personal, email: 'two@example.com' });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.list.map((i) => i.orderId)).toEqual([a.order.id, b.order.id]);
    expect(res.data.list.map((i) => i.taxNo)).toEqual([null, null]);
    expect(new Set(res.data.list.map((i) => i.invoiceNo)).size).toBe(2);
    const mails = outbox.messagesTo('two@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].attachments).toHaveLength(2);
  });

  it('one invoice per order: a second request is refused with A0490 and nothing changes', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    expect((await request([p.order.id])).status).toBe(200);
    const before = await invoiceCount();
    const again = await request([p.order.id], personal);
    expect(again).toMatchObject({
      status: 409,
      code: 'A0490',
      msg: `订单 ${p.order.orderNo} 已开具发票，每个订单只能开具一次`,
    });
    expect(await invoiceCount()).toBe(before);
  });

  it('parallel requests for one order: exactly one succeeds, the others get A0490', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    const before = await invoiceCount();
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => request([p.order.id], { ...personal, email: `race${i}@example.com` })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a).toMatchObject({ status: 409, code: 'A0490' });
    expect(await invoiceCount()).toBe(before + 1);
    const [row] = await db.select().from(invoices).where(eq(invoices.orderId, p.order.id));
    expect(row.amountFen).toBe(p.order.premiumFen);
  });

  it('the database itself refuses a second invoice for an order (unique index), whatever the code checks', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    const [first] = (await request([p.order.id])).data.list;
    const [row] = await db.select().from(invoices).where(eq(invoices.id, first.id));
    const { id: _id, ...copy } = row;
    await expect(db.insert(invoices).values({ ...copy, invoiceNo: `${row.invoiceNo}X` })).rejects.toThrow();
    expect(await db.select({ n: count() }).from(invoices).where(eq(invoices.orderId, p.order.id))).toEqual([{ n: 1 }]);
  });

  it('all or none: with one already invoiced order in the request, the other gets no invoice either', async () => {
    const done = await paidPolicy(ctx, owner, medical);
    const fresh = await paidPolicy(ctx, owner, medical);
    expect((await request([done.order.id])).status).toBe(200);
    const before = await invoiceCount();
    expect(await request([fresh.order.id, done.order.id])).toMatchObject({ status: 409, code: 'A0490' });
    expect(await invoiceCount()).toBe(before);
    expect(await invoiceable()).toContain(fresh.order.id);
  });

  it('refuses unpaid and surrendered orders with A0491', async () => {
    const unpaid = await unpaidOrder(ctx, owner, medical);
    const surrendered: PaidPolicy = await paidPolicy(ctx, owner, medical);
    expect(
      (await call('POST', `order/policyInfo/${surrendered.policyId}/surrender`, owner, { reason: '重复投保' })).status,
    ).toBe(200);
    const listed = await invoiceable();
    expect(listed).not.toContain(unpaid.id);
    expect(listed).not.toContain(surrendered.order.id);
    const before = await invoiceCount();
    expect(await request([unpaid.id])).toMatchObject({
      status: 400,
      code: 'A0491',
      msg: expect.stringContaining('未支付'),
    });
    expect(await request([surrendered.order.id])).toMatchObject({
      status: 400,
      code: 'A0491',
      msg: expect.stringContaining('已退保'),
    });
    expect(await invoiceCount()).toBe(before);
  });

  it('checks the title and the tax number and changes nothing on refusal', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    const before = await invoiceCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...company, taxNo: undefined }, '单位抬头请填写纳税人识别号'],
      [{ ...company, taxNo: '' }, '单位抬头请填写纳税人识别号'],
      [{ ...company, taxNo: '91350100M000100Y44' }, '纳税人识别号校验位不正确'],
      [{ ...company, taxNo: '91350100M000100Y4' }, '纳税人识别号应为 18 位统一社会信用代码'],
      [{ ...company, taxNo: '91350100M00010OY43' }, '纳税人识别号格式不正确'],
      [{ ...personal, taxNo: TAX_NO }, '个人抬头无需填写纳税人识别号'],
      [{ ...personal, title: '张' }, '发票抬头至少 2 个字'],
      [{ ...personal, email: 'not-an-email' }, '邮箱格式不正确'],
      [{ ...personal, titleType: 'group' }, '抬头类型应为个人或单位'],
    ];
    for (const [body, message] of cases) {
      const res = await request([p.order.id], body);
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, code: 'A0400' });
      expect(res.msg, JSON.stringify(body)).toContain(message);
    }
    expect(await invoiceCount()).toBe(before);
    expect(await invoiceable()).toContain(p.order.id);
  });

  it('answers malformed bodies with a 400 envelope in Chinese and changes nothing', async () => {
    const before = await invoiceCount();
    const bodies: (string | undefined)[] = [
      'not json',
      '[]',
      'null',
      '{"orderIds":"1","titleType":"personal","title":"张三","email":"a@b.cn"}',
      '{"orderIds":[],"titleType":"personal","title":"张三","email":"a@b.cn"}',
      '{"orderIds":[0],"titleType":"personal","title":"张三","email":"a@b.cn"}',
      '{"orderIds":[2147483648],"titleType":"personal","title":"张三","email":"a@b.cn"}',
      '{"orderIds":[1.5],"titleType":"personal","title":"张三","email":"a@b.cn"}',
      '{"orderIds":[1,1],"titleType":"personal","title":"张三","email":"a@b.cn"}',
      `{"orderIds":[${Array.from({ length: 21 }, (_, i) => i + 1).join(',')}],"titleType":"personal","title":"张三","email":"a@b.cn"}`,
      `{"orderIds":[1],"titleType":"personal","title":"${'很'.repeat(101)}","email":"a@b.cn"}`,
      '{"orderIds":[1],"titleType":"company","title":"某公司","taxNo":18,"email":"a@b.cn"}',
      '{"orderIds":[1],"titleType":"personal","title":"张三"}',
      undefined,
    ];
    for (const payload of bodies) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `${V1}/invoice`,
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, String(payload)).toBe(400);
      const body = res.json();
      expect(body.code, String(payload)).toMatch(/^A0/);
      expect(body.msg, String(payload)).toMatch(/[\u4e00-\u9fff]/);
    }
    for (const [method, url] of [
      ['GET', 'invoice/abc/pdf'],
      ['GET', 'invoice/0/pdf'],
      ['POST', 'invoice/99999999999/resend'],
    ] as const) {
      const res = await call(method, url, owner, method === 'POST' ? {} : undefined);
      expect(res, url).toMatchObject({ status: 400, msg: expect.stringContaining('发票编号应为正整数') });
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${V1}/invoice/1/resend`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{"email":"x"}',
    });
    expect(res.statusCode).toBe(400);
    expect(await invoiceCount()).toBe(before);
  });

  it('keeps the invoices when the mail service fails: mailed false, and a resend works later', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    vi.spyOn(ctx.app.providers.mail, 'send').mockRejectedValueOnce(new AppError('C0140'));
    const res = await request([p.order.id], { ...personal, email: 'down@example.com' });
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({ mailed: false, list: [{ sendCount: 0, lastSentAt: null }] });
    expect(res.msg).toContain('邮件暂未发出');
    expect(outbox.messagesTo('down@example.com')).toHaveLength(0);
    const resent = await call<InvoiceSent>('POST', `invoice/${res.data.list[0].id}/resend`, owner, {});
    expect(resent.status, resent.msg).toBe(200);
    expect(outbox.messagesTo('down@example.com')).toHaveLength(1);
  });
});

describe('GET invoice/{id}/pdf', () => {
  it('gives the owner the PDF with the invoice number, the Chinese title and the amount', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    const inv = (await request([p.order.id])).data.list[0];
    const res = await download(ctx, `${V1}/invoice/${inv.id}/pdf`, owner);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(`invoice-${inv.invoiceNo}.pdf`);
    expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.body);
    expect(text).toContain(inv.invoiceNo);
    expect(text).toContain(company.title);
    expect(text).toContain(TAX_NO);
    expect(text).toContain('电子发票');
    expect(text).toContain(`${(p.order.premiumFen / 100).toFixed(2)}`);
  });

  it('gives a Polish reader the Chinese tax document with the Polish words beside it, and a Polish name', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    const inv = (await request([p.order.id], { ...personal, email: 'polski@example.com' }, polishOwner)).data.list[0];
    const [mail] = outbox.messagesTo('polski@example.com', 1);
    expect(mail.attachments![0].filename).toBe(`faktura-elektroniczna-${inv.invoiceNo}.pdf`);
    const res = await download(ctx, `${V1}/invoice/${inv.id}/pdf`, polishOwner);
    expect(res.status).toBe(200);
    expect(res.headers.vary).toContain('Accept-Language');
    expect(String(res.headers['content-disposition'])).toContain(
      encodeURIComponent(`faktura-elektroniczna-${inv.invoiceNo}.pdf`),
    );
    const text = await pdfText(res.body);
    for (const words of [
      '电子发票（普通发票）',
      'Faktura elektroniczna (zwykła)',
      '发票号码',
      'Nr faktury',
      inv.invoiceNo,
    ])
      expect(text, words).toContain(words);
    // A Chinese reader of the same invoice gets it as before.
    expect(await pdfText((await download(ctx, `${V1}/invoice/${inv.id}/pdf`, owner)).body)).not.toContain('Nr faktury');
  });
});

describe('POST invoice/{id}/resend', () => {
  async function issued(email: string): Promise<Invoice> {
    const p = await paidPolicy(ctx, owner, medical);
    const res = await request([p.order.id], { ...personal, email });
    expect(res.status, res.msg).toBe(200);
    return res.data.list[0];
  }
  const resend = (id: number, body: unknown = {}, who: Caller = owner) =>
    call<InvoiceSent>('POST', `invoice/${id}/resend`, who, body);
  const backdateLastMail = (id: number) =>
    db
      .update(invoices)
      .set({ lastSentAt: new Date(Date.now() - 61_000) })
      .where(eq(invoices.id, id));

  it('sends the invoice again, at most once a minute', async () => {
    const inv = await issued('again@example.com');
    expect(await resend(inv.id)).toMatchObject({ status: 429, code: 'A0492' });
    await backdateLastMail(inv.id);
    const res = await resend(inv.id);
    expect(res.status, res.msg).toBe(200);
    expect(res.data).toMatchObject({ to: 'again@example.com', invoice: { sendCount: 2 } });
    const mails = outbox.messagesTo('again@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[0].text).toContain('再次发送');
    expect(await pdfText(mails[0].attachments![0].content)).toContain(inv.invoiceNo);
    expect(await resend(inv.id)).toMatchObject({ status: 429, code: 'A0492' });
  });

  it('sends to a corrected email and keeps it', async () => {
    const inv = await issued('typo@exampel.com');
    await backdateLastMail(inv.id);
    const res = await resend(inv.id, { email: 'fixed@example.com' });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.invoice.email).toBe('fixed@example.com');
    expect(outbox.messagesTo('fixed@example.com')).toHaveLength(1);
  });

  it('parallel resends send once', async () => {
    const inv = await issued('parallel@example.com');
    await backdateLastMail(inv.id);
    const answers = await Promise.all(Array.from({ length: 4 }, () => resend(inv.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 'A0492')).toHaveLength(3);
    expect(outbox.messagesTo('parallel@example.com')).toHaveLength(2);
  });

  it(`stops after 5 mails of one invoice a day`, async () => {
    const inv = await issued('daily@example.com');
    for (let i = 0; i < 4; i += 1) {
      await backdateLastMail(inv.id);
      expect((await resend(inv.id)).status).toBe(200);
    }
    await backdateLastMail(inv.id);
    expect(await resend(inv.id)).toMatchObject({
      status: 429,
      code: 'A0492',
      msg: expect.stringContaining('每天最多发送 5 次'),
    });
    expect(outbox.messagesTo('daily@example.com')).toHaveLength(5);
  });

  it('a failed send answers C0140 and does not hold the cooldown', async () => {
    const inv = await issued('flaky@example.com');
    await backdateLastMail(inv.id);
    vi.spyOn(ctx.app.providers.mail, 'send').mockRejectedValueOnce(new AppError('C0140'));
    expect(await resend(inv.id)).toMatchObject({ status: 502, code: 'C0140' });
    expect((await resend(inv.id)).status).toBe(200);
  });
});

describe('GET /prod-api/dev/mail-outbox', () => {
  it('shows the development outbox with the PDF as base64, and refuses a malformed address', async () => {
    const inv = await issued2();
    const res = await ctx.app.inject({ method: 'GET', url: '/prod-api/dev/mail-outbox?to=outbox@example.com' });
    expect(res.statusCode).toBe(200);
    const [mail] = res.json().data;
    expect(mail).toMatchObject({ to: 'outbox@example.com', subject: `您的电子发票 ${inv.invoiceNo}` });
    expect(Buffer.from(mail.attachments[0].base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await ctx.app.inject({ method: 'GET', url: '/prod-api/dev/mail-outbox?to=nope' })).statusCode).toBe(400);
  });

  async function issued2() {
    const p = await paidPolicy(ctx, owner, medical);
    return (await request([p.order.id], { ...personal, email: 'outbox@example.com' })).data.list[0];
  }
});
