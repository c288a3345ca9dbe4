import { verifyPassword } from '../../../lib/password.ts';
import { auditSubject } from '../audit.ts';
import { recordConsent } from '../consent.ts';
import { auditSuccess, failSignin, type GrantHandler } from '../grant-context.ts';
import { findMemberByLogin } from '../repository.ts';
import { assertNotLocked, PASSWORD_LOCK, wrongSecret } from '../signin-lockout.ts';
import { issueTokens } from '../token-issuer.ts';

/**
 * `member_password`: username (or mobile) and password. Unknown user and wrong password get the
 * same answer (A0210, with the tries left) after the same argon2 work; a disabled account is told only after a correct password.
 */
export const passwordGrant: GrantHandler = async (ctx) => {
  const { db } = ctx.app;
  const login = ctx.fields.username!.trim();
  const subject = auditSubject(login);
  const member = await findMemberByLogin(db, login);

  const failures = await assertNotLocked(ctx, { memberId: member?.id, subject }, PASSWORD_LOCK);

  // Verify against a dummy hash when there is nothing to verify against, so timing does not tell.
  const valid = await verifyPassword(member?.passwordHash ?? ctx.dummyHash, ctx.fields.password!);
  if (!member?.passwordHash || !valid) {
    const audit = { memberId: member?.id ?? null, subject, reason: 'password' };
    return failSignin(ctx, 'A0210', audit, wrongSecret(PASSWORD_LOCK, 'A0210', failures));
  }
  if (member.status !== 'active') return failSignin(ctx, 'A0202', { memberId: member.id, subject, reason: 'disabled' });

  await recordConsent(ctx.app.database, member.id, ctx.fields.agreement);
  await auditSuccess(ctx, { memberId: member.id, subject });
  return issueTokens(ctx.app, member);
};
