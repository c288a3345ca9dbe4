import { BASE_Z_INDEX } from '#shared/constants.ts';

/**
 * Spec §9's base z-index (2000) applied to antd-mobile's layers: every overlay (mask, popup,
 * centre popup, dialog, modal) starts at it, above anything a page stacks (sticky headers,
 * toolbars, the snackbar). antd-mobile reads these CSS variables, defaulting to 1000.
 * The snackbar stays above them as it was above antd-mobile's defaults (BASE + 90), and toasts
 * sit one step above that (BASE + 100): one shown from an open popup or dialog must not be hidden
 * behind that popup's body (which antd-mobile puts 10 above its own mask).
 */
export function layerVariables(base = BASE_Z_INDEX): Record<string, string> {
  return {
    '--adm-mask-z-index': String(base),
    '--adm-popup-z-index': String(base),
    '--adm-center-popup-z-index': String(base),
    '--adm-dialog-z-index': String(base),
    '--adm-modal-z-index': String(base),
    '--adm-popover-z-index': String(base + 30),
    '--app-snackbar-z-index': String(base + 90),
    '--app-toast-z-index': String(base + 100),
  };
}

/** Sets the variables on the document root (once, at boot), where every layer inherits them. */
export function installLayers(root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(layerVariables())) root.style.setProperty(name, value);
}
