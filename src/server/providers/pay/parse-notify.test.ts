import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildNotification, signNotification } from '../../simulators/pay/notifier.ts';
import type { PayCredentials } from './credentials.ts';
import { PayNotifyError } from './pay-errors.ts';
import { generateSimulatorKeys } from './simulator-keys.ts';
import { WechatPayProvider } from './wechat-pay-provider.ts';
import { encryptResource, randomApiV3Key } from './wechatpay-crypto.ts';
import type { TransactionWire } from './wechatpay-wire.ts';

// An in-memory key set: the provider holds the merchant side, the simulator's notifier the WeChat side.
const sim = generateSimulatorKeys();
const signer = {
  apiV3Key: sim.apiV3Key,
  platformPrivateKey: createPrivateKey(sim.platformPrivateKey),
  platformPublicKeyId: sim.platformPublicKeyId,
};
const creds: PayCredentials = {
  mchid: '1900000001',
  appid: 'wx0a0a0a0a0a0a0a0a',
  merchantKey: createPrivateKey(sim.merchantPrivateKey),
  merchantSerial: sim.merchantSerial,
  apiV3Key: sim.apiV3Key,
  platformPublicKey: createPublicKey(sim.platformPublicKey),
  platformPublicKeyId: sim.platformPublicKeyId,
};
const provider = (over: Partial<PayCredentials> = {}, now?: () => number) =>
  new WechatPayProvider({ base: () => 'http://127.0.0.1:1', credentials: () => ({ ...creds, ...over }), now });

const paid: TransactionWire = {
  appid: creds.appid,
  mchid: creds.mchid,
  out_trade_no: 'P20260101000001',
  transaction_id: '4200000985202601011441826014',
  trade_type: 'JSAPI',
  trade_state: 'SUCCESS',
  trade_state_desc: '支付成功',
  bank_type: 'OTHERS',
  attach: '',
  success_time: '2026-01-01T10:00:00+08:00',
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  amount: { total: 12345, payer_total: 12345, currency: 'CNY', payer_currency: 'CNY' },
};

function notification(opts: { tx?: TransactionWire; tamper?: 'signature' | 'amount' | 'stale'; at?: number } = {}) {
  const at = opts.at ?? Date.now();
  const { body } = buildNotification(signer, opts.tx ?? paid, at, opts.tamper);
  return { body, headers: lower(signNotification(signer, body, at, opts.tamper)) };
}

const lower = (h: Record<string, string>) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof PayNotifyError) return error.reason;
    throw error;
  }
  throw new Error('accepted');
}

