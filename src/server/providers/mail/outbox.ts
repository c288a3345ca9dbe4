import type { MailMessage, MailProvider } from './types.ts';

export interface MailOutboxEntry extends MailMessage {
  from: string;
  sentAt: string;
}

/**
 * Development and test stand-in for a mail service: keeps the last mails (attachments included)
 * in memory, where tests and the dev-only `GET /prod-api/dev/mail-outbox` read them. Never used
 * in production, like the SMS outbox.
 */
export class MailOutbox implements MailProvider {
  readonly kind = 'outbox';
  private readonly entries: MailOutboxEntry[] = [];

  constructor(
    private readonly from: string,
    private readonly capacity = 100,
  ) {}

  async send(message: MailMessage): Promise<void> {
    this.entries.push({
      ...message,
      attachments: (message.attachments ?? []).map((a) => ({ ...a, content: Buffer.from(a.content) })),
      from: this.from,
      sentAt: new Date().toISOString(),
    });
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  /** Mails to this address (compared case-insensitively), newest first. */
  messagesTo(to: string, limit = 20): MailOutboxEntry[] {
    const wanted = to.trim().toLowerCase();
    const found: MailOutboxEntry[] = [];
    for (let i = this.entries.length - 1; i >= 0 && found.length < limit; i -= 1) {
      if (this.entries[i].to.toLowerCase() === wanted) found.push(this.entries[i]);
    }
    return found;
  }
}

export function isMailOutbox(provider: MailProvider): provider is MailOutbox {
  return provider instanceof MailOutbox;
}
