import type { Config } from '../../config.ts';
import { PAY_SIMULATOR_BASE } from '../../lib/site-paths.ts';
import { resolvePayCredentials, type PayCredentialConfig, type PayCredentials } from './credentials.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { WechatPayProvider } from './wechat-pay-provider.ts';

export * from './payment-provider.ts';
export { PayApiError, PayNotifyError, PayTransportError } from './pay-errors.ts';

export const WECHAT_PAY_API = 'https://api.mch.weixin.qq.com';

export type PayProviderConfig = PayCredentialConfig & Pick<Config, 'WECHAT_PAY_BASE' | 'wechatSimulator'>;

/**
 * The product's WeChat Pay provider: WECHAT_PAY_BASE when set; otherwise this server's own
 * simulator when the simulator is on (never in production), else the real api.mch.weixin.qq.com.
 */
export function createPayProvider(config: PayProviderConfig, selfUrl: () => string): PaymentProvider {
  const usesOwnSimulator = !config.WECHAT_PAY_BASE && config.wechatSimulator;
  // Several instances share one simulated WeChat Pay (scripts/cluster: the first instance's, which
  // the proxy serves under /wx-sim): its cashier page is then still the simulator's.
  const usesSimulator = usesOwnSimulator || (config.wechatSimulator && simulatorPath(config.WECHAT_PAY_BASE));
  let credentials: PayCredentials | undefined;
  return new WechatPayProvider({
    base: () => config.WECHAT_PAY_BASE ?? (usesOwnSimulator ? `${selfUrl()}${PAY_SIMULATOR_BASE}` : WECHAT_PAY_API),
    credentials: () => (credentials ??= resolvePayCredentials(config)),
    simulatorCashierPath: usesSimulator ? `${PAY_SIMULATOR_BASE}/cashier` : null,
  });
}

/** Whether a WeChat Pay base URL is a simulator's (its path is the simulator's mount point). */
function simulatorPath(base: string | undefined): boolean {
  return base !== undefined && new URL(base).pathname.replace(/\/+$/, '') === PAY_SIMULATOR_BASE;
}
