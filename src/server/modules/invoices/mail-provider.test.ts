import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createMailProvider } from '../../providers/mail/index.ts';
import { HttpMailProvider } from '../../providers/mail/http.ts';
import { setupTestApp } from '../../test/helper.ts';
import { paidPolicy, productByCode } from '../../test/buying.ts';
import { api } from '../../test/http.ts';
import { signIn } from '../../test/sign-in.ts';

interface Received {
  authorization: string | undefined;
  body: {
    from: string;
    to: string;
    subject: string;
    text: string;
    attachments: { filename: string; contentType: string; content: string }[];
  };
}

/** A stand-in mail API that records what it gets and answers `status`. */
const gateway = { received: [] as Received[], status: 200 };
const server = createServer(async (req: IncomingMessage, res) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  gateway.received.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
  res.writeHead(gateway.status, { 'content-type': 'application/json' }).end('{}');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const gatewayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mail`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const ctx = await setupTestApp({
  MAIL_PROVIDER_URL: gatewayUrl,
  MAIL_PROVIDER_KEY: 'mail-key-1',
  MAIL_FROM: 'fapiao@insure.example.com',
});
const call = api(ctx);
const owner = await signIn(ctx, 'demo.member');
const medical = await productByCode(ctx, 'MED-BW');

describe('choosing the mail provider', () => {
  it('uses the outbox without a URL outside production, refuses production without one', () => {
    expect(createMailProvider(loadConfig({})).kind).toBe('outbox');
    expect(() =>
      createMailProvider({
        production: true,
        MAIL_PROVIDER_URL: undefined,
        MAIL_PROVIDER_KEY: undefined,
        MAIL_FROM: 'a@b.cn',
      }),
    ).toThrow(/MAIL_PROVIDER_URL is required in production/);
    expect(
      createMailProvider({
        production: true,
        MAIL_PROVIDER_URL: gatewayUrl,
        MAIL_PROVIDER_KEY: 'k',
        MAIL_FROM: 'a@b.cn',
      }).kind,
    ).toBe('http');
  });
});

describe('invoice mails through an HTTP mail API', () => {
  it('posts JSON with the Bearer key and the PDF as base64', async () => {
    gateway.status = 200;
    const p = await paidPolicy(ctx, owner, medical);
    const res = await call<{ list: { invoiceNo: string }[]; mailed: boolean }>('POST', 'invoice', owner, {
      orderIds: [p.order.id],
      titleType: 'personal',
      title: '王五',
      email: 'wangwu@example.com',
    });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.mailed).toBe(true);
    const last = gateway.received.at(-1)!;
    expect(last.authorization).toBe('Bearer mail-key-1');
    expect(last.body).toMatchObject({
      from: 'fapiao@insure.example.com',
      to: 'wangwu@example.com',
      subject: `您的电子发票 ${res.data.list[0].invoiceNo}`,
    });
    expect(last.body.attachments).toHaveLength(1);
    expect(Buffer.from(last.body.attachments[0].content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a failing mail API leaves the invoice issued (mailed false) and a resend answers 502 C0140', async () => {
    gateway.status = 500;
    const p = await paidPolicy(ctx, owner, medical);
    const res = await call<{ list: { id: number }[]; mailed: boolean }>('POST', 'invoice', owner, {
      orderIds: [p.order.id],
      titleType: 'personal',
      title: '王五',
      email: 'wangwu@example.com',
    });
    expect(res.status, res.msg).toBe(200);
    expect(res.data.mailed).toBe(false);
    expect(await call('POST', `invoice/${res.data.list[0].id}/resend`, owner, {})).toMatchObject({
      status: 502,
      code: 'C0140',
      msg: '邮件服务暂时不可用，请稍后再试',
    });
    gateway.status = 200;
    expect((await call('POST', `invoice/${res.data.list[0].id}/resend`, owner, {})).status).toBe(200);
  });

  it('answers C0140 when the mail API cannot be reached', async () => {
    const provider = new HttpMailProvider('http://127.0.0.1:1/unreachable', 'k', 'a@b.cn');
    await expect(provider.send({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toMatchObject({
      code: 'C0140',
      status: 502,
    });
  });

  it('has no development outbox route', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/prod-api/dev/mail-outbox?to=wangwu@example.com' })).statusCode,
    ).toBe(404);
  });
});
