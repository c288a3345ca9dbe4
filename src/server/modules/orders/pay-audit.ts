import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditEvents } from '../../db/schema.ts';

export type PayAuditType = 'pay_notify_refused' | 'pay_notify_closed_order' | 'pay_query_mismatch';

/**
 * Payment events worth a look later (forged or mismatched notifications, money for a closed order)
 * go to audit_events. Never the notification body: it is encrypted payer data.
 */
export async function auditPayment(app: FastifyInstance, type: PayAuditType, entry: { memberId?: number | null; subject?: string; detail: Record<string, string | number | boolean | null> }, request?: FastifyRequest): Promise<void> {
  try {
    await app.db.insert(auditEvents).values({
      type,
      memberId: entry.memberId ?? null,
      subject: (entry.subject ?? '').slice(0, 64),
      ip: request?.ip ?? '',
      userAgent: String(request?.headers['user-agent'] ?? '').slice(0, 512),
      detail: entry.detail,
    });
  } catch (error) {
    app.log.error({ err: error, type }, 'payment audit write failed');
  }
  app.log.warn({ type, subject: entry.subject, ...entry.detail }, 'payment audit');
}
