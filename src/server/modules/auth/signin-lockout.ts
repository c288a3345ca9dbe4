import { writeAudit } from '../../db/audit.ts';
import { AppError } from '../../lib/app-error.ts';
import { phrase, type Phrase } from '../../lib/texts/render.ts';
import { countSigninFailures, type LockoutReason } from './audit.ts';
import type { GrantContext } from './grant-context.ts';

/**
 * After this many failed sign-ins within the window the grant is locked for the account, or the
 * login name when it names none, until they age out (docs/decisions/sign-in-lockout.md).
 */
export const PASSWORD_LOCK_FAILURES = 5;
export const PASSWORD_LOCK_WINDOW_MS = 15 * 60 * 1000;
export const PASSWORD_LOCK_MSG = 'auth.passwordLocked';
export const SMS_LOCK_MSG = 'auth.codeLocked';

/** Which failures lock a grant, and what its refusal says. */
export interface SigninLock {
  reasons: readonly LockoutReason[];
  message: Phrase;
}

/**
 * Wrong SMS codes count against the password too, so switching grants gains a guesser nothing; the
 * SMS grant counts only wrong codes, as a right code proves the phone: the way back for a member who
 * forgot the password (with 忘记密码).
 */
export const PASSWORD_LOCK: SigninLock = { reasons: ['password', 'sms_code'], message: PASSWORD_LOCK_MSG };
export const SMS_LOCK: SigninLock = { reasons: ['sms_code'], message: SMS_LOCK_MSG };

/**
 * Throws A0429 (audited as signin_locked) while the grant is locked for the account or login name;
 * answers the failures counted so far.
 */
export async function assertNotLocked(
  ctx: GrantContext,
  who: { memberId?: number; subject: string },
  lock: SigninLock,
): Promise<number> {
  const since = new Date(Date.now() - PASSWORD_LOCK_WINDOW_MS);
  const failures = await countSigninFailures(ctx.app.db, who, since, lock.reasons);
  if (failures < PASSWORD_LOCK_FAILURES) return failures;
  await writeAudit(ctx.app.db, ctx.request, {
    type: 'signin_locked',
    memberId: who.memberId ?? null,
    subject: who.subject,
    detail: { grant: ctx.fields.grant_type ?? null },
  });
  throw new AppError('A0429', lock.message);
}

/**
 * The refusal of a wrong secret, telling how many tries are left before the lock (in `msg`, and as
 * `triesLeft` in `data` for clients that show it their own way).
 */
export function wrongSecret(
  lock: SigninLock,
  code: 'A0210' | 'A0130' | 'A0131',
  failuresBefore: number,
): { text: Phrase; data: { triesLeft: number } } {
  const left = Math.max(0, PASSWORD_LOCK_FAILURES - failuresBefore - 1);
  const text =
    lock === PASSWORD_LOCK
      ? phrase('auth.passwordTriesLeft', { left })
      : phrase('auth.codeTriesLeft', { left, error: `error.${code}` });
  return { text, data: { triesLeft: left } };
}
