import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FeedbackKind } from '#shared/feedback.ts';
import { timestampNow } from './columns.ts';
import { members } from './members.ts';
import { claims } from './claims.ts';

/*
 * Feedback ratings (1–5 stars) with an optional comment: on one finished claim of the member's own
 * (at most one per claim, kept by a unique index) or on the service in general (claimId null).
 */
export const feedback = pgTable(
  'feedback',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text().$type<FeedbackKind>().notNull(),
    claimId: integer().references(() => claims.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    comment: text(),
    createdAt: timestampNow(),
  },
  (t) => [
    uniqueIndex('feedback_claim_uq').on(t.claimId),
    index('feedback_member_idx').on(t.memberId, t.createdAt),
    check('feedback_rating_ck', sql`${t.rating} between 1 and 5`),
    check(
      'feedback_kind_ck',
      sql`(${t.kind} = 'claim' and ${t.claimId} is not null) or (${t.kind} = 'service' and ${t.claimId} is null)`,
    ),
  ],
);