describe('parseNotify', () => {
  it('accepts a notification made by the simulator and answers the decrypted transaction', () => {
    const { body, headers } = notification();
    const n = provider().parseNotify(headers, body);
    expect(n.eventType).toBe('TRANSACTION.SUCCESS');
    expect(n.transaction).toEqual({
      appid: creds.appid,
      mchid: creds.mchid,
      outTradeNo: 'P20260101000001',
      tradeState: 'SUCCESS',
      tradeStateDesc: '支付成功',
      transactionId: '4200000985202601011441826014',
      successTime: '2026-01-01T10:00:00+08:00',
      payerOpenid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      amountTotal: 12345,
      payerTotal: 12345,
      currency: 'CNY',
      attach: undefined,
    });
  });

  it('takes the raw bytes as well as the string, and headers in any case', () => {
    const { body, headers } = notification();
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), [v]]));
    expect(provider().parseNotify(upper, Buffer.from(body)).transaction.amountTotal).toBe(12345);
  });

  it('refuses a bad signature, a changed body and missing signature headers', () => {
    const forged = notification({ tamper: 'signature' });
    expect(refusal(() => provider().parseNotify(forged.headers, forged.body))).toBe('signature');
    const good = notification();
    // Same JSON, different bytes: the signature covers the raw body, so re-serialising breaks it.
    expect(refusal(() => provider().parseNotify(good.headers, JSON.stringify(JSON.parse(good.body), null, 1)))).toBe(
      'signature',
    );
    const { 'wechatpay-signature': _, ...unsigned } = good.headers;
    expect(refusal(() => provider().parseNotify(unsigned, good.body))).toBe('signature');
  });

  it('refuses a notification signed by another key under our serial', () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const at = Date.now();
    const { body } = buildNotification(signer, paid, at);
    const headers = lower(signNotification({ ...signer, platformPrivateKey: other.privateKey }, body, at));
    expect(refusal(() => provider().parseNotify(headers, body))).toBe('signature');
  });

  it('refuses a serial that is not our WeChat Pay public key id', () => {
    const { body, headers } = notification();
    expect(
      refusal(() =>
        provider().parseNotify({ ...headers, 'wechatpay-serial': 'PUB_KEY_ID_0000000000000000000000000000' }, body),
      ),
    ).toBe('signature');
    expect(refusal(() => provider({ platformPublicKeyId: 'PUB_KEY_ID_1111' }).parseNotify(headers, body))).toBe(
      'signature',
    );
  });

  it('refuses timestamps more than 5 minutes old or ahead', () => {
    const stale = notification({ tamper: 'stale' });
    expect(refusal(() => provider().parseNotify(stale.headers, stale.body))).toBe('stale');
    const fresh = notification();
    expect(refusal(() => provider({}, () => Date.now() - 6 * 60_000).parseNotify(fresh.headers, fresh.body))).toBe(
      'stale',
    );
    expect(
      provider({}, () => Date.now() + 4 * 60_000).parseNotify(fresh.headers, fresh.body).transaction.tradeState,
    ).toBe('SUCCESS');
  });

  it('refuses a resource that does not decrypt: wrong APIv3 key or corrupted ciphertext', () => {
    const { body, headers } = notification();
    expect(refusal(() => provider({ apiV3Key: randomApiV3Key() }).parseNotify(headers, body))).toBe('decrypt');

    const outer = JSON.parse(body);
    const raw = Buffer.from(outer.resource.ciphertext, 'base64');
    raw[3] ^= 0x40;
    outer.resource.ciphertext = raw.toString('base64');
    const corrupted = JSON.stringify(outer);
    // Validly signed by the platform, so only the GCM tag can catch it.
    const resigned = lower(signNotification(signer, corrupted, Date.now()));
    expect(refusal(() => provider().parseNotify(resigned, corrupted))).toBe('decrypt');
  });

  it('refuses bodies that are not transaction notifications', () => {
    const signed = (body: string) => ({ body, headers: lower(signNotification(signer, body, Date.now())) });
    const notJson = signed('hello');
    expect(refusal(() => provider().parseNotify(notJson.headers, notJson.body))).toBe('shape');

    const refundEvent = JSON.parse(notification().body);
    refundEvent.resource.original_type = 'refund';
    const r = signed(JSON.stringify(refundEvent));
    expect(refusal(() => provider().parseNotify(r.headers, r.body))).toBe('shape');

    const nonce = 'abcdefghijkl';
    const notTx = JSON.parse(notification().body);
    notTx.resource = {
      ...notTx.resource,
      nonce,
      ciphertext: encryptResource(sim.apiV3Key, '{"hello":1}', nonce, 'transaction'),
    };
    const t = signed(JSON.stringify(notTx));
    expect(refusal(() => provider().parseNotify(t.headers, t.body))).toBe('shape');
  });
});

describe('assertTransactionMatches', () => {
  const genuine = notification();
  const tx = provider().parseNotify(genuine.headers, genuine.body).transaction;
  const expected = { outTradeNo: 'P20260101000001', amountFen: 12345 };

  it('passes the transaction of this order, amount, merchant and app', () => {
    expect(() => provider().assertTransactionMatches(tx, expected)).not.toThrow();
  });

  it('refuses another amount, order, mchid or appid', () => {
    const p = provider();
    expect(refusal(() => p.assertTransactionMatches(tx, { ...expected, amountFen: 12346 }))).toBe('mismatch');
    expect(refusal(() => p.assertTransactionMatches(tx, { ...expected, outTradeNo: 'P20260101000002' }))).toBe(
      'mismatch',
    );
    expect(refusal(() => p.assertTransactionMatches({ ...tx, mchid: '1900000002' }, expected))).toBe('mismatch');
    expect(refusal(() => p.assertTransactionMatches({ ...tx, appid: 'wx0b0b0b0b0b0b0b0b' }, expected))).toBe(
      'mismatch',
    );
    expect(() =>
      p.assertTransactionMatches({ ...tx, appid: 'wx0b0b0b0b0b0b0b0b' }, { ...expected, appid: 'wx0b0b0b0b0b0b0b0b' }),
    ).not.toThrow();
  });

  it("catches the simulator's forged 1-fen notification", () => {
    const forged = notification({ tamper: 'amount' });
    const n = provider().parseNotify(forged.headers, forged.body);
    expect(n.transaction.amountTotal).toBe(1);
    expect(refusal(() => provider().assertTransactionMatches(n.transaction, expected))).toBe('mismatch');
  });
});
