import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REFRESH_TOKEN_HEADER } from '#shared/auth.ts';
import { MOBILE_PATTERN } from '#shared/constants.ts';
import type { PasswordChange, PasswordReset } from '#shared/session.ts';
import { writeAudit } from '../../db/audit.ts';
import { AppError } from '../../lib/app-error.ts';
import { maskMobile } from '../../lib/mask.ts';
import { hashPassword, PASSWORD_RULE, verifyPassword } from '../../lib/password.ts';
import { findRefreshTokenFamily, revokeMemberTokens } from '../auth/refresh-tokens.ts';
import { sessionsEnded } from '../access/session-state.ts';
import { memberByMobile } from '../sms/repository.ts';
import { verifySmsCode } from '../sms/verify.ts';
import { countOldPasswordFailures, revokeOtherFamilies, setPasswordHash } from './repository.ts';
import { memberChanged, type MemberRow } from '../session/current-member.ts';
import { phrase } from '../../lib/texts/render.ts';

/** Wrong old passwords allowed per member in the window before `members/me/password` answers A0429. */
export const OLD_PASSWORD_MAX_FAILURES = 5;
export const OLD_PASSWORD_WINDOW_MIN = 15;

function checkRule(password: string): void {
  if (!PASSWORD_RULE.test(password)) throw new AppError('A0120');
}

/** The refresh-token family of this browser (header `x-refresh-token`), when it is the member's. */
async function callerFamily(app: FastifyInstance, request: FastifyRequest, memberId: number): Promise<string | null> {
  const header = request.headers[REFRESH_TOKEN_HEADER];
  // Without the refresh token, the session the access token was issued to is the caller's.
  if (typeof header !== 'string' || !header.trim() || header.length > 256) return request.member?.sessionId ?? null;
  const family = await findRefreshTokenFamily(app.db, header.trim());
  return family?.memberId === memberId ? family.familyId : null;
}

async function checkOldPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  member: MemberRow,
  input: PasswordChange,
): Promise<void> {
  if (!input.oldPassword) throw new AppError('A0410', 'account.oldPasswordRequired');
  const since = new Date(Date.now() - OLD_PASSWORD_WINDOW_MIN * 60_000);
  if ((await countOldPasswordFailures(app.db, member.id, since)) >= OLD_PASSWORD_MAX_FAILURES) {
    throw new AppError('A0429', phrase('account.oldPasswordLocked', { minutes: OLD_PASSWORD_WINDOW_MIN }));
  }
  if (!(await verifyPassword(member.passwordHash, input.oldPassword))) {
    await writeAudit(app.db, request, { type: 'password_change_failure', memberId: member.id });
    throw new AppError('A0121');
  }
  if (input.newPassword === input.oldPassword) throw new AppError('A0120', 'account.samePassword');
}

/** A member without a password (WeChat only) proves the account with a `bind` code to their own mobile. */
async function checkBindCode(app: FastifyInstance, member: MemberRow, input: PasswordChange): Promise<void> {
  if (!member.mobile) throw new AppError('A0400', 'account.mobileFirst');
  if (!input.code) throw new AppError('A0410', 'account.smsCodeRequired');
  await verifySmsCode(app.db, { phone: member.mobile, type: 'bind', code: input.code });
}

/**
 * Changes (or first sets) the signed-in member's password, then ends every other session: a thief
 * holding a refresh token loses it, while this browser's family (if it says which) stays.
 */
export async function changePassword(
  app: FastifyInstance,
  request: FastifyRequest,
  member: MemberRow,
  input: PasswordChange,
): Promise<void> {
  checkRule(input.newPassword);
  const hadPassword = Boolean(member.passwordHash);
  if (hadPassword) await checkOldPassword(app, request, member, input);
  else await checkBindCode(app, member, input);
  await setPasswordHash(app.db, member.id, await hashPassword(input.newPassword));
  await memberChanged(app.database, member.id);
  const revoked = await revokeOtherFamilies(app.db, member.id, await callerFamily(app, request, member.id));
  await sessionsEnded(app.database);
  await writeAudit(app.db, request, {
    type: 'password_change',
    memberId: member.id,
    detail: { method: hadPassword ? 'old_password' : 'sms', revoked },
  });
}

/**
 * A visitor who forgot the password sets a new one with a `repassword` code. A mobile without an
 * active account is answered exactly like a wrong code (A0130): the call never tells who has an
 * account. Every session of the account ends.
 */
export async function resetPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  input: PasswordReset,
): Promise<void> {
  if (!MOBILE_PATTERN.test(input.mobile)) throw new AppError('A0150');
  checkRule(input.newPassword);
  // The code first, for every mobile alike: same work, same attempt counting, same answers.
  await verifySmsCode(app.db, { phone: input.mobile, type: 'repassword', code: input.code });
  const holder = await memberByMobile(app.db, input.mobile);
  if (!holder || holder.status !== 'active') throw new AppError('A0130');
  await setPasswordHash(app.db, holder.id, await hashPassword(input.newPassword));
  await memberChanged(app.database, holder.id);
  const revoked = await revokeMemberTokens(app.db, holder.id);
  await sessionsEnded(app.database);
  await writeAudit(app.db, request, {
    type: 'password_reset',
    memberId: holder.id,
    subject: maskMobile(input.mobile),
    detail: { revoked },
  });
}
