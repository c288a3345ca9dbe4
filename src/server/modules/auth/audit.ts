import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MOBILE_PATTERN } from '#shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';
import { maskMobile } from '../../lib/mask.ts';

export type AuditType = 'signin_success' | 'signin_failure' | 'signin_locked' | 'refresh_reuse' | 'logout';

export interface AuditEntry {
  type: AuditType;
  memberId?: number | null;
  /** Who tried: a username (mobiles masked) or a masked openid; never a password, code or token. */
  subject?: string;
  detail?: Record<string, string | number | boolean | null>;
}

/** A login name as it may appear in the audit trail: mobiles masked. */
export function auditSubject(login: string): string {
  return MOBILE_PATTERN.test(login) ? maskMobile(login) : login.slice(0, 64);
}

/** Openids are personal identifiers: only their ends are kept. */
export function maskOpenid(openid: string): string {
  return openid.length > 10 ? `${openid.slice(0, 4)}…${openid.slice(-4)}` : '****';
}

/** Writes one audit row. A failing audit write is logged, never turned into a failed sign-in answer. */
export async function writeAudit(db: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  try {
    await db.insert(auditEvents).values({
      type: entry.type,
      memberId: entry.memberId ?? null,
      subject: entry.subject ?? '',
      ip: request.ip ?? '',
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512),
      detail: entry.detail ?? {},
    });
  } catch (error) {
    request.log.error({ err: error, type: entry.type }, 'audit write failed');
  }
}

/**
 * Failed password attempts within the window, counted per member when the login names one and per
 * login name otherwise (so unknown names lock the same way as known ones).
 */
export async function countPasswordFailures(db: Db, who: { memberId?: number; subject: string }, since: Date): Promise<number> {
  const target = who.memberId !== undefined
    ? eq(auditEvents.memberId, who.memberId)
    : and(isNull(auditEvents.memberId), eq(auditEvents.subject, who.subject));
  const [row] = await db.select({ n: count() }).from(auditEvents).where(and(
    eq(auditEvents.type, 'signin_failure'),
    sql`${auditEvents.detail}->>'reason' = 'password'`,
    gt(auditEvents.createdAt, since),
    target,
  ));
  return Number(row?.n ?? 0);
}
