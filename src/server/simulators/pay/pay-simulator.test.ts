import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { resolvePayCredentials } from '../../providers/pay/credentials.ts';
import {
  PayApiError,
  PayNotifyError,
  PayTransportError,
  type JsapiOrderInput,
  type PayNotification,
} from '../../providers/pay/index.ts';
import { WechatPayProvider } from '../../providers/pay/wechat-pay-provider.ts';
import {
  authorizationHeader,
  nonceStr,
  requestMessage,
  responseMessage,
  signMessage,
  unixSeconds,
} from '../../providers/pay/wechatpay-crypto.ts';
import { setupTestApp } from '../../test/helper.ts';
import { getSimulatorKeys } from './routes.ts';

const ctx = await setupTestApp({ DATA_DIR: 'memory://pay-simulator-test' }, { seed: false });
const pay = ctx.app.providers.pay;
const keys = getSimulatorKeys(ctx.config);
const SIM = `${ctx.url}/wx-sim/pay`;

// The merchant's notify route in miniature: raw body in, parseNotify, 204 or 4xx.
const received: PayNotification[] = [];
const refused: string[] = [];
let hits = 0;
let failNext = 0;
const receiver = Fastify();
receiver.removeContentTypeParser('application/json');
receiver.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
receiver.post('/notify', async (request, reply) => {
  hits++;
  if (failNext > 0) {
    failNext--;
    return reply.code(500).send({ code: 'FAIL', message: 'busy' });
  }
  try {
    received.push(pay.parseNotify(request.headers, request.body as Buffer));
    return reply.code(204).send();
  } catch (error) {
    if (!(error instanceof PayNotifyError)) throw error;
    refused.push(error.reason);
    return reply.code(400).send({ code: 'FAIL', message: error.reason });
  }
});
await receiver.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => receiver.close());
const address = receiver.server.address();
const notifyUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/notify`;

let seq = 0;
const order = (over: Partial<JsapiOrderInput> = {}): JsapiOrderInput => ({
  outTradeNo: `T${Date.now()}${seq++}`,
  description: '百万医疗险 基础版 1年',
  amountFen: 12345,
  openid: 'oSimOpenid000000000000000001',
  notifyUrl,
  timeExpire: new Date(Date.now() + 30 * 60_000),
  ...over,
});

async function post(path: string, body: unknown) {
  const res = await fetch(`${SIM}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

async function paidOrder(over: Partial<JsapiOrderInput> = {}) {
  const input = order(over);
  const { prepayId } = await pay.createJsapiOrder(input);
  const res = await post('/test/pay', { prepayId });
  expect(res.status).toBe(200);
  return { input, prepayId, paid: res.json as { transactionId: string; notify: { status: number } } };
}

/** A raw v3 request signed by hand (the body sent may differ from the body signed). */
async function signedFetch(
  method: string,
  path: string,
  body?: unknown,
  opts: { key?: KeyObject; serial?: string; signedBody?: string } = {},
) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const timestamp = unixSeconds(Date.now());
  const nonce = nonceStr();
  const signature = signMessage(
    opts.key ?? keys.merchantPrivateKey,
    requestMessage(method, path, timestamp, nonce, opts.signedBody ?? text),
  );
  const res = await fetch(`${SIM}${path}`, {
    method,
    headers: {
      Authorization: authorizationHeader({
        mchid: keys.mchid,
        nonce_str: nonce,
        signature,
        timestamp,
        serial_no: opts.serial ?? keys.merchantSerial,
      }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : text,
  });
  return { status: res.status, json: await res.json().catch(() => null), headers: res.headers };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('resolved');
    },
    (error: unknown) => error,
  );
}

