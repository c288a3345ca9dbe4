import type { Config } from '../../config.ts';
import { HttpSmsProvider } from './http.ts';
import { SmsOutbox } from './outbox.ts';
import type { SmsProvider } from './types.ts';

/**
 * The HTTP gateway when SMS_PROVIDER_URL is set, otherwise the in-memory development outbox.
 * Production without a gateway would silently never deliver a code, so it is refused.
 */
export function createSmsProvider(
  config: Pick<Config, 'production' | 'SMS_PROVIDER_URL' | 'SMS_PROVIDER_KEY'>,
): SmsProvider {
  if (config.SMS_PROVIDER_URL) return new HttpSmsProvider(config.SMS_PROVIDER_URL, config.SMS_PROVIDER_KEY ?? '');
  if (config.production) {
    throw new Error(
      'SMS_PROVIDER_URL is required in production: without it SMS codes would only go to the development outbox',
    );
  }
  return new SmsOutbox();
}
