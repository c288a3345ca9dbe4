/**
 * How much the browser enlarges text beyond what the page asks for: WeChat's font size setting and
 * 关怀模式 (text-size-adjust inside WeChat on iOS, the webview's text zoom on Android), or the
 * phone's own font size. 1 when it does not. A hidden probe's size is compared with the size given.
 */
export function browserTextScale(): number {
  const probe = document.createElement('span');
  probe.textContent = '字';
  probe.setAttribute('aria-hidden', 'true');
  // CSSOM, not a style attribute: the Content-Security-Policy allows it.
  probe.style.position = 'absolute';
  probe.style.visibility = 'hidden';
  probe.style.fontSize = '100px';
  document.body.appendChild(probe);
  const size = parseFloat(getComputedStyle(probe).fontSize) || 100;
  probe.remove();
  return size / 100;
}

/** From this scale on, the reader has asked for large text: 长辈版 is offered. */
export const LARGE_TEXT_SCALE = 1.15;
