/*
 * Dialogs and sheets for keyboards and screen readers (docs/accessibility.md#screen-readers).
 * antd-mobile's Popup, CenterPopup, Dialog, ActionSheet and pickers draw their layer into <body>
 * but leave focus where it was, under the mask, and their close icon is an anchor no keyboard
 * reaches. For each layer that opens, this:
 * - marks it a modal dialog named by its heading (unless it says so itself);
 * - makes the app under it inert, so neither focus nor a screen reader's cursor wanders there;
 * - moves focus into it (its body, unless something inside already has it) and keeps Tab inside;
 * - makes the close icon focusable, Enter and Space pressing it, Escape pressing it too;
 * - gives focus back to what had it when the layer closes.
 * Toasts and the snackbar are not layers: they take nothing.
 */

const LAYER = '.adm-popup, .adm-center-popup';
const BODY = '.adm-popup-body, .adm-center-popup-body';
const CLOSE = '.adm-popup-close-icon, .adm-center-popup-close, [data-dialog-close]';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Open {
  layer: Element;
  body: HTMLElement;
  opener: HTMLElement | null;
}

function shown(layer: Element): boolean {
  return layer.isConnected && getComputedStyle(layer).display !== 'none' && layer.querySelector(BODY) !== null;
}

let ids = 0;

/** Names the layer by its heading, unless it is named; a layer whose content loads later gets it then. */
function nameByHeading(body: HTMLElement): void {
  if (body.hasAttribute('aria-label') || body.hasAttribute('aria-labelledby')) return;
  const heading = body.querySelector(
    'h1, h2, h3, .adm-dialog-title, .adm-picker-header-title, .adm-action-sheet-extra',
  );
  if (heading?.textContent?.trim()) {
    heading.id ||= `app-layer-title-${(ids += 1)}`;
    body.setAttribute('aria-labelledby', heading.id);
  }
}

function prepare(body: HTMLElement): void {
  if (!body.hasAttribute('role')) body.setAttribute('role', 'dialog');
  if (body.getAttribute('role') === 'dialog') body.setAttribute('aria-modal', 'true');
  nameByHeading(body);
  if (!body.hasAttribute('tabindex')) body.tabIndex = -1;
  for (const close of body.querySelectorAll<HTMLElement>(CLOSE))
    if (!close.hasAttribute('tabindex')) close.tabIndex = 0;
}

function focusables(body: HTMLElement): HTMLElement[] {
  return [...body.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[aria-hidden="true"]') && el.getClientRects().length > 0,
  );
}

/**
 * Makes inert everything under `container` except the open layers and their ancestors: a layer
 * drawn inside the app (CenterPopup renders in place) stays usable while the rest of the app is not.
 */
function inertOutside(container: Element, layers: Element[], marked: Set<HTMLElement>): void {
  for (const child of container.children) {
    if (!(child instanceof HTMLElement) || layers.includes(child)) continue;
    if (layers.some((layer) => child.contains(layer))) inertOutside(child, layers, marked);
    else if (!child.inert) {
      child.inert = true;
      marked.add(child);
    }
  }
}

/** Installed once, after the first screen; answers the undo. */
export function installOverlayFocus(): () => void {
  const open: Open[] = [];
  const app = document.getElementById('root');
  const marked = new Set<HTMLElement>();
  let pending = 0;

  const markInert = () => {
    for (const el of marked) el.inert = false;
    marked.clear();
    if (!app || open.length === 0) return;
    const layers = open.map((o) => o.layer);
    if (layers.some((layer) => app.contains(layer))) inertOutside(app, layers, marked);
    else {
      app.inert = true;
      marked.add(app);
    }
  };

  const scan = () => {
    pending = 0;
    const layers = [...document.querySelectorAll(LAYER)].filter(shown);
    for (let i = open.length - 1; i >= 0; i -= 1) {
      const entry = open[i];
      if (layers.includes(entry.layer)) {
        nameByHeading(entry.body);
        continue;
      }
      open.splice(i, 1);
      const focus = document.activeElement;
      if (entry.opener?.isConnected && (!focus || focus === document.body || entry.layer.contains(focus)))
        entry.opener.focus({ preventScroll: true });
    }
    for (const layer of layers) {
      if (open.some((o) => o.layer === layer)) continue;
      // CenterPopup puts a given role on a wrapper around its body; other layers have none.
      const body =
        layer.querySelector<HTMLElement>('[role="dialog"], [role="alertdialog"]') ??
        layer.querySelector<HTMLElement>(BODY)!;
      const active = document.activeElement;
      open.push({ layer, body, opener: active instanceof HTMLElement && active !== document.body ? active : null });
      prepare(body);
      if (!body.contains(document.activeElement)) body.focus({ preventScroll: true });
    }
    markInert();
  };
  const later = () => {
    pending ||= requestAnimationFrame(scan);
  };

  const onKey = (event: KeyboardEvent) => {
    const top = open[open.length - 1];
    if (!top) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    if ((event.key === 'Enter' || event.key === ' ') && target?.matches(CLOSE)) {
      event.preventDefault();
      target.click();
    } else if (event.key === 'Escape') {
      top.body.querySelector<HTMLElement>(CLOSE)?.click();
    } else if (event.key === 'Tab') {
      const items = focusables(top.body);
      if (items.length === 0) {
        event.preventDefault();
        top.body.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && (document.activeElement === first || document.activeElement === top.body)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  const observer = new MutationObserver(later);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['style', 'class'],
  });
  document.addEventListener('keydown', onKey, true);
  scan();
  return () => {
    observer.disconnect();
    document.removeEventListener('keydown', onKey, true);
  };
}
