import { writeAudit } from '../../db/audit.ts';
import { AppError } from '../../lib/app-error.ts';
import { countSigninFailures } from './audit.ts';
import type { GrantContext } from './grant-context.ts';
import { type Phrase } from '../../lib/texts/render.ts';

/**
 * After this many failed sign-ins (wrong passwords and wrong SMS codes together) within the window,
 * the account, or the login name when it names none, is locked until they age out. The password
 * and the SMS-code grant share the rule, so switching grants gains an attacker nothing.
 */
export const PASSWORD_LOCK_FAILURES = 5;
export const PASSWORD_LOCK_WINDOW_MS = 15 * 60 * 1000;
export const PASSWORD_LOCK_MSG = 'auth.passwordLocked';
export const SMS_LOCK_MSG = 'auth.codeLocked';

/** Throws A0429 (audited as signin_locked) while the account or login name is locked. */
export async function assertNotLocked(
  ctx: GrantContext,
  who: { memberId?: number; subject: string },
  message: Phrase,
): Promise<void> {
  const since = new Date(Date.now() - PASSWORD_LOCK_WINDOW_MS);
  if ((await countSigninFailures(ctx.app.db, who, since)) < PASSWORD_LOCK_FAILURES) return;
  await writeAudit(ctx.app.db, ctx.request, {
    type: 'signin_locked',
    memberId: who.memberId ?? null,
    subject: who.subject,
    detail: { grant: ctx.fields.grant_type ?? null },
  });
  throw new AppError('A0429', message);
}
