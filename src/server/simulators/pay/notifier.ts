import { randomUUID } from 'node:crypto';
import {
  AUTH_SCHEME,
  encryptResource,
  nonceStr,
  responseMessage,
  signMessage,
  unixSeconds,
} from '../../providers/pay/wechatpay-crypto.ts';
import { rfc3339Beijing, type NotificationWire, type TransactionWire } from '../../providers/pay/wechatpay-wire.ts';
import type { PaySimulatorKeys } from './keys.ts';

/**
 * Payment notifications as WeChat Pay sends them: the transaction JSON encrypted with
 * AEAD_AES_256_GCM under the APIv3 key (associated_data "transaction"), the outer JSON signed with
 * the platform key in Wechatpay-* headers, POSTed to notify_url.
 *
 * Retries in simulator time: WeChat retries a notification answered with anything but 2xx after
 * 15 s, 15 s, 30 s, 3 min, 10 min, … (docs/domain.md#wechat-pay-v3). The simulator keeps the first four intervals,
 * 100 times faster (150 ms, 150 ms, 300 ms, 1.8 s), so a receiver that fails once is seen being
 * retried within a test, and gives up after the fifth attempt.
 */
export const RETRY_DELAYS_MS = [150, 150, 300, 1800] as const;

/** Forged variants for the order tests: a bad signature, a wrong amount (validly signed), an old timestamp. */
export type NotifyTamper = 'signature' | 'amount' | 'stale';
export const NOTIFY_TAMPERS = ['signature', 'amount', 'stale'] as const satisfies readonly NotifyTamper[];

export interface Notification {
  id: string;
  body: string;
}

export interface DeliveryResult {
  /** HTTP status the receiver answered; 0 when it could not be reached. */
  status: number;
  body: string;
  error?: string;
}

type SignerKeys = Pick<PaySimulatorKeys, 'apiV3Key' | 'platformPrivateKey' | 'platformPublicKeyId'>;

/** The outer JSON of a TRANSACTION.SUCCESS notification around the encrypted transaction. */
export function buildNotification(
  keys: SignerKeys,
  tx: TransactionWire,
  nowMs: number,
  tamper?: NotifyTamper,
): Notification {
  const total = tx.amount?.total ?? 0;
  const forged =
    tamper === 'amount'
      ? { ...tx, amount: { ...tx.amount, total: total === 1 ? 2 : 1, payer_total: total === 1 ? 2 : 1 } }
      : tx;
  const nonce = nonceStr(12);
  const id = randomUUID();
  const wire: NotificationWire = {
    id,
    create_time: rfc3339Beijing(new Date(nowMs)),
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: encryptResource(keys.apiV3Key, JSON.stringify(forged), nonce, 'transaction'),
      associated_data: 'transaction',
      nonce,
    },
  };
  return { id, body: JSON.stringify(wire) };
}

/** Fresh Wechatpay-* headers for one delivery attempt (WeChat signs every attempt anew). */
export function signNotification(
  keys: SignerKeys,
  body: string,
  nowMs: number,
  tamper?: NotifyTamper,
): Record<string, string> {
  const timestamp = unixSeconds(tamper === 'stale' ? nowMs - 10 * 60_000 : nowMs);
  const nonce = nonceStr(32);
  let signature = signMessage(keys.platformPrivateKey, responseMessage(timestamp, nonce, body));
  // A signature over another message: well-formed, from the right key, and wrong.
  if (tamper === 'signature')
    signature = signMessage(keys.platformPrivateKey, responseMessage(timestamp, nonce, `${body} `));
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Mozilla/4.0',
    'Wechatpay-Timestamp': timestamp,
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Signature': signature,
    'Wechatpay-Serial': keys.platformPublicKeyId,
    'Wechatpay-Signature-Type': AUTH_SCHEME,
  };
}

export async function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs = 5000,
): Promise<DeliveryResult> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, body: (await res.text()).slice(0, 2000) };
  } catch (error) {
    return { status: 0, body: '', error: (error as Error).message };
  }
}

const ok = (r: DeliveryResult) => r.status >= 200 && r.status <= 299;

/** Sends notifications, retrying failed ones on the (compressed) WeChat schedule until closed. */
export class NotificationDispatcher {
  readonly #timers = new Set<NodeJS.Timeout>();
  #closed = false;

  constructor(
    private readonly keys: SignerKeys,
    private readonly now: () => number = Date.now,
    private readonly delays: readonly number[] = RETRY_DELAYS_MS,
  ) {}

  /** First attempt awaited (its result returned); retries follow in the background on non-2xx. */
  async deliver(url: string, tx: TransactionWire): Promise<DeliveryResult> {
    const n = buildNotification(this.keys, tx, this.now());
    const first = await this.#attempt(url, n);
    if (!ok(first)) this.#retry(url, n, 0);
    return first;
  }

  /** One attempt, no retries (test hook): optionally forged. */
  async sendOnce(url: string, tx: TransactionWire, tamper?: NotifyTamper): Promise<DeliveryResult> {
    const n = buildNotification(this.keys, tx, this.now(), tamper);
    return post(url, n.body, signNotification(this.keys, n.body, this.now(), tamper));
  }

  close(): void {
    this.#closed = true;
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
  }

  #attempt(url: string, n: Notification): Promise<DeliveryResult> {
    return post(url, n.body, signNotification(this.keys, n.body, this.now()));
  }

  #retry(url: string, n: Notification, index: number): void {
    if (this.#closed || index >= this.delays.length) return;
    const timer = setTimeout(async () => {
      this.#timers.delete(timer);
      if (this.#closed) return;
      if (!ok(await this.#attempt(url, n))) this.#retry(url, n, index + 1);
    }, this.delays[index]);
    timer.unref();
    this.#timers.add(timer);
  }
}
