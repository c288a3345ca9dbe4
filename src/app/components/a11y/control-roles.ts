/*
 * antd-mobile names a few controls without saying what they are: an aria-label on a plain div,
 * which a screen reader does not announce as a control (and ARIA forbids on a div without a role).
 * Each gets its role as soon as it is drawn (docs/accessibility.md#screen-readers).
 */

/** antd-mobile's parts that carry a name but no role, and the role they act as. */
const ROLES: readonly { selector: string; role: string }[] = [
  // The clearable Input's clear mark (shown while the field has focus and a value).
  { selector: '.adm-input-clear', role: 'button' },
];

function applyRoles(root: Element): void {
  for (const { selector, role } of ROLES) {
    if (root.matches(selector) && !root.hasAttribute('role')) root.setAttribute('role', role);
    for (const el of root.querySelectorAll(`${selector}:not([role])`)) el.setAttribute('role', role);
  }
}

/** Installed once, after the first screen; answers the undo. */
export function installControlRoles(): () => void {
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) applyRoles(node);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  applyRoles(document.body);
  return () => observer.disconnect();
}
