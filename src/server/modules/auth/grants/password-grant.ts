import { writeAudit } from '../../../db/audit.ts';
import { AppError } from '../../../lib/app-error.ts';
import { verifyPassword } from '../../../lib/password.ts';
import { auditSubject, countPasswordFailures } from '../audit.ts';
import { auditSuccess, failSignin, type GrantHandler } from '../grant-context.ts';
import { findMemberByLogin } from '../repository.ts';
import { issueTokens } from '../token-issuer.ts';

/** After this many failed passwords within the window, the login name is locked until they age out. */
export const PASSWORD_LOCK_FAILURES = 5;
export const PASSWORD_LOCK_WINDOW_MS = 15 * 60 * 1000;
export const PASSWORD_LOCK_MSG = '密码错误次数过多，账号已临时锁定，请 15 分钟后再试';

/**
 * `member_password`: username (or mobile) and password. Unknown user and wrong password get the
 * same answer (A0210) after the same argon2 work; a disabled account is told only after a correct password.
 */
export const passwordGrant: GrantHandler = async (ctx) => {
  const { db } = ctx.app;
  const login = ctx.fields.username!.trim();
  const subject = auditSubject(login);
  const member = await findMemberByLogin(db, login);

  const since = new Date(Date.now() - PASSWORD_LOCK_WINDOW_MS);
  if (await countPasswordFailures(db, { memberId: member?.id, subject }, since) >= PASSWORD_LOCK_FAILURES) {
    await writeAudit(db, ctx.request, { type: 'signin_locked', memberId: member?.id ?? null, subject, detail: { grant: 'member_password' } });
    throw new AppError('A0429', PASSWORD_LOCK_MSG);
  }

  // Verify against a dummy hash when there is nothing to verify against, so timing does not tell.
  const valid = await verifyPassword(member?.passwordHash ?? ctx.dummyHash, ctx.fields.password!);
  if (!member?.passwordHash || !valid) {
    return failSignin(ctx, 'A0210', { memberId: member?.id ?? null, subject, reason: 'password' });
  }
  if (member.status !== 'active') return failSignin(ctx, 'A0202', { memberId: member.id, subject, reason: 'disabled' });

  await auditSuccess(ctx, { memberId: member.id, subject });
  return issueTokens(ctx.app, member);
};