const waitFor = async (check: () => boolean, ms = 30_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('requests to the simulator', () => {
  it('signed by the provider are accepted', async () => {
    const { prepayId } = await pay.createJsapiOrder(order());
    expect(prepayId).toMatch(/^wx\d{14}[0-9a-f]{22}$/);
  });

  it('signed with another merchant key are refused with 401 SIGN_ERROR', async () => {
    const stranger = new WechatPayProvider({
      base: () => SIM,
      credentials: () => ({
        ...resolvePayCredentials(ctx.config),
        merchantKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
      }),
    });
    const error = await rejection(stranger.createJsapiOrder(order()));
    expect(error).toBeInstanceOf(PayApiError);
    expect(error).toMatchObject({ wechatStatus: 401, wechatCode: 'SIGN_ERROR', code: 'C0130' });
  });

  it('without Authorization, with a wrong serial or with a body changed after signing are refused', async () => {
    const noAuth = await fetch(`${SIM}/v3/pay/transactions/out-trade-no/NOAUTH0001?mchid=${keys.mchid}`);
    expect(noAuth.status).toBe(401);
    expect(await noAuth.json()).toMatchObject({ code: 'SIGN_ERROR' });

    const body = {
      appid: ctx.config.wechatPayAppId,
      mchid: keys.mchid,
      description: 'x',
      out_trade_no: 'CHANGED001',
      notify_url: notifyUrl,
      amount: { total: 1, currency: 'CNY' },
      payer: { openid: 'o1' },
    };
    const changed = await signedFetch('POST', '/v3/pay/transactions/jsapi', body, {
      signedBody: JSON.stringify({ ...body, amount: { total: 100, currency: 'CNY' } }),
    });
    expect(changed).toMatchObject({ status: 401, json: { code: 'SIGN_ERROR' } });

    const serial = await signedFetch('POST', '/v3/pay/transactions/jsapi', body, {
      serial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    });
    expect(serial).toMatchObject({ status: 401, json: { code: 'SIGN_ERROR' } });

    expect(await signedFetch('POST', '/v3/pay/transactions/jsapi', body)).toMatchObject({ status: 200 });
  });
});

describe('answers of the simulator', () => {
  /** A provider whose transport lets the test change the answer on the way. */
  const through = (change: (headers: Headers, body: string) => string) =>
    new WechatPayProvider({
      base: () => SIM,
      credentials: () => resolvePayCredentials(ctx.config),
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        const headers = new Headers(res.headers);
        const body = change(headers, await res.text());
        headers.delete('content-length');
        return new Response(body, { status: res.status, headers });
      },
    });
  const input = order();
  const created = pay.createJsapiOrder(input);

  it('are signed by the platform key and verified by the provider', async () => {
    await created;
    expect((await pay.queryOrder(input.outTradeNo)).tradeState).toBe('NOTPAY');
    const raw = await signedFetch('GET', `/v3/pay/transactions/out-trade-no/${input.outTradeNo}?mchid=${keys.mchid}`);
    expect(raw.headers.get('wechatpay-serial')).toBe(keys.platformPublicKeyId);
    expect(raw.headers.get('wechatpay-signature')).toBeTruthy();
  });

  it('with a changed body are refused', async () => {
    await created;
    const error = await rejection(
      through((_h, body) => body.replace('"NOTPAY"', '"SUCCESS"')).queryOrder(input.outTradeNo),
    );
    expect(error).toBeInstanceOf(PayTransportError);
    expect(error).toMatchObject({ reason: 'signature' });
  });

  it('with a changed signature header or serial are refused', async () => {
    await created;
    const nonce = through((h, body) => (h.set('wechatpay-nonce', 'X'.repeat(32)), body));
    expect(await rejection(nonce.queryOrder(input.outTradeNo))).toMatchObject({ reason: 'signature' });
    const serial = through((h, body) => (h.set('wechatpay-serial', 'PUB_KEY_ID_0000000000000000000000000000'), body));
    expect(await rejection(serial.queryOrder(input.outTradeNo))).toMatchObject({ reason: 'signature' });
  });

  it('without signature headers are refused', async () => {
    await created;
    const unsigned = through((h, body) => (h.delete('wechatpay-signature'), body));
    expect(await rejection(unsigned.queryOrder(input.outTradeNo))).toMatchObject({ reason: 'unsigned' });
  });

  it('validly signed more than 5 minutes ago are refused', async () => {
    await created;
    const old = through((h, body) => {
      const timestamp = unixSeconds(Date.now() - 6 * 60_000);
      h.set('wechatpay-timestamp', timestamp);
      h.set(
        'wechatpay-signature',
        signMessage(keys.platformPrivateKey, responseMessage(timestamp, h.get('wechatpay-nonce')!, body)),
      );
      return body;
    });
    expect(await rejection(old.queryOrder(input.outTradeNo))).toMatchObject({ reason: 'stale' });
  });

  it("that are errors become PayApiError with WeChat's code and status", async () => {
    expect(await rejection(pay.queryOrder('NEVERMADE001'))).toMatchObject({
      wechatStatus: 404,
      wechatCode: 'ORDER_NOT_EXIST',
    });
  });

  it('that never come become a network PayTransportError', async () => {
    const nowhere = new WechatPayProvider({
      base: () => 'http://127.0.0.1:9',
      credentials: () => resolvePayCredentials(ctx.config),
    });
    expect(await rejection(nowhere.queryOrder('NEVERMADE001'))).toMatchObject({ reason: 'network', code: 'C0130' });
  });
});

