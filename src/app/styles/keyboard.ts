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
 *
 * A mouse (or pen) press blurs the field before it is released: the bars come back only after the
 * release, or a bar would appear under the pressed control and take its click (a finger's tap
 * blurs after the release, so it is unaffected).
 */
export function installKeyboardFix(): void {
  const root = document.documentElement;
  const iosWeChat = isWeChat() && isIOS();
  let pressed = false;
  let closeAfterRelease = false;

  const close = () => {
    closeAfterRelease = false;
    if (isField(document.activeElement)) return; // moved to the next field: keyboard stays
    root.classList.remove('keyboard-open');
    if (iosWeChat) {
      const top = document.scrollingElement?.scrollTop ?? window.scrollY;
      window.scrollTo(0, Math.max(top - 1, 0));
    }
  };
  const release = () => {
    pressed = false;
    // After the click this release ends, which the browser sends in the same task.
    if (closeAfterRelease) setTimeout(close, 0);
  };

  document.addEventListener('focusin', (event) => {
    if (isField(event.target as Element)) root.classList.add('keyboard-open');
  });
  document.addEventListener('focusout', (event) => {
    if (!isField(event.target as Element)) return;
    setTimeout(() => {
      if (pressed) closeAfterRelease = true;
      else close();
    }, 0);
  });
  document.addEventListener('pointerdown', () => (pressed = true), true);
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
  window.addEventListener('resize', () => {
    const active = document.activeElement;
    if (isField(active)) active.scrollIntoView({ block: 'center' });
  });
}
