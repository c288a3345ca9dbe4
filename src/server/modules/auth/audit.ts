import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { MOBILE_PATTERN } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';
import { maskMobile } from '../../lib/mask.ts';

/** A login name as it may appear in the audit trail: mobiles masked. */
export function auditSubject(login: string): string {
  return MOBILE_PATTERN.test(login) ? maskMobile(login) : login.slice(0, 64);
}

/** Openids are personal identifiers: only their ends are kept. */
export function maskOpenid(openid: string): string {
  return openid.length > 10 ? `${openid.slice(0, 4)}…${openid.slice(-4)}` : '****';
}

/** Failure reasons that count towards a sign-in lockout: a wrong password or a wrong SMS code. */
export const LOCKOUT_REASONS = ['password', 'sms_code'] as const;
export type LockoutReason = (typeof LOCKOUT_REASONS)[number];

/**
 * Failed attempts of the given reasons within the window, counted per member when the login names
 * one and per login name otherwise (so unknown names lock the same way as known ones). A member's
 * failures before their latest password reset no longer count: the reset proved the mobile.
 */
export async function countSigninFailures(
  db: Db,
  who: { memberId?: number; subject: string },
  since: Date,
  reasons: readonly LockoutReason[] = LOCKOUT_REASONS,
): Promise<number> {
  const target =
    who.memberId !== undefined
      ? and(eq(auditEvents.memberId, who.memberId), gt(auditEvents.createdAt, latestResetOr(who.memberId, since)))
      : and(isNull(auditEvents.memberId), eq(auditEvents.subject, who.subject));
  const [row] = await db
    .select({ n: count() })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.type, 'signin_failure'),
        inArray(sql`${auditEvents.detail}->>'reason'`, [...reasons]),
        gt(auditEvents.createdAt, since),
        target,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The member's latest password reset, or `since` when there is none. */
function latestResetOr(memberId: number, since: Date) {
  return sql`coalesce((select max(reset.created_at) from audit_events reset
    where reset.member_id = ${memberId} and reset.type = 'password_reset'), ${since.toISOString()}::timestamptz)`;
}
