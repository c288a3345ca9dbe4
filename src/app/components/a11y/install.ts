import { announceFormErrors } from './announcer.ts';
import { installControlRoles } from './control-roles.ts';
import { installOverlayFocus } from './overlay-focus.ts';

/** What screen readers and keyboards need beyond the markup, installed after the first screen (main.tsx). */
export function installAccessibilityHelpers(): void {
  announceFormErrors();
  installControlRoles();
  installOverlayFocus();
}