describe('placing orders', () => {
  const jsapi = (over: Record<string, unknown>) =>
    signedFetch('POST', '/v3/pay/transactions/jsapi', {
      appid: ctx.config.wechatPayAppId,
      mchid: keys.mchid,
      description: '意外险',
      out_trade_no: `V${Date.now()}${seq++}`,
      notify_url: notifyUrl,
      amount: { total: 100, currency: 'CNY' },
      payer: { openid: 'o1' },
      ...over,
    });

  it('again with the same parameters gives a fresh prepay_id; with different ones is refused', async () => {
    const input = order();
    const first = await pay.createJsapiOrder(input);
    const again = await pay.createJsapiOrder(input);
    expect(again.prepayId).not.toBe(first.prepayId);
    expect(await rejection(pay.createJsapiOrder({ ...input, amountFen: 1 }))).toMatchObject({
      wechatStatus: 400,
      wechatCode: 'INVALID_REQUEST',
    });
  });

  it('checks fields like WeChat: amount, currency, lengths, appid and mchid, notify_url', async () => {
    expect(await jsapi({ amount: { total: 0, currency: 'CNY' } })).toMatchObject({
      status: 400,
      json: { code: 'PARAM_ERROR' },
    });
    expect(await jsapi({ amount: { total: 100, currency: 'USD' } })).toMatchObject({
      status: 400,
      json: { code: 'PARAM_ERROR' },
    });
    expect(await jsapi({ description: '保'.repeat(128) })).toMatchObject({
      status: 400,
      json: { code: 'PARAM_ERROR' },
    });
    expect(await jsapi({ out_trade_no: 'ABC12' })).toMatchObject({ status: 400, json: { code: 'PARAM_ERROR' } });
    expect(await jsapi({ out_trade_no: 'A'.repeat(33) })).toMatchObject({ status: 400, json: { code: 'PARAM_ERROR' } });
    expect(await jsapi({ notify_url: `${notifyUrl}?order=1` })).toMatchObject({
      status: 400,
      json: { code: 'PARAM_ERROR' },
    });
    expect(await jsapi({ appid: 'wx9999999999999999' })).toMatchObject({
      status: 400,
      json: { code: 'APPID_MCHID_NOT_MATCH' },
    });
    expect(await jsapi({ mchid: '1900000099' })).toMatchObject({ status: 400, json: { code: 'MCH_NOT_EXISTS' } });
    expect(await jsapi({ description: '保'.repeat(127) })).toMatchObject({ status: 200 });
  });
});

describe('the payment loop', () => {
  it('create → pay → notification accepted by parseNotify with the right amount → query SUCCESS', async () => {
    const before = received.length;
    const { input, paid } = await paidOrder();
    expect(paid.notify.status).toBe(204);
    const n = received.slice(before).find((r) => r.transaction.outTradeNo === input.outTradeNo)!;
    expect(n.eventType).toBe('TRANSACTION.SUCCESS');
    expect(n.transaction).toMatchObject({
      tradeState: 'SUCCESS',
      amountTotal: 12345,
      payerTotal: 12345,
      transactionId: paid.transactionId,
      payerOpenid: input.openid,
      appid: ctx.config.wechatPayAppId,
      mchid: ctx.config.wechatPayMchid,
    });
    expect(n.transaction.successTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);
    expect(() =>
      pay.assertTransactionMatches(n.transaction, { outTradeNo: input.outTradeNo, amountFen: 12345 }),
    ).not.toThrow();

    const queried = await pay.queryOrder(input.outTradeNo);
    expect(queried).toMatchObject({ tradeState: 'SUCCESS', transactionId: paid.transactionId, amountTotal: 12345 });
  });

  it('cannot pay the same order twice', async () => {
    const { prepayId } = await paidOrder();
    expect(await post('/test/pay', { prepayId })).toMatchObject({ status: 400, json: { code: 'ORDERPAID' } });
  });

  it('retries a notification the receiver did not accept', async () => {
    failNext = 1;
    const hitsBefore = hits;
    const before = received.length;
    const { input, paid } = await paidOrder();
    expect(paid.notify.status).toBe(500);
    await waitFor(() => received.length > before);
    expect(hits - hitsBefore).toBe(2);
    expect(received.at(-1)!.transaction.outTradeNo).toBe(input.outTradeNo);
  });

  it('test hook sends forged notifications that parseNotify and assertTransactionMatches refuse', async () => {
    const { input } = await paidOrder();
    const forged = async (tamper?: string) =>
      (await post('/test/notify', { outTradeNo: input.outTradeNo, tamper })).json.notify;

    expect(await forged('signature')).toMatchObject({ status: 400, body: expect.stringContaining('signature') });
    expect(await forged('stale')).toMatchObject({ status: 400, body: expect.stringContaining('stale') });

    const before = received.length;
    expect(await forged('amount')).toMatchObject({ status: 204 });
    const cheap = received.slice(before)[0].transaction;
    expect(cheap.amountTotal).toBe(1);
    expect(() =>
      pay.assertTransactionMatches(cheap, { outTradeNo: input.outTradeNo, amountFen: input.amountFen }),
    ).toThrow(expect.objectContaining({ reason: 'mismatch' }));

    expect(await forged()).toMatchObject({ status: 204 });
    expect(received.at(-1)!.transaction.amountTotal).toBe(input.amountFen);
  });

  it('test hook refuses to notify an unpaid order', async () => {
    const input = order();
    await pay.createJsapiOrder(input);
    expect(await post('/test/notify', { outTradeNo: input.outTradeNo })).toMatchObject({
      status: 400,
      json: { code: 'INVALID_REQUEST' },
    });
  });
});

