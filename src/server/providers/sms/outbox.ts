import type { SmsMessage, SmsProvider } from './types.ts';

export interface OutboxEntry extends SmsMessage {
  sentAt: string;
}

/**
 * Development and test stand-in for an SMS gateway: keeps the last messages in memory, where
 * tests and the dev-only `GET /prod-api/dev/sms-outbox` read them. Never used in production.
 */
export class SmsOutbox implements SmsProvider {
  readonly kind = 'outbox';
  private readonly entries: OutboxEntry[] = [];

  constructor(private readonly capacity = 200) {}

  async send(message: SmsMessage): Promise<void> {
    this.entries.push({ ...message, params: { ...message.params }, sentAt: new Date().toISOString() });
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  /** Messages to this phone, newest first. */
  messagesTo(phone: string, limit = 10): OutboxEntry[] {
    const found: OutboxEntry[] = [];
    for (let i = this.entries.length - 1; i >= 0 && found.length < limit; i -= 1) {
      if (this.entries[i].phone === phone) found.push(this.entries[i]);
    }
    return found;
  }

  /** The newest code sent to this phone (optionally of one type), for tests. */
  lastCode(phone: string, template?: SmsMessage['template']): string | undefined {
    return this.messagesTo(phone, this.capacity).find((m) => !template || m.template === template)?.params.code;
  }
}

export function isOutbox(provider: SmsProvider): provider is SmsOutbox {
  return provider instanceof SmsOutbox;
}
