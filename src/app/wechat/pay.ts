import type { PayAnswer } from '#shared/orders.ts';
import { isMiniProgram, isWeChat } from './env.ts';
import { loadWx } from './jssdk.ts';

/**
 * The WeChat pay sheet (`wx.chooseWXPay`, docs/domain.md#js-sdk, #wechat-pay-v3). Its answer only says how the sheet
 * closed: payment is known from the server's order status, never from this "ok".
 */
export type PaySheetResult = 'ok' | 'cancel' | 'fail';

/** The pay sheet exists in WeChat's own browser only (a mini-program web-view has none). */
export function canUsePaySheet(): boolean {
  return isWeChat() && !isMiniProgram();
}

const READY_TIMEOUT_MS = 10_000;

/** Opens the pay sheet with the server's parameters (lower-case `timestamp`, no appId: wx.config has it). */
export async function choosePay(params: PayAnswer['chooseWXPay']): Promise<PaySheetResult> {
  const wx = await loadWx();
  return new Promise((resolve) => {
    let ready = false;
    // A JS-SDK that never gets configured (signature refused) never calls ready: give up then.
    const timer = setTimeout(() => {
      if (!ready) resolve('fail');
    }, READY_TIMEOUT_MS);
    wx.ready(() => {
      ready = true;
      clearTimeout(timer);
      wx.chooseWXPay({
        // Signed as text; the typings say number, WeChat takes the value as given.
        timestamp: params.timestamp as unknown as number,
        nonceStr: params.nonceStr,
        package: params.package,
        signType: params.signType,
        paySign: params.paySign,
        success: () => resolve('ok'),
        cancel: () => resolve('cancel'),
        fail: () => resolve('fail'),
      });
    });
  });
}

/** The address the simulator's cashier returns to, without a previous `wxpay_result`. */
export function payReturnUrl(orderId: number, href = window.location.href): string {
  const url = new URL(href.split('#')[0]);
  url.searchParams.delete(PAY_RESULT_PARAM);
  return `${url.toString()}#/pay/index?orderId=${orderId}`;
}

/** The cashier adds it to the query before `#`: `…/?wxpay_result=ok#/pay/index?orderId=3`. */
export const PAY_RESULT_PARAM = 'wxpay_result';

/**
 * Takes the cashier's `wxpay_result` out of the address (so a reload does not act on it again)
 * and answers it: 'ok', 'cancel' or null.
 */
export function takePayReturn(): 'ok' | 'cancel' | null {
  const url = new URL(window.location.href);
  const value = url.searchParams.get(PAY_RESULT_PARAM);
  if (value === null) return null;
  url.searchParams.delete(PAY_RESULT_PARAM);
  window.history.replaceState(window.history.state, '', url.toString());
  return value === 'ok' ? 'ok' : value === 'cancel' ? 'cancel' : null;
}