describe('closing', () => {
  it('closes an unpaid order, which then cannot be paid', async () => {
    const input = order();
    const { prepayId } = await pay.createJsapiOrder(input);
    await pay.closeOrder(input.outTradeNo);
    expect((await pay.queryOrder(input.outTradeNo)).tradeState).toBe('CLOSED');
    expect(await post('/test/pay', { prepayId })).toMatchObject({ status: 400, json: { code: 'ORDER_CLOSED' } });
    expect(await rejection(pay.createJsapiOrder(input))).toMatchObject({ wechatCode: 'ORDER_CLOSED' });
  });

  it('refuses to close a paid order', async () => {
    const { input } = await paidOrder();
    expect(await rejection(pay.closeOrder(input.outTradeNo))).toMatchObject({
      wechatStatus: 400,
      wechatCode: 'ORDERPAID',
    });
  });
});

describe('refunds', () => {
  it('with the same out_refund_no refund once; the order then shows REFUND', async () => {
    const { input, paid } = await paidOrder({ amountFen: 10000 });
    const ask = {
      outTradeNo: input.outTradeNo,
      outRefundNo: `R${input.outTradeNo}`,
      reason: '犹豫期退保',
      refundFen: 6000,
      totalFen: 10000,
    };
    const first = await pay.refund(ask);
    const second = await pay.refund(ask);
    expect(first).toMatchObject({
      status: 'SUCCESS',
      refundFen: 6000,
      totalFen: 10000,
      transactionId: paid.transactionId,
    });
    expect(second.refundId).toBe(first.refundId);
    expect((await pay.queryOrder(input.outTradeNo)).tradeState).toBe('REFUND');
    // 4000 left: had the repeat refunded again, this would be refused.
    expect(await pay.refund({ ...ask, outRefundNo: `S${input.outTradeNo}`, refundFen: 4000 })).toMatchObject({
      status: 'SUCCESS',
    });
    expect(await rejection(pay.refund({ ...ask, outRefundNo: `U${input.outTradeNo}`, refundFen: 1 }))).toMatchObject({
      wechatStatus: 400,
      wechatCode: 'INVALID_REQUEST',
    });
  });

  it('above the total, with a wrong total or of an unpaid order are refused', async () => {
    const { input } = await paidOrder({ amountFen: 500 });
    const ask = { outTradeNo: input.outTradeNo, outRefundNo: `R${input.outTradeNo}`, refundFen: 501, totalFen: 500 };
    expect(await rejection(pay.refund(ask))).toMatchObject({ wechatCode: 'INVALID_REQUEST' });
    expect(await rejection(pay.refund({ ...ask, refundFen: 100, totalFen: 600 }))).toMatchObject({
      wechatCode: 'PARAM_ERROR',
    });
    const unpaid = order();
    await pay.createJsapiOrder(unpaid);
    expect(
      await rejection(pay.refund({ ...ask, outTradeNo: unpaid.outTradeNo, refundFen: 100, totalFen: 12345 })),
    ).toMatchObject({ wechatCode: 'INVALID_REQUEST' });
  });
});

