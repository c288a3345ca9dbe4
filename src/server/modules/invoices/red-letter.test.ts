import { and, count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invoice, InvoiceableOrderList, InvoiceIssued, InvoiceList, InvoiceSent } from '#shared/invoices.ts';
import type { SurrenderResult } from '#shared/policies.ts';
import { invoiceMails, invoices } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { MailOutbox } from '../../providers/mail/outbox.ts';
import { setupTestApp } from '../../test/helper.ts';
import { pdfText } from '../../test/policies.ts';
import { paidPolicy, productByCode, type PaidPolicy } from '../../test/buying.ts';
import { api, download, V1 } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

const ctx = await setupTestApp();
const db = ctx.database.db;
const call = api(ctx);
const outbox = ctx.app.providers.mail as MailOutbox;
const owner = await signIn(ctx, 'demo.member');
const stranger = await signIn(ctx, 'demo.partner');
const medical = await productByCode(ctx, 'MED-BW');

const TAX_NO = '91350100M000100Y43';
let mailNo = 0;
/** A paid policy whose order got a company invoice, mailed to its own address. */
async function invoicedPolicy(): Promise<{ p: PaidPolicy; blue: Invoice; email: string }> {
  const p = await paidPolicy(ctx, owner, medical);
  const email = `red${(mailNo += 1)}@example.com`;
  const res = await call<InvoiceIssued>('POST', 'invoice', owner, {
    orderIds: [p.order.id],
    titleType: 'company',
    title: '上海演示科技有限公司',
    taxNo: TAX_NO,
    email,
  });
  expect(res.status, res.msg).toBe(200);
  return { p, blue: res.data.list[0], email };
}
const surrender = (p: PaidPolicy) =>
  call<SurrenderResult>('POST', `order/policyInfo/${p.policyId}/surrender`, owner, { reason: '重复投保' });
const rowsOfOrder = (orderId: number) =>
  db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(invoices.id);
