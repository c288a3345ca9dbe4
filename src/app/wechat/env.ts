/** The WeChat in-app browser (its user agent carries MicroMessenger). */
export function isWeChat(ua = navigator.userAgent): boolean {
  return /MicroMessenger/i.test(ua);
}

/**
 * WeChat (and a mini-program's web-view) draws its own title bar, with a back button, showing
 * `document.title`: the H5's own title bar would repeat it, so it is left out there.
 */
export function hasHostTitleBar(ua = navigator.userAgent): boolean {
  return isWeChat(ua);
}

/**
 * Inside a mini-program web-view (`window.__wxjs_environment`, declared by weixin-js-sdk): no web
 * OAuth there; the mini-program hands over a code.
 */
export function isMiniProgram(ua = navigator.userAgent): boolean {
  return window.__wxjs_environment === 'miniprogram' || /miniProgram/i.test(ua);
}

export function isIOS(ua = navigator.userAgent): boolean {
  return /iPhone|iPad|iPod/i.test(ua);
}

let entryUrl: string | null = null;

/**
 * The landing URL without `#…`, saved before the router or the sign-in change the address: iOS
 * WeChat signs JS-SDK pages by the URL it first opened (docs/domain.md#js-sdk).
 */
export function captureEntryUrl(): void {
  entryUrl ??= window.location.href.split('#')[0];
}

export function getEntryUrl(): string {
  return entryUrl ?? window.location.href.split('#')[0];
}
