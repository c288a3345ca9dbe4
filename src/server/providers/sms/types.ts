import type { SmsType } from '#shared/constants.ts';

/** One text message: the template is the SMS type, the params fill it (e.g. `{ code, minutes }`). */
export interface SmsMessage {
  phone: string;
  template: SmsType;
  params: Record<string, string>;
}

/** Sends text messages; throws AppError C0120 when the provider cannot. */
export interface SmsProvider {
  readonly kind: 'outbox' | 'http';
  send(message: SmsMessage): Promise<void>;
}
