import type { Config } from '../../config.ts';
import { HttpMailProvider } from './http.ts';
import { MailOutbox } from './outbox.ts';
import type { MailProvider } from './types.ts';

export type { MailAttachment, MailProvider } from './types.ts';

/**
 * The HTTP mail API when MAIL_PROVIDER_URL is set, otherwise the in-memory development outbox.
 * Production without one would silently never deliver an invoice, so it is refused.
 */
export function createMailProvider(
  config: Pick<Config, 'production' | 'MAIL_PROVIDER_URL' | 'MAIL_PROVIDER_KEY' | 'MAIL_FROM'>,
): MailProvider {
  if (config.MAIL_PROVIDER_URL)
    return new HttpMailProvider(config.MAIL_PROVIDER_URL, config.MAIL_PROVIDER_KEY ?? '', config.MAIL_FROM);
  if (config.production) {
    throw new Error(
      'MAIL_PROVIDER_URL is required in production: without it invoice mails would only go to the development outbox',
    );
  }
  return new MailOutbox(config.MAIL_FROM);
}
