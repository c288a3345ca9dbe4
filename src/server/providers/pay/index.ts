import type { Config } from '../../config.ts';
import { PAY_SIMULATOR_BASE } from '../../lib/api-paths.ts';
import { resolvePayCredentials, type PayCredentialConfig, type PayCredentials } from './credentials.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { WechatPayProvider } from './wechat-pay-provider.ts';

export * from './payment-provider.ts';
export { PayApiError, PayNotifyError, PayTransportError } from './pay-errors.ts';
export type { PayCredentials } from './credentials.ts';

export const WECHAT_PAY_API = 'https://api.mch.weixin.qq.com';

export type PayProviderConfig = PayCredentialConfig & Pick<Config, 'WECHAT_PAY_BASE' | 'wechatSimulator'>;

/**
 * The product's WeChat Pay provider: WECHAT_PAY_BASE when set; otherwise this server's own
 * simulator when the simulator is on (never in production), else the real api.mch.weixin.qq.com.
 */
export function createPayProvider(config: PayProviderConfig, selfUrl: () => string): PaymentProvider {
  const usesOwnSimulator = !config.WECHAT_PAY_BASE && config.wechatSimulator;
  let credentials: PayCredentials | undefined;
  return new WechatPayProvider({
    base: () => config.WECHAT_PAY_BASE ?? (usesOwnSimulator ? `${selfUrl()}${PAY_SIMULATOR_BASE}` : WECHAT_PAY_API),
    credentials: () => (credentials ??= resolvePayCredentials(config)),
    simulatorCashierPath: usesOwnSimulator ? `${PAY_SIMULATOR_BASE}/cashier` : null,
  });
}
