import type { Config } from '../config.ts';
import { createMailProvider, type MailProvider } from './mail/index.ts';
import { createSmsProvider } from './sms/index.ts';
import type { SmsProvider } from './sms/types.ts';
import { createPayProvider, type PaymentProvider } from './pay/index.ts';
import { createWechatProviderFromConfig, type WechatProvider } from './wechat/index.ts';
import { createStorageProvider, type StorageProvider } from './storage/index.ts';

/**
 * Outside services the product talks to, behind interfaces so that development and tests use
 * protocol-faithful simulators and production the real endpoints.
 */
export interface Providers {
  wechat: WechatProvider;
  /** HTTP gateway, or the development outbox when SMS_PROVIDER_URL is unset (refused in production). */
  sms: SmsProvider;
  /** HTTP mail API, or the development outbox when MAIL_PROVIDER_URL is unset (refused in production). */
  mail: MailProvider;
  /** WeChat Pay API v3 (JSAPI): real WeChat, or the local simulator under /wx-sim/pay. */
  pay: PaymentProvider;
  /** Uploaded files: S3-compatible storage, or `${DATA_DIR}/uploads` (memory for a `memory://` DATA_DIR). */
  storage: StorageProvider;
}

/** `selfUrl` answers this server's own base URL once it listens (the simulators live there). */
export function createProviders(config: Config, selfUrl: () => string): Providers {
  return {
    wechat: createWechatProviderFromConfig(config, selfUrl),
    sms: createSmsProvider(config),
    mail: createMailProvider(config),
    pay: createPayProvider(config, selfUrl),
    storage: createStorageProvider(config),
  };
}
