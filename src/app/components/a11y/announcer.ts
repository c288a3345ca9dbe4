/*
 * One pair of live regions for what appears away from where the reader is (docs/accessibility.md#screen-readers):
 * toasts and the errors a form shows under its fields. Visually hidden, always in the page, so a
 * screen reader announces each text put into them.
 */

type Politeness = 'polite' | 'assertive';

const regions = new Map<Politeness, HTMLElement>();

function region(politeness: Politeness): HTMLElement {
  let el = regions.get(politeness);
  if (!el || !el.isConnected) {
    el = document.createElement('div');
    el.className = 'app-visually-hidden';
    el.setAttribute('aria-live', politeness);
    el.setAttribute('aria-atomic', 'true');
    el.dataset.announcer = politeness;
    document.body.appendChild(el);
    regions.set(politeness, el);
  }
  return el;
}

/** Says `text` to a screen reader; the same text twice in a row is said twice. */
export function announce(text: string, politeness: Politeness = 'polite'): void {
  const el = region(politeness);
  el.textContent = '';
  // A change the screen reader notices: emptied first, filled a moment later.
  setTimeout(() => {
    el.textContent = text;
  }, 50);
}

const FORM_ERROR = '.adm-form-item-feedback-error';

/** The label of the form row an error belongs to, so that the reader knows which field it is about. */
function fieldLabel(error: Element): string {
  const item = error.closest('.adm-form-item');
  return (
    item
      ?.querySelector('.adm-form-item-label')
      ?.textContent?.replace(/[*()（）]/g, '')
      .trim() ?? ''
  );
}

/**
 * antd-mobile's forms write a field's error under it, in a plain `div` no screen reader announces:
 * each error that appears or changes is said, after its field's label. Installed once; answers the undo.
 */
export function announceFormErrors(): () => void {
  const said = new WeakMap<Element, string>();
  const observer = new MutationObserver((records) => {
    const errors = new Set<Element>();
    for (const record of records) {
      const target = record.target instanceof Element ? record.target : record.target.parentElement;
      const own = target?.closest(FORM_ERROR);
      if (own) errors.add(own);
      for (const node of record.addedNodes)
        if (node instanceof Element) {
          if (node.matches(FORM_ERROR)) errors.add(node);
          node.querySelectorAll(FORM_ERROR).forEach((e) => errors.add(e));
        }
    }
    const texts: string[] = [];
    for (const error of errors) {
      const text = error.textContent?.trim() ?? '';
      if (!text || said.get(error) === text) continue;
      said.set(error, text);
      const label = fieldLabel(error);
      texts.push(label ? `${label}: ${text}` : text);
    }
    if (texts.length) announce(texts.join('; '), 'assertive');
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}
