import { createCipheriv, createPublicKey, generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { resolvePayCredentials } from './credentials.ts';
import { createPayProvider, toChooseWXPayParams } from './index.ts';
import { loadSimulatorKeys, SIMULATOR_KEY_FILE } from './simulator-keys.ts';
import {
  authorizationHeader,
  decryptResource,
  encryptResource,
  isFreshTimestamp,
  parseAuthorization,
  randomApiV3Key,
} from './wechatpay-crypto.ts';
import { rfc3339Beijing } from './wechatpay-wire.ts';

describe('AEAD_AES_256_GCM resources', () => {
  const key = randomApiV3Key();

  it('opens what WeChat seals: ciphertext ‖ 16-byte tag, 12-byte nonce, associated data as AAD', () => {
    // Sealed independently with node:crypto, the way WeChat's documentation describes it.
    const nonce = 'fdasflkja484';
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from('transaction'));
    const sealed = Buffer.concat([
      cipher.update('{"out_trade_no":"A123456"}'),
      cipher.final(),
      cipher.getAuthTag(),
    ]).toString('base64');
    expect(decryptResource(key, sealed, nonce, 'transaction')).toBe('{"out_trade_no":"A123456"}');
  });

  it('refuses a wrong key, nonce, AAD or a flipped byte', () => {
    const sealed = encryptResource(key, 'secret', 'abcdefghijkl', 'transaction');
    expect(decryptResource(key, sealed, 'abcdefghijkl', 'transaction')).toBe('secret');
    expect(() => decryptResource(randomApiV3Key(), sealed, 'abcdefghijkl', 'transaction')).toThrow();
    expect(() => decryptResource(key, sealed, 'abcdefghijkm', 'transaction')).toThrow();
    expect(() => decryptResource(key, sealed, 'abcdefghijkl', 'refund')).toThrow();
    const raw = Buffer.from(sealed, 'base64');
    raw[0] ^= 1;
    expect(() => decryptResource(key, raw.toString('base64'), 'abcdefghijkl', 'transaction')).toThrow();
  });

  it('needs a 32-byte APIv3 key', () => {
    expect(() => encryptResource('short', 'x', 'abcdefghijkl', '')).toThrow(/32 bytes/);
  });
});

describe('Authorization header', () => {
  it('round-trips the WECHATPAY2-SHA256-RSA2048 fields and refuses other schemes', () => {
    const parts = {
      mchid: '1900000001',
      nonce_str: 'N0NCE',
      signature: 'c2ln+/==',
      timestamp: '1700000000',
      serial_no: 'ABC123',
    };
    const header = authorizationHeader(parts);
    expect(header).toBe(
      'WECHATPAY2-SHA256-RSA2048 mchid="1900000001",nonce_str="N0NCE",signature="c2ln+/==",timestamp="1700000000",serial_no="ABC123"',
    );
    expect(parseAuthorization(header)).toEqual(parts);
    expect(parseAuthorization(header.replace('WECHATPAY2', 'WECHATPAY1'))).toBeNull();
    expect(parseAuthorization(header.replace(',serial_no="ABC123"', ''))).toBeNull();
    expect(parseAuthorization(undefined)).toBeNull();
  });

  it('treats timestamps more than 5 minutes off as stale', () => {
    const now = 1_700_000_000_000;
    expect(isFreshTimestamp('1700000299', now)).toBe(true);
    expect(isFreshTimestamp('1699999700', now)).toBe(true);
    expect(isFreshTimestamp('1700000301', now)).toBe(false);
    expect(isFreshTimestamp('1699999699', now)).toBe(false);
    expect(isFreshTimestamp('17e8', now)).toBe(false);
  });
});

describe('times', () => {
  it('are written as WeChat writes them: RFC 3339 in Beijing time', () => {
    expect(rfc3339Beijing(new Date('2026-01-01T18:30:05.123Z'))).toBe('2026-01-02T02:30:05+08:00');
  });
});

