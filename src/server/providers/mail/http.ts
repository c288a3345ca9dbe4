import { AppError } from '../../lib/app-error.ts';
import type { MailMessage, MailProvider } from './types.ts';

const TIMEOUT_MS = 10_000;

/**
 * Adapter for an HTTP mail API (a relay in front of SMTP or a provider's send endpoint):
 * `POST {url}` with JSON `{from, to, subject, text, attachments: [{filename, contentType,
 * content (base64)}]}` and `Authorization: Bearer {key}`. Any non-2xx answer, network error or
 * time-out is C0140.
 */
export class HttpMailProvider implements MailProvider {
  readonly kind = 'http';

  constructor(
    private readonly url: string,
    private readonly key: string,
    private readonly from: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(message: MailMessage): Promise<void> {
    let response: Response;
    try {
      response = await this.fetchImpl(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.key}` },
        body: JSON.stringify({
          from: this.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          attachments: (message.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content.toString('base64'),
          })),
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (cause) {
      throw Object.assign(new AppError('C0140'), { cause });
    }
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok)
      throw Object.assign(new AppError('C0140'), { cause: `mail API answered HTTP ${response.status}` });
  }
}
