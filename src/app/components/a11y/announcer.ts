/*
 * What appears away from where the reader is, said to screen readers (docs/accessibility.md#screen-readers),
 * each text once in the page (no hidden copy):
 * - toasts are drawn inside a live region that is always in the page (antd-mobile's toast is not
 *   one, and a live region inserted together with its text is not reliably announced);
 * - the errors a form shows under its fields become alerts, and their fields are marked invalid
 *   and described by them.
 */

type Politeness = 'polite' | 'assertive';

const regions = new Map<Politeness, HTMLElement>();

/** The live region toasts of this politeness are drawn in (a box of no size: the toast is fixed). */
export function toastRegion(politeness: Politeness): HTMLElement {
  let el = regions.get(politeness);
  if (!el || !el.isConnected) {
    el = document.createElement('div');
    el.className = 'app-live-region';
    el.setAttribute('aria-live', politeness);
    el.setAttribute('aria-atomic', 'true');
    el.dataset.announcer = politeness;
    document.body.appendChild(el);
    regions.set(politeness, el);
  }
  return el;
}

const FORM_ERROR = '.adm-form-item-feedback-error';
const FIELD = 'input:not([type="hidden"]), textarea, [role="textbox"], [role="radiogroup"], [role="listbox"]';

let ids = 0;

/** An error under a field: an alert, its field invalid and described by it. */
function markError(error: Element): void {
  if (error.getAttribute('role') !== 'alert') error.setAttribute('role', 'alert');
  error.id ||= `app-field-error-${(ids += 1)}`;
  const field = error.closest('.adm-form-item')?.querySelector(FIELD);
  if (!field) return;
  field.setAttribute('aria-invalid', 'true');
  const described = new Set((field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean));
  if (!described.has(error.id)) field.setAttribute('aria-describedby', [...described, error.id].join(' '));
}

/** A field whose error went: valid again, no longer described by a missing element. */
function clearErrors(root: ParentNode): void {
  for (const field of root.querySelectorAll('[aria-invalid="true"]')) {
    if (field.closest('.adm-form-item')?.querySelector(FORM_ERROR)) continue;
    field.removeAttribute('aria-invalid');
    const left = (field.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter((id) => id && !id.startsWith('app-field-error-'));
    if (left.length) field.setAttribute('aria-describedby', left.join(' '));
    else field.removeAttribute('aria-describedby');
  }
}

/**
 * antd-mobile's forms write a field's error under it in a plain `div` no screen reader announces:
 * each one that appears becomes an alert. Installed once with the toasts' regions; answers the undo.
 */
export function announceFormErrors(): () => void {
  toastRegion('polite');
  toastRegion('assertive');
  const observer = new MutationObserver((records) => {
    let removed = false;
    for (const record of records) {
      removed ||= record.removedNodes.length > 0;
      for (const node of record.addedNodes)
        if (node instanceof Element) {
          if (node.matches(FORM_ERROR)) markError(node);
          node.querySelectorAll(FORM_ERROR).forEach(markError);
        }
    }
    if (removed) clearErrors(document);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
}
