import type { FastifyInstance, FastifyRequest } from 'fastify';
import { writeAudit, type AuditEntry } from '../../db/audit.ts';

export type PayAuditType = 'pay_notify_refused' | 'pay_notify_closed_order' | 'pay_query_mismatch';

/**
 * Payment events worth a look later (forged or mismatched notifications, money for a closed order)
 * go to audit_events and the log. Never the notification body: it is encrypted payer data.
 */
export async function auditPayment(
  app: FastifyInstance,
  type: PayAuditType,
  entry: { memberId?: number | null; subject?: string; detail: NonNullable<AuditEntry['detail']> },
  request?: FastifyRequest,
): Promise<void> {
  await writeAudit(app.db, request ?? { log: app.log }, {
    type,
    memberId: entry.memberId,
    subject: (entry.subject ?? '').slice(0, 64),
    detail: entry.detail,
  });
  app.log.warn({ type, subject: entry.subject, ...entry.detail }, 'payment audit');
}
