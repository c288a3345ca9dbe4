import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MOBILE_PATTERN } from '#shared/constants.ts';
import type { MobileChange } from '#shared/session.ts';
import { writeAudit } from '../../db/audit.ts';
import { AppError } from '../../lib/app-error.ts';
import { maskMobile } from '../../lib/mask.ts';
import { memberByMobile } from '../sms/repository.ts';
import { verifySmsCode } from '../sms/verify.ts';
import { setMobile } from './repository.ts';
import { memberChanged, type MemberRow } from '../session/current-member.ts';

/**
 * Moves the member to a new mobile, proven by the `mobile` code sent to that number. Everything
 * that can be refused without the code is refused first, so a mistake does not use the code up.
 */
export async function changeMobile(
  app: FastifyInstance,
  request: FastifyRequest,
  member: MemberRow,
  input: MobileChange,
): Promise<MemberRow> {
  const { mobile, code } = input;
  if (!MOBILE_PATTERN.test(mobile)) throw new AppError('A0150');
  if (member.mobile === mobile) throw new AppError('A0400', 'account.sameMobile');
  const holder = await memberByMobile(app.db, mobile);
  if (holder && holder.id !== member.id) throw new AppError('A0151');
  await verifySmsCode(app.db, { phone: mobile, type: 'mobile', code });
  const updated = await setMobile(app.db, member.id, mobile);
  if (!updated) throw new AppError('A0151');
  await memberChanged(app.database, member.id);
  await writeAudit(app.db, request, {
    type: 'mobile_change',
    memberId: member.id,
    subject: maskMobile(mobile),
    detail: { from: maskMobile(member.mobile) || null, to: maskMobile(mobile) },
  });
  return updated;
}
