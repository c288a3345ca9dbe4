import { isIOS, isWeChat } from '../wechat/env.ts';

function isField(element: Element | null): element is HTMLElement {
  return Boolean(
    element &&
    (element.tagName === 'INPUT' || element.tagName === 'TEXTAREA' || (element as HTMLElement).isContentEditable),
  );
}

/**
 * The soft keyboard (docs/domain.md#wechat-webview): while a field has focus, `html.keyboard-open` hides the fixed
 * bottom bars and a resize keeps the field in view; in iOS WeChat the page stays shifted up after
 * the keyboard closes, leaving a gap, unless it is scrolled once on blur.
 */
export function installKeyboardFix(): void {
  const root = document.documentElement;
  const iosWeChat = isWeChat() && isIOS();
  document.addEventListener('focusin', (event) => {
    if (isField(event.target as Element)) root.classList.add('keyboard-open');
  });
  document.addEventListener('focusout', (event) => {
    if (!isField(event.target as Element)) return;
    setTimeout(() => {
      if (isField(document.activeElement)) return; // moved to the next field: keyboard stays
      root.classList.remove('keyboard-open');
      if (iosWeChat) {
        const top = document.scrollingElement?.scrollTop ?? window.scrollY;
        window.scrollTo(0, Math.max(top - 1, 0));
      }
    }, 0);
  });
  window.addEventListener('resize', () => {
    const active = document.activeElement;
    if (isField(active)) active.scrollIntoView({ block: 'center' });
  });
}
