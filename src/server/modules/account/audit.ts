import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';

/** Account changes in the audit trail, next to the sign-in events of the token service. */
export type AccountAuditType = 'mobile_change' | 'password_change' | 'password_change_failure' | 'password_reset';

export interface AccountAuditEntry {
  type: AccountAuditType;
  memberId: number | null;
  /** Masked mobile or username; never a password, code or token. */
  subject?: string;
  detail?: Record<string, string | number | boolean | null>;
}

/** Writes one row; a failing audit write is logged, never turned into a failed change. */
export async function writeAccountAudit(db: Db, request: FastifyRequest, entry: AccountAuditEntry): Promise<void> {
  try {
    await db.insert(auditEvents).values({
      type: entry.type,
      memberId: entry.memberId,
      subject: entry.subject ?? '',
      ip: request.ip ?? '',
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512),
      detail: entry.detail ?? {},
    });
  } catch (error) {
    request.log.error({ err: error, type: entry.type }, 'audit write failed');
  }
}

/** Wrong old passwords the member gave to `members/me/password` since the time given. */
export async function countOldPasswordFailures(db: Db, memberId: number, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditEvents).where(and(
    eq(auditEvents.type, 'password_change_failure'),
    eq(auditEvents.memberId, memberId),
    gt(auditEvents.createdAt, since),
  ));
  return Number(row?.n ?? 0);
}
