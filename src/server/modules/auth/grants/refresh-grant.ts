import { writeAudit } from '../../../db/audit.ts';
import { AppError } from '../../../lib/app-error.ts';
import { failSignin, type GrantHandler } from '../grant-context.ts';
import { revokeFamily, rotateRefreshToken } from '../refresh-tokens.ts';
import { sessionsEnded } from '../../access/session-state.ts';
import { findMemberById } from '../repository.ts';
import { issueTokens } from '../token-issuer.ts';

/**
 * `refresh_token`: rotates the token (the old one becomes used), refuses a disabled member (and
 * revokes the family), and signs the member's CURRENT roles into the new access token.
 */
export const refreshGrant: GrantHandler = async (ctx) => {
  const { db, config } = ctx.app;
  const result = await rotateRefreshToken(db, ctx.fields.refresh_token!.trim(), config.REFRESH_TOKEN_TTL_S);
  if (result.status === 'invalid') throw new AppError('A0231');
  if (result.status === 'reused') {
    await sessionsEnded(ctx.app.database, result.familyId);
    ctx.request.log.warn(
      { memberId: result.memberId, familyId: result.familyId },
      'refresh token re-used: family revoked',
    );
    await writeAudit(db, ctx.request, {
      type: 'refresh_reuse',
      memberId: result.memberId,
      detail: { familyId: result.familyId },
    });
    throw new AppError('A0231');
  }
  const member = await findMemberById(db, result.memberId);
  if (!member) throw new AppError('A0231');
  if (member.status !== 'active') {
    await revokeFamily(db, result.familyId);
    await sessionsEnded(ctx.app.database, result.familyId);
    return failSignin(ctx, 'A0202', { memberId: member.id, reason: 'disabled' });
  }
  return issueTokens(ctx.app, member, { refreshToken: result.refreshToken, familyId: result.familyId });
};
