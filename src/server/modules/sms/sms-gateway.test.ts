import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createSmsProvider } from '../../providers/sms/index.ts';
import { HttpSmsProvider } from '../../providers/sms/http.ts';
import { setupTestApp } from '../../test/helper.ts';

interface Received {
  method: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: { phone: string; template: string; params: Record<string, string> };
}

/** A stand-in SMS gateway that records what it gets and answers `status`. */
const gateway = { received: [] as Received[], status: 200 };
const server = createServer(async (req: IncomingMessage, res) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  gateway.received.push({
    method: req.method!,
    authorization: req.headers.authorization,
    contentType: req.headers['content-type'],
    body: JSON.parse(raw),
  });
  res.writeHead(gateway.status, { 'content-type': 'application/json' }).end('{}');
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const gatewayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const ctx = await setupTestApp({ SMS_PROVIDER_URL: gatewayUrl, SMS_PROVIDER_KEY: 'gateway-key-1' }, { listen: false });
const send = (phone: string) =>
  ctx.app.inject({ method: 'POST', url: `/prod-api/app-api/v1/sms/login?phoneNumber=${phone}` });

describe('choosing the SMS provider', () => {
  it('uses the outbox without a gateway URL outside production', () => {
    expect(createSmsProvider(loadConfig({})).kind).toBe('outbox');
  });

  it('refuses production without SMS_PROVIDER_URL with a clear error', () => {
    expect(() =>
      createSmsProvider({ production: true, SMS_PROVIDER_URL: undefined, SMS_PROVIDER_KEY: undefined }),
    ).toThrow(/SMS_PROVIDER_URL is required in production/);
    expect(createSmsProvider({ production: true, SMS_PROVIDER_URL: gatewayUrl, SMS_PROVIDER_KEY: 'k' }).kind).toBe(
      'http',
    );
  });
});

describe('POST sms/{type} through an HTTP gateway', () => {
  it('posts JSON {phone, template, params} with the Bearer key', async () => {
    gateway.status = 200;
    const res = await send('13900000050');
    expect(res.statusCode).toBe(200);
    const last = gateway.received.at(-1)!;
    expect(last).toMatchObject({
      method: 'POST',
      authorization: 'Bearer gateway-key-1',
      contentType: 'application/json',
    });
    expect(last.body).toEqual({
      phone: '13900000050',
      template: 'login',
      params: { code: expect.stringMatching(/^\d{6}$/), minutes: '5' },
    });
  });

  it('answers 502 C0120 when the gateway fails, and lets the user ask again at once', async () => {
    gateway.status = 500;
    const failed = await send('13900000051');
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'C0120', msg: '短信服务暂时不可用，请稍后再试' });
    gateway.status = 200;
    expect((await send('13900000051')).statusCode).toBe(200);
  });

  it('answers C0120 when the gateway cannot be reached', async () => {
    const provider = new HttpSmsProvider('http://127.0.0.1:1/unreachable', 'k');
    await expect(
      provider.send({ phone: '13900000052', template: 'login', params: { code: '123456' } }),
    ).rejects.toMatchObject({ code: 'C0120', status: 502 });
  });

  it('has no development outbox route', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/prod-api/dev/sms-outbox?phoneNumber=13900000050' });
    expect(res.statusCode).toBe(404);
  });
});
