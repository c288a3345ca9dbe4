import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from './client.ts';
import type { OutageLog } from './outage-log.ts';
import { auditEvents } from './schema.ts';
import { databaseTrouble } from './unavailable.ts';

/** Every kind of event the audit trail keeps. */
export type AuditType =
  // Sign-in and tokens.
  | 'signin_success'
  | 'signin_failure'
  | 'signin_locked'
  | 'refresh_reuse'
  | 'logout'
  // The member's own account.
  | 'mobile_change'
  | 'password_change'
  | 'password_change_failure'
  | 'password_reset'
  // Payments worth a look later: forged or mismatched notifications, money for a closed order.
  | 'pay_notify_refused'
  | 'pay_notify_closed_order'
  | 'pay_query_mismatch'
  // After the sale, and partners.
  | 'policy_surrender'
  | 'policy_keep'
  | 'partner_relation_removed';

export interface AuditEntry {
  type: AuditType;
  memberId?: number | null;
  /** Who or what: a login name (mobiles masked), a masked openid, an order or policy number; never a password, code or token. */
  subject?: string;
  detail?: Record<string, string | number | boolean | null>;
}

/** Where an event came from: the request's address and browser, when there is a request. */
export interface AuditOrigin {
  ip?: string;
  headers?: IncomingHttpHeaders;
}

/** Writes one event as part of a change's transaction: the event is kept exactly when the change is. */
export async function writeAuditIn(tx: Db | Tx, entry: AuditEntry, origin: AuditOrigin = {}): Promise<void> {
  await tx.insert(auditEvents).values({
    type: entry.type,
    memberId: entry.memberId ?? null,
    subject: entry.subject ?? '',
    ip: origin.ip ?? '',
    userAgent: String(origin.headers?.['user-agent'] ?? '').slice(0, 512),
    detail: entry.detail ?? {},
  });
}

/**
 * Writes one event on its own. A failing audit write is logged, never turned into a failed answer;
 * database trouble is counted with the outage (a request's `server`), not logged per event.
 */
export async function writeAudit(
  db: Db,
  origin: AuditOrigin & { log: FastifyBaseLogger; server?: { databaseOutage?: OutageLog } },
  entry: AuditEntry,
): Promise<void> {
  try {
    await writeAuditIn(db, entry, origin);
  } catch (error) {
    const trouble = databaseTrouble(error);
    if (trouble && origin.server?.databaseOutage) origin.server.databaseOutage.failed(trouble, error);
    else origin.log.error({ err: error, type: entry.type }, 'audit write failed');
  }
}