describe('JSAPI pay parameters', () => {
  const config = loadConfig({ DATA_DIR: 'memory://pay-params' });
  const pay = createPayProvider(config, () => 'http://127.0.0.1:1');
  const merchantPublicKey = createPublicKey(loadSimulatorKeys('memory://pay-params').merchantPrivateKey);

  it('sign exactly "appId\\ntimeStamp\\nnonceStr\\npackage\\n" with the merchant key', () => {
    const before = Math.floor(Date.now() / 1000);
    const p = pay.buildPayParams('wx201410272009395522657a690389285100');
    expect(p).toMatchObject({
      appId: config.WECHAT_OA_APPID,
      package: 'prepay_id=wx201410272009395522657a690389285100',
      signType: 'RSA',
    });
    expect(p.timeStamp).toMatch(/^\d{10}$/);
    expect(Number(p.timeStamp)).toBeGreaterThanOrEqual(before);
    expect(p.nonceStr).toMatch(/^[A-Z0-9]{32}$/);
    const message = `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
    expect(verify('sha256', Buffer.from(message), merchantPublicKey, Buffer.from(p.paySign, 'base64'))).toBe(true);
    expect(
      verify('sha256', Buffer.from(message.slice(0, -1)), merchantPublicKey, Buffer.from(p.paySign, 'base64')),
    ).toBe(false);
  });

  it('sign the app id the order was made with', () => {
    const p = pay.buildPayParams('wx1', { appId: config.WECHAT_MP_APPID });
    const message = `${config.WECHAT_MP_APPID}\n${p.timeStamp}\n${p.nonceStr}\nprepay_id=wx1\n`;
    expect(verify('sha256', Buffer.from(message), merchantPublicKey, Buffer.from(p.paySign, 'base64'))).toBe(true);
  });

  it('become wx.chooseWXPay parameters with lowercase timestamp and no appId', () => {
    const p = pay.buildPayParams('wx2');
    const c = toChooseWXPayParams(p);
    expect(c).toEqual({
      timestamp: p.timeStamp,
      nonceStr: p.nonceStr,
      package: 'prepay_id=wx2',
      signType: 'RSA',
      paySign: p.paySign,
    });
    expect(c).not.toHaveProperty('timeStamp');
    expect(c).not.toHaveProperty('appId');
  });
});

describe('keys', () => {
  it('of the simulator are generated once and kept in DATA_DIR', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wxpay-'));
    const first = loadSimulatorKeys(dir);
    const file = join(dir, SIMULATOR_KEY_FILE);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.platformPublicKeyId).toMatch(/^PUB_KEY_ID_\d+$/);
    expect(first.apiV3Key).toHaveLength(32);
    expect(loadSimulatorKeys(dir)).toBe(first);
  });

  it('configured as one-line PEM with \\n escapes are accepted', () => {
    const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const oneLine = (pem: string) => pem.trim().replace(/\n/g, '\\n');
    const apiV3Key = randomApiV3Key();
    const config = loadConfig({
      DATA_DIR: 'memory://unused',
      WECHAT_PAY_MERCHANT_KEY: oneLine(merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string),
      WECHAT_PAY_MERCHANT_SERIAL: randomBytes(20).toString('hex').toUpperCase(),
      WECHAT_PAY_APIV3_KEY: apiV3Key,
      WECHAT_PAY_PUBLIC_KEY: oneLine(platform.publicKey.export({ type: 'spki', format: 'pem' }) as string),
      WECHAT_PAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0114232134912410000000000000',
    });
    const creds = resolvePayCredentials(config);
    expect(creds.merchantKey.asymmetricKeyType).toBe('rsa');
    expect(creds.platformPublicKey.export({ type: 'spki', format: 'der' })).toEqual(
      platform.publicKey.export({ type: 'spki', format: 'der' }),
    );
    expect(creds.apiV3Key).toBe(apiV3Key);
  });

  it('that are not PEM keys, or missing in production, stop the configuration', () => {
    expect(() => loadConfig({ WECHAT_PAY_MERCHANT_KEY: 'not a key' })).toThrow(/WECHAT_PAY_MERCHANT_KEY/);
    expect(() => loadConfig({ WECHAT_PAY_APIV3_KEY: 'too-short' })).toThrow(/WECHAT_PAY_APIV3_KEY/);
    expect(() => loadConfig({ PRODUCTION: 'true' })).toThrow(/WECHAT_PAY_MERCHANT_KEY: required in production/);
  });
});
