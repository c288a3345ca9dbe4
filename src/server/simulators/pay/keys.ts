import { createPublicKey, type KeyObject } from 'node:crypto';
import type { Config } from '../../config.ts';
import { resolvePayCredentials } from '../../providers/pay/credentials.ts';
import { loadSimulatorKeys } from '../../providers/pay/simulator-keys.ts';
import { privateKeyFromPem } from '../../providers/pay/wechatpay-crypto.ts';

/** What the simulated WeChat Pay knows about our merchant, and its own signing key. */
export interface PaySimulatorKeys {
  mchid: string;
  /** App ids bound to the merchant number (orders with another appid are refused). */
  appids: string[];
  merchantSerial: string;
  /** Checks the merchant's request signatures (WeChat holds the merchant certificate). */
  merchantPublicKey: KeyObject;
  /** The provider's key (tests use it to sign by hand). */
  merchantPrivateKey: KeyObject;
  apiV3Key: string;
  /** Signs answers and notifications. */
  platformPrivateKey: KeyObject;
  platformPublicKey: KeyObject;
  platformPublicKeyId: string;
}

export type PaySimulatorConfig = Parameters<typeof resolvePayCredentials>[0] &
  Pick<Config, 'WECHAT_OA_APPID' | 'WECHAT_MP_APPID'>;

const cache = new WeakMap<object, PaySimulatorKeys>();

/**
 * The simulator's keys for a configuration: the same merchant key, serial, APIv3 key and public key
 * id the provider uses (configured ones or the generated set in DATA_DIR), and the generated
 * platform private key. Tests use it to forge or check signatures.
 */
export function getSimulatorKeys(config: PaySimulatorConfig): PaySimulatorKeys {
  let keys = cache.get(config);
  if (!keys) {
    const creds = resolvePayCredentials(config);
    const sim = loadSimulatorKeys(config.DATA_DIR);
    const platformPrivateKey = privateKeyFromPem(sim.platformPrivateKey);
    keys = {
      mchid: creds.mchid,
      appids: [...new Set([creds.appid, config.WECHAT_OA_APPID, config.WECHAT_MP_APPID])],
      merchantSerial: creds.merchantSerial,
      merchantPublicKey: createPublicKey(creds.merchantKey),
      merchantPrivateKey: creds.merchantKey,
      apiV3Key: creds.apiV3Key,
      platformPrivateKey,
      platformPublicKey: createPublicKey(platformPrivateKey),
      platformPublicKeyId: creds.platformPublicKeyId,
    };
    cache.set(config, keys);
  }
  return keys;
}
