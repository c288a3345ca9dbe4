import type { KeyObject } from 'node:crypto';
import type { Config } from '../../config.ts';
import { loadSimulatorKeys } from './simulator-keys.ts';
import { privateKeyFromPem, publicKeyFromPem } from './wechatpay-crypto.ts';

/** Everything the merchant side needs to talk to WeChat Pay v3. */
export interface PayCredentials {
  mchid: string;
  /** Default app id of orders and pay parameters. */
  appid: string;
  merchantKey: KeyObject;
  /** Serial number of the merchant API certificate (serial_no in the Authorization header). */
  merchantSerial: string;
  /** 32-byte APIv3 key (decrypts notification resources). */
  apiV3Key: string;
  /** WeChat Pay public key (verifies answers and notifications). */
  platformPublicKey: KeyObject;
  /** Its id, sent by WeChat as Wechatpay-Serial (`PUB_KEY_ID_…`). */
  platformPublicKeyId: string;
}

export type PayCredentialConfig = Pick<
  Config,
  | 'production'
  | 'DATA_DIR'
  | 'wechatPayMchid'
  | 'wechatPayAppId'
  | 'WECHAT_PAY_MERCHANT_KEY'
  | 'WECHAT_PAY_MERCHANT_SERIAL'
  | 'WECHAT_PAY_APIV3_KEY'
  | 'WECHAT_PAY_PUBLIC_KEY'
  | 'WECHAT_PAY_PUBLIC_KEY_ID'
>;

/**
 * Configured keys win one by one; outside production a missing one comes from the simulator key
 * set in DATA_DIR (the configuration requires all of them in production).
 */
export function resolvePayCredentials(config: PayCredentialConfig): PayCredentials {
  const configured = [
    config.WECHAT_PAY_MERCHANT_KEY,
    config.WECHAT_PAY_MERCHANT_SERIAL,
    config.WECHAT_PAY_APIV3_KEY,
    config.WECHAT_PAY_PUBLIC_KEY,
    config.WECHAT_PAY_PUBLIC_KEY_ID,
  ];
  if (config.production && configured.some((v) => !v)) throw new Error('WeChat Pay keys are required in production');
  const sim = configured.every(Boolean) ? undefined : loadSimulatorKeys(config.DATA_DIR);
  const pick = (value: string | undefined, fallback: keyof NonNullable<typeof sim>): string =>
    value ?? String(sim![fallback]);
  return {
    mchid: config.wechatPayMchid,
    appid: config.wechatPayAppId,
    merchantKey: privateKeyFromPem(pick(config.WECHAT_PAY_MERCHANT_KEY, 'merchantPrivateKey')),
    merchantSerial: pick(config.WECHAT_PAY_MERCHANT_SERIAL, 'merchantSerial'),
    apiV3Key: pick(config.WECHAT_PAY_APIV3_KEY, 'apiV3Key'),
    platformPublicKey: publicKeyFromPem(pick(config.WECHAT_PAY_PUBLIC_KEY, 'platformPublicKey')),
    platformPublicKeyId: pick(config.WECHAT_PAY_PUBLIC_KEY_ID, 'platformPublicKeyId'),
  };
}
