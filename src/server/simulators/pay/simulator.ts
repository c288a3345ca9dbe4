import type { PaySimulatorKeys } from './keys.ts';
import { PayLedger, SimPayError, type SimTransaction } from './ledger.ts';
import { NotificationDispatcher, type DeliveryResult, type NotifyTamper } from './notifier.ts';

/** One simulated WeChat Pay: the merchant's keys, its books, and its notification sender. */
export class PaySimulator {
  readonly ledger: PayLedger;
  readonly dispatcher: NotificationDispatcher;

  constructor(
    readonly keys: PaySimulatorKeys,
    readonly now: () => number = Date.now,
    retryDelaysMs?: readonly number[],
  ) {
    this.ledger = new PayLedger(keys);
    this.dispatcher = new NotificationDispatcher(keys, now, retryDelaysMs);
  }

  get merchantName(): string {
    return `保险商城（模拟商户号 ${this.keys.mchid}）`;
  }

  /**
   * The payer confirms: mark paid, then notify (first attempt awaited, retries in the background).
   * `lost`: the notification never arrives, as when every attempt met an outage (test hook).
   */
  async payAndNotify(
    prepayId: string,
    opts: { lost?: boolean } = {},
  ): Promise<{ tx: SimTransaction; notify: DeliveryResult }> {
    const tx = this.ledger.pay(prepayId, this.now());
    if (opts.lost) return { tx, notify: { status: 0, body: '', error: 'lost' } };
    const notify = await this.dispatcher.deliver(tx.notifyUrl, this.ledger.wire(tx));
    return { tx, notify };
  }

  /** Sends the notification of a paid order once more, optionally forged (test hook). */
  async resend(outTradeNo: string, tamper?: NotifyTamper): Promise<DeliveryResult> {
    const tx = this.ledger.find(outTradeNo);
    if (!tx) throw new SimPayError(404, 'ORDER_NOT_EXIST', '订单不存在');
    if (!tx.transactionId) throw new SimPayError(400, 'INVALID_REQUEST', '订单未支付，没有支付通知');
    return this.dispatcher.sendOnce(tx.notifyUrl, this.ledger.wire(tx), tamper);
  }
}
