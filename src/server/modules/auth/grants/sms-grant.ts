import { isCurrentAgreement } from '#shared/consent.ts';
import { MOBILE_PATTERN } from '#shared/constants.ts';
import { AppError } from '../../../lib/app-error.ts';
import { verifySmsCode } from '../../sms/verify.ts';
import { auditSubject } from '../audit.ts';
import { consentColumns, recordConsent } from '../consent.ts';
import { auditSuccess, failSignin, type GrantHandler } from '../grant-context.ts';
import { findMemberByMobile, findOrCreateMobileMember } from '../repository.ts';
import { assertNotLocked, SMS_LOCK, wrongSecret } from '../signin-lockout.ts';
import { issueTokens } from '../token-issuer.ts';
import { channelOf, recommenderOf } from './wechat-member.ts';

/** Nickname of a member made by an SMS sign-in until they choose one: 用户 and the mobile's last four digits. */
export const mobileNickname = (mobile: string) => `用户${mobile.slice(-4)}`;

/**
 * `sms_code`: a mobile and the `login` code sent to it by `POST sms/login`
 * (docs/decisions/sms-code-sign-in.md). Same limits as the password grant; locked by wrong codes only
 * (docs/decisions/sign-in-lockout.md). The
 * member holding the mobile signs in; a mobile without one becomes a new member (role member),
 * which is why `agreement` must name the legal documents in force for every call of this grant:
 * asking only for new mobiles would tell who has an account.
 */
export const smsCodeGrant: GrantHandler = async (ctx) => {
  const { db } = ctx.app;
  const mobile = ctx.fields.mobile!.trim();
  if (!MOBILE_PATTERN.test(mobile)) throw new AppError('A0150');
  if (!isCurrentAgreement(ctx.fields.agreement)) throw new AppError('A0140');
  const subject = auditSubject(mobile);
  const existing = await findMemberByMobile(db, mobile);
  const failures = await assertNotLocked(ctx, { memberId: existing?.id, subject }, SMS_LOCK);

  try {
    await verifySmsCode(db, { phone: mobile, type: 'login', code: ctx.fields.code!.trim() });
  } catch (error) {
    if (error instanceof AppError && (error.code === 'A0130' || error.code === 'A0131')) {
      const audit = { memberId: existing?.id ?? null, subject, reason: 'sms_code' };
      return failSignin(ctx, error.code, audit, wrongSecret(SMS_LOCK, error.code, failures));
    }
    throw error;
  }

  const { member, created } = existing
    ? { member: existing, created: false }
    : await findOrCreateMobileMember(db, mobile, {
        nickname: mobileNickname(mobile),
        channelId: await channelOf(ctx),
        recommenderId: await recommenderOf(ctx),
        ...consentColumns(),
      });
  if (member.status !== 'active') return failSignin(ctx, 'A0202', { memberId: member.id, subject, reason: 'disabled' });
  if (!created) await recordConsent(ctx.app.database, member.id, ctx.fields.agreement);
  await auditSuccess(ctx, { memberId: member.id, subject, detail: { created } });
  return issueTokens(ctx.app, member);
};
