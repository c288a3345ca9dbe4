import { and, desc, eq } from 'drizzle-orm';
import type { FeedbackKind } from '#shared/feedback.ts';
import type { Db } from '../../db/client.ts';
import { claims, feedback } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

/** Feedback rows. Drizzle queries only; routes decide who may rate what. */

export type FeedbackRow = typeof feedback.$inferSelect;

export interface FeedbackWithClaim {
  row: FeedbackRow;
  claimNo: string | null;
}

export async function insertFeedback(db: Db, values: typeof feedback.$inferInsert): Promise<FeedbackRow> {
  const [row] = await db.insert(feedback).values(values).returning();
  return row;
}

export async function feedbackOfClaim(db: Db, claimId: number): Promise<FeedbackRow | null> {
  const [row] = await db.select().from(feedback).where(eq(feedback.claimId, claimId));
  return row ?? null;
}

export async function listFeedback(
  db: Db,
  memberId: number,
  q: { kind?: FeedbackKind; claimId?: number },
): Promise<FeedbackWithClaim[]> {
  return db
    .select({ row: feedback, claimNo: claims.claimNo })
    .from(feedback)
    .leftJoin(claims, eq(claims.id, feedback.claimId))
    .where(
      and(
        eq(feedback.memberId, memberId),
        q.kind ? eq(feedback.kind, q.kind) : undefined,
        q.claimId !== undefined ? eq(feedback.claimId, q.claimId) : undefined,
      ),
    )
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(100);
}

/** A unique clash on the one-rating-per-claim index (two submits at the same moment). */
export const isClaimRatedClash = (error: unknown): boolean => isUniqueViolation(error, 'feedback_claim_uq');
