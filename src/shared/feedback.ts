import { z } from 'zod';
import { text } from './text.ts';
import type { ClaimStatus } from './claims.ts';
import { RATING_LENGTH } from './constants.ts';

/**
 * Contracts of feedback ratings (docs/decisions/claim-ratings.md: 5 stars for claim and service feedback):
 * a member rates one of their own claims once it is finished (已结案, 拒赔, 已赔付) — once per claim —
 * or the service in general (any number of times). Stars 1 … RATING_LENGTH, an optional comment.
 * Paths are below `/prod-api/app-api/v1` (api-paths.ts).
 */

export const FEEDBACK_KINDS = ['claim', 'service'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

/** A claim can be rated once it has reached one of these. */
export const RATEABLE_CLAIM_STATUSES: readonly ClaimStatus[] = ['closed', 'rejected', 'paid'];

export const FEEDBACK_COMMENT_MAX = 300;

const rating = z
  .number('feedback.rating')
  .int('feedback.rating')
  .min(1, 'feedback.rating')
  .max(RATING_LENGTH, 'feedback.rating');

/** `POST /feedback`. `claimId` is required for `claim` and not allowed for `service`. */
export const FeedbackInputSchema = z
  .object({
    kind: z.enum(FEEDBACK_KINDS, 'feedback.kind'),
    claimId: z.number('id.claim').int('id.claim').min(1, 'id.claim').max(2_147_483_647, 'id.claim').optional(),
    rating,
    comment: text().trim().max(FEEDBACK_COMMENT_MAX, 'feedback.commentMax').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'claim' && v.claimId === undefined)
      ctx.addIssue({ code: 'custom', path: ['claimId'], message: 'feedback.claimRequired' });
    if (v.kind === 'service' && v.claimId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['claimId'], message: 'feedback.serviceWithClaim' });
  });
export type FeedbackInput = z.input<typeof FeedbackInputSchema>;

/** `GET /feedback`: mine, newest first; `claimId` narrows to one claim. */
export const FeedbackQuerySchema = z.object({
  kind: z.enum(FEEDBACK_KINDS).optional(),
  claimId: text()
    .regex(/^\d{1,10}$/, 'id.claim')
    .transform(Number)
    .optional(),
});

export const FeedbackSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FEEDBACK_KINDS),
  claimId: z.number().int().nullable(),
  claimNo: text().nullable(),
  rating: z.number().int(),
  comment: text().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Feedback = z.infer<typeof FeedbackSchema>;

export const FeedbackListSchema = z.object({ list: z.array(FeedbackSchema), total: z.number().int() });
export type FeedbackList = z.infer<typeof FeedbackListSchema>;