describe('the cashier page', () => {
  const returnUrl = `${ctx.url}/#/pay/index?orderId=42`;
  const cashier = (prepayId: string, ret: string) =>
    fetch(`${ctx.url}${pay.simulatorCashierUrl(prepayId, ret)}`, { redirect: 'manual' });
  const submit = (form: Record<string, string>) =>
    fetch(`${SIM}/cashier`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });

  it('shows merchant, description and amount with 确认支付 and 取消', async () => {
    const { prepayId } = await pay.createJsapiOrder(order({ amountFen: 12345, description: '少儿门急诊险 <计划A>' }));
    expect(pay.simulatorCashierUrl(prepayId, returnUrl)).toMatch(/^\/wx-sim\/pay\/cashier\?prepay_id=wx/);
    const res = await cashier(prepayId, returnUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('¥123.45');
    expect(html).toContain('少儿门急诊险 &lt;计划A&gt;');
    expect(html).toContain(ctx.config.wechatPayMchid);
    expect(html).toContain('确认支付');
    expect(html).toContain('取消');
    expect(html).toContain('name="viewport"');
  });

  it('refuses a return URL on another host or of another scheme', async () => {
    const input = order();
    const { prepayId } = await pay.createJsapiOrder(input);
    expect((await cashier(prepayId, 'https://evil.example.com/#/pay')).status).toBe(400);
    expect((await cashier(prepayId, 'javascript:alert(1)')).status).toBe(400);
    const post = await submit({ prepay_id: prepayId, return: 'https://evil.example.com/', action: 'pay' });
    expect(post.status).toBe(400);
    expect(post.headers.get('location')).toBeNull();
    expect((await pay.queryOrder(input.outTradeNo)).tradeState).toBe('NOTPAY');
  });

  it('pays, notifies, and sends the browser back with wxpay_result=ok', async () => {
    const input = order({ amountFen: 990 });
    const { prepayId } = await pay.createJsapiOrder(input);
    const before = received.length;
    const res = await submit({ prepay_id: prepayId, return: returnUrl, action: 'pay' });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin).toBe(ctx.url);
    expect(back.searchParams.get('wxpay_result')).toBe('ok');
    expect(back.hash).toBe('#/pay/index?orderId=42');
    expect(received.slice(before).map((n) => [n.transaction.outTradeNo, n.transaction.amountTotal])).toContainEqual([
      input.outTradeNo,
      990,
    ]);
    expect((await pay.queryOrder(input.outTradeNo)).tradeState).toBe('SUCCESS');
    expect((await cashier(prepayId, returnUrl)).status).toBe(409);
  });

  it('cancels back to the merchant with wxpay_result=cancel, leaving the order unpaid', async () => {
    const input = order();
    const { prepayId } = await pay.createJsapiOrder(input);
    const res = await submit({ prepay_id: prepayId, return: returnUrl, action: 'cancel' });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!).searchParams.get('wxpay_result')).toBe('cancel');
    expect((await pay.queryOrder(input.outTradeNo)).tradeState).toBe('NOTPAY');
  });

  it('answers 404 for an unknown prepay_id', async () => {
    expect((await cashier('wx00000000000000nothing', returnUrl)).status).toBe(404);
  });
});

describe('unreadable bodies', () => {
  const routes = [
    '/v3/pay/transactions/jsapi',
    '/v3/pay/transactions/out-trade-no/T1/close',
    '/v3/refund/domestic/refunds',
    '/cashier',
    '/test/pay',
    '/test/notify',
    '/test/refund-mode',
    '/test/refund-complete',
  ];
  const bodies = [
    { name: 'without a boundary', type: 'multipart/form-data', body: 'prepay_id=wx1' },
    {
      name: 'with a part terminated early',
      type: 'multipart/form-data; boundary=xyz',
      body: '--xyz\r\nContent-Disposition: form-data; name="prepay_id"\r\n\r\nwx1',
    },
    { name: 'of malformed JSON', type: 'application/json', body: '{"prepay_id": "wx1' },
  ];
  it.each(routes.flatMap((route) => bodies.map((b) => [`POST ${route} ${b.name}`, route, b] as const)))(
    "%s answers 400 in WeChat's error shape, as WeChat does",
    async (_name, route, { type, body }) => {
      const res = await fetch(`${SIM}${route}`, { method: 'POST', headers: { 'content-type': type }, body });
      expect(res.status).toBe(400);
      const json = (await res.json()) as { code: string; message: string };
      expect(json.code).toBe('PARAM_ERROR');
      expect(json.message).toMatch(/^[^A-Za-z]*[\u4e00-\u9fa5]/); // in WeChat's words, not the framework's English
    },
  );
});
