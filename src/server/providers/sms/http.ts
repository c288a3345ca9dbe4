import { AppError } from '../../lib/app-error.ts';
import type { SmsMessage, SmsProvider } from './types.ts';

const TIMEOUT_MS = 5_000;

/**
 * Adapter for an HTTP SMS gateway: `POST {url}` with JSON `{phone, template, params}` and
 * `Authorization: Bearer {key}`. Any non-2xx answer, network error or time-out is C0120.
 */
export class HttpSmsProvider implements SmsProvider {
  readonly kind = 'http';

  constructor(
    private readonly url: string,
    private readonly key: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    let response: Response;
    try {
      response = await this.fetchImpl(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.key}` },
        body: JSON.stringify({ phone: message.phone, template: message.template, params: message.params }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (cause) {
      throw Object.assign(new AppError('C0120'), { cause });
    }
    // Drain the body so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok)
      throw Object.assign(new AppError('C0120'), { cause: `SMS gateway answered HTTP ${response.status}` });
  }
}