const myInvoices = async () => (await call<InvoiceList>('GET', 'invoice', owner)).data.list;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('surrender of an invoiced policy (红冲)', () => {
  it('marks the invoice 已红冲 and issues one red-letter invoice with the exact negative amount, listed next to it', async () => {
    const { p, blue, email } = await invoicedPolicy();
    const res = await surrender(p);
    expect(res.status, res.msg).toBe(200);

    const rows = await rowsOfOrder(p.order.id);
    expect(rows).toHaveLength(2);
    const [b, red] = rows;
    expect(b).toMatchObject({ id: blue.id, kind: 'blue', amountFen: p.order.premiumFen });
    expect(b.reversedAt?.toISOString()).toBe(res.data.surrenderedAt);
    expect(red).toMatchObject({
      kind: 'red',
      originalId: blue.id,
      originalInvoiceNo: blue.invoiceNo,
      amountFen: -p.order.premiumFen,
      reversedAt: null,
      orderNo: blue.orderNo,
      title: blue.title,
      taxNo: TAX_NO,
      email,
      seller: blue.seller,
      memberId: owner.memberId,
    });
    expect(red.invoiceNo).toMatch(/^\d{20}$/);
    expect(red.invoiceNo).not.toBe(blue.invoiceNo);
    expect(red.amountFen + b.amountFen).toBe(0);

    const list = await myInvoices();
    const shownBlue = list.find((i) => i.id === blue.id)!;
    const shownRed = list.find((i) => i.id === red.id)!;
    expect(shownBlue).toMatchObject({
      kind: 'blue',
      status: 'reversed',
      redId: red.id,
      redInvoiceNo: red.invoiceNo,
      amountFen: p.order.premiumFen,
    });
    expect(shownRed).toMatchObject({
      kind: 'red',
      status: 'issued',
      originalId: blue.id,
      originalInvoiceNo: blue.invoiceNo,
      amountFen: -p.order.premiumFen,
    });
  });

  it("mails the red-letter invoice PDF once: 红字, negative amount and the blue invoice's number", async () => {
    const { p, blue, email } = await invoicedPolicy();
    expect(outbox.messagesTo(email)).toHaveLength(1);
    expect((await surrender(p)).status).toBe(200);
    const [red] = (await rowsOfOrder(p.order.id)).filter((r) => r.kind === 'red');
    const mails = outbox.messagesTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[0].subject).toContain(red.invoiceNo);
    expect(mails[0].text).toContain(blue.invoiceNo);
    expect(mails[0].attachments?.[0].filename).toBe(`红字发票-${red.invoiceNo}.pdf`);
    const text = await pdfText(mails[0].attachments![0].content);
    expect(text).toContain('红字');
    expect(text).toContain('对应蓝字发票号码');
    expect(text).toContain(blue.invoiceNo);
    expect(text).toContain(red.invoiceNo);
    expect(text).toContain(`-¥${(p.order.premiumFen / 100).toFixed(2)}`);
    expect(text).toContain('（负数）');
    const [n] = await db
      .select({ n: count() })
      .from(invoiceMails)
      .where(and(eq(invoiceMails.invoiceId, red.id), eq(invoiceMails.kind, 'issue')));
    expect(Number(n.n)).toBe(1);
    expect((await myInvoices()).find((i) => i.id === red.id)).toMatchObject({
      sendCount: 1,
      lastSentAt: expect.any(String),
    });

    // A repeated surrender neither issues nor mails again.
    expect((await surrender(p)).msg).toBe('该保单已退保，退款已办理，无需重复申请');
    expect(await rowsOfOrder(p.order.id)).toHaveLength(2);
    expect(outbox.messagesTo(email)).toHaveLength(2);
  });

  it('parallel surrenders create exactly one red-letter invoice and one mail', async () => {
    const { p, email } = await invoicedPolicy();
    const answers = await Promise.all(Array.from({ length: 4 }, () => surrender(p)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const rows = await rowsOfOrder(p.order.id);
    expect(rows.map((r) => r.kind)).toEqual(['blue', 'red']);
    expect(outbox.messagesTo(email).filter((m) => m.subject.startsWith('红字发票'))).toHaveLength(1);
  });

  it('the database refuses a second red-letter invoice of one blue invoice (unique index)', async () => {
    const { p, blue } = await invoicedPolicy();
    await surrender(p);
    const [red] = (await rowsOfOrder(p.order.id)).filter((r) => r.kind === 'red');
    const { id: _id, ...copy } = red;
    await expect(db.insert(invoices).values({ ...copy, invoiceNo: `9${red.invoiceNo.slice(1)}` })).rejects.toThrow();
    expect((await rowsOfOrder(p.order.id)).filter((r) => r.originalId === blue.id)).toHaveLength(1);
  });

  it('the PDF downloads of both invoices work for the owner; the red one is 红字 with the original number; strangers get 404', async () => {
    const { p, blue } = await invoicedPolicy();
    await surrender(p);
    const [red] = (await rowsOfOrder(p.order.id)).filter((r) => r.kind === 'red');
    const blueRes = await download(ctx, `${V1}/invoice/${blue.id}/pdf`, owner);
    expect(blueRes.status).toBe(200);
    expect(await pdfText(blueRes.body)).toContain(blue.invoiceNo);
    const redRes = await download(ctx, `${V1}/invoice/${red.id}/pdf`, owner);
    expect(redRes.status).toBe(200);
    expect(redRes.headers['content-type']).toBe('application/pdf');
    expect(String(redRes.headers['content-disposition'])).toContain(`invoice-red-${red.invoiceNo}.pdf`);
    const text = await pdfText(redRes.body);
    expect(text).toContain('红字');
    expect(text).toContain(blue.invoiceNo);
    expect((await download(ctx, `${V1}/invoice/${red.id}/pdf`, stranger)).status).toBe(404);
  });

  it('both invoices can be sent again', async () => {
    const { p, blue, email } = await invoicedPolicy();
    await surrender(p);
    const [red] = (await rowsOfOrder(p.order.id)).filter((r) => r.kind === 'red');
    await db
      .update(invoices)
      .set({ lastSentAt: new Date(Date.now() - 61_000) })
      .where(eq(invoices.orderId, p.order.id));
    const again = await call<InvoiceSent>('POST', `invoice/${red.id}/resend`, owner, {});
    expect(again.status, again.msg).toBe(200);
    expect(again.data.invoice).toMatchObject({
      id: red.id,
      kind: 'red',
      originalInvoiceNo: blue.invoiceNo,
      sendCount: 2,
    });
    expect(outbox.messagesTo(email)[0].subject).toBe(`您的红字发票 ${red.invoiceNo}`);
    expect(outbox.messagesTo(email)[0].text).toContain(`对应蓝字发票号码 ${blue.invoiceNo}`);
    const blueAgain = await call<InvoiceSent>('POST', `invoice/${blue.id}/resend`, owner, {});
    expect(blueAgain.status, blueAgain.msg).toBe(200);
    expect(blueAgain.data.invoice).toMatchObject({ id: blue.id, status: 'reversed', redInvoiceNo: red.invoiceNo });
  });

  it('a mail service failure leaves the red-letter invoice issued and unsent; the member can send it', async () => {
    const { p, email } = await invoicedPolicy();
    vi.spyOn(ctx.app.providers.mail, 'send').mockRejectedValueOnce(new AppError('C0140'));
    const res = await surrender(p);
    expect(res.status, res.msg).toBe(200);
    const [red] = (await rowsOfOrder(p.order.id)).filter((r) => r.kind === 'red');
    expect(red).toMatchObject({ sendCount: 0, lastSentAt: null });
    expect(outbox.messagesTo(email)).toHaveLength(1);
    const sent = await call<InvoiceSent>('POST', `invoice/${red.id}/resend`, owner, {});
    expect(sent.status, sent.msg).toBe(200);
    expect(outbox.messagesTo(email)).toHaveLength(2);
  });

  it('a surrendered order cannot be invoiced again (A0490) and is not offered', async () => {
    const { p } = await invoicedPolicy();
    await surrender(p);
    const again = await call<InvoiceIssued>('POST', 'invoice', owner, {
      orderIds: [p.order.id],
      titleType: 'personal',
      title: '张三',
      email: 'x@example.com',
    });
    expect(again).toMatchObject({ status: 409, code: 'A0490' });
    expect(
      (await call<InvoiceableOrderList>('GET', 'invoice/orders', owner)).data.list.map((o) => o.orderId),
    ).not.toContain(p.order.id);
    expect(await rowsOfOrder(p.order.id)).toHaveLength(2);
  });
});

describe('surrender of a policy without an invoice', () => {
  it('creates no invoice and sends no invoice mail', async () => {
    const p = await paidPolicy(ctx, owner, medical);
    const send = vi.spyOn(ctx.app.providers.mail, 'send');
    const before = Number((await db.select({ n: count() }).from(invoices))[0].n);
    expect((await surrender(p)).status).toBe(200);
    expect(await rowsOfOrder(p.order.id)).toHaveLength(0);
    expect(Number((await db.select({ n: count() }).from(invoices))[0].n)).toBe(before);
    expect(send).not.toHaveBeenCalled();
  });
});
