import { getJssdkConfig } from '../api/wechat.ts';
import { getEntryUrl, isIOS, isMiniProgram, isWeChat } from './env.ts';

type Wx = typeof import('weixin-js-sdk').default;

/** The SDK is only of use inside WeChat, so it is loaded there only. */
export async function loadWx(): Promise<Wx> {
  return (await import('weixin-js-sdk')).default;
}

const JS_API_LIST: Parameters<Wx['config']>[0]['jsApiList'] = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'chooseWXPay',
  'chooseImage',
  'uploadImage',
  'previewImage',
  'scanQRCode',
];

let signedUrl: string | null = null;
let resignedAfterError = false;

/** iOS WeChat checks the signature against the landing URL, Android against the current one. */
function urlToSign(): string {
  return isIOS() ? getEntryUrl() : window.location.href.split('#')[0];
}

/**
 * Configures the JS-SDK with a server signature (docs/domain.md#js-sdk), only inside WeChat (not in a
 * mini-program web-view). Call on entry and after each navigation: it signs again only when the
 * URL to sign changed.
 */
export async function configureJssdk(): Promise<void> {
  if (!isWeChat() || isMiniProgram()) return;
  const url = urlToSign();
  if (url === signedUrl) return;
  signedUrl = url;
  try {
    const [wx, config] = await Promise.all([loadWx(), getJssdkConfig(url)]);
    wx.config({ debug: false, ...config, jsApiList: JS_API_LIST });
  } catch {
    signedUrl = null;
  }
}

/** A rejected signature (e.g. the URL changed under us) is fetched again once. */
export function installJssdkErrorHandler(): void {
  if (!isWeChat() || isMiniProgram()) return;
  void loadWx().then((wx) =>
    wx.error(() => {
      if (resignedAfterError) return;
      resignedAfterError = true;
      signedUrl = null;
      void configureJssdk();
    }),
  );
}
