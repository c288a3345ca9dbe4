import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type DocumentKind, type ProductContent } from '#shared/catalogue.ts';
import { REQUIRED_READING, type TrailProgress } from '#shared/orders.ts';
import type { Db } from '../../db/client.ts';
import { purchaseEvents } from '../../db/schema.ts';
import type { IssueText } from '../../lib/texts/issues.ts';
import { phrase } from '../../lib/texts/render.ts';

/**
 * The purchase trail (可回溯): what the buyer opened, confirmed, answered and agreed to, with the
 * server's time, and the check submission makes against it.
 */

export type TrailType =
  'page' | 'open' | 'confirm' | 'health' | 'consent' | 'submit' | 'pay_start' | 'paid' | 'cancelled' | 'expired';

export interface TrailEntry {
  memberId: number;
  draftId?: number | null;
  orderId?: number | null;
  versionId?: number | null;
  type: TrailType;
  document?: DocumentKind | null;
  detail?: Record<string, unknown>;
}

/** Who did it, for the audit: address and browser of the request, when there is one. */
export function origin(request?: FastifyRequest): { ip: string; userAgent: string } {
  return { ip: request?.ip ?? '', userAgent: String(request?.headers['user-agent'] ?? '').slice(0, 512) };
}

export async function recordEvent(db: Db, entry: TrailEntry, request?: FastifyRequest): Promise<void> {
  await db.insert(purchaseEvents).values({
    memberId: entry.memberId,
    draftId: entry.draftId ?? null,
    orderId: entry.orderId ?? null,
    versionId: entry.versionId ?? null,
    type: entry.type,
    document: entry.document ?? null,
    detail: entry.detail ?? {},
    ...origin(request),
  });
}

export async function draftEvents(db: Db, draftId: number) {
  return db
    .select()
    .from(purchaseEvents)
    .where(and(eq(purchaseEvents.draftId, draftId), isNull(purchaseEvents.orderId)))
    .orderBy(asc(purchaseEvents.id));
}

type EventRow = Awaited<ReturnType<typeof draftEvents>>[number];

export function healthQuestionIds(content: ProductContent): string[] {
  return content.documents.find((d) => d.kind === 'health')?.questions?.map((q) => q.id) ?? [];
}

/**
 * Progress against one product version: a document counts as confirmed only when a confirmation
 * for this version came after it was opened for this version; the latest health answers and the
 * latest consent decide.
 */
export function progressOf(events: EventRow[], versionId: number, content: ProductContent): TrailProgress {
  const kinds = new Set(content.documents.map((d) => d.kind));
  const required = REQUIRED_READING.filter((k) => kinds.has(k));
  const opened = new Set<DocumentKind>();
  const confirmed = new Set<DocumentKind>();
  let health: TrailProgress['health'] = healthQuestionIds(content).length ? 'pending' : 'none';
  let consent = false;
  for (const e of events) {
    const current = e.versionId === versionId;
    if (e.type === 'open' && current && e.document) opened.add(e.document as DocumentKind);
    if (e.type === 'confirm' && current) {
      for (const kind of (e.detail.documents as DocumentKind[] | undefined) ?? [])
        if (opened.has(kind)) confirmed.add(kind);
    }
    if (e.type === 'health' && current && health !== 'none') health = e.detail.anyYes ? 'blocked' : 'passed';
    if (e.type === 'consent') consent = e.detail.granted === true;
  }
  const ready = required.every((k) => confirmed.has(k)) && (health === 'none' || health === 'passed') && consent;
  return { required, opened: [...opened], confirmed: [...confirmed], health, consent, ready };
}

/** What is missing before submission, one issue per item, in the order the buyer meets them. */
export function trailIssues(progress: TrailProgress): IssueText[] {
  const issues: IssueText[] = [];
  for (const kind of progress.required) {
    if (!progress.opened.includes(kind))
      issues.push({
        field: `documents.${kind}`,
        message: phrase('orders.readDocument', { kind: `documentKind.${kind}` }),
      });
    else if (!progress.confirmed.includes(kind))
      issues.push({
        field: `documents.${kind}`,
        message: phrase('orders.confirmDocument', { kind: `documentKind.${kind}` }),
      });
  }
  if (progress.health === 'pending') issues.push({ field: 'health', message: 'orders.healthRequired' });
  if (progress.health === 'blocked') issues.push({ field: 'health', message: 'order.healthBlocked' });
  if (!progress.consent) issues.push({ field: 'consent', message: 'orders.sensitiveConsent' });
  return issues;
}
