import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FeedbackInputSchema,
  FeedbackListSchema,
  FeedbackQuerySchema,
  FeedbackSchema,
  RATEABLE_CLAIM_STATUSES,
  type Feedback,
} from '#shared/feedback.ts';
import * as paths from '#shared/api-paths.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema, textFor } from '../../lib/envelope.ts';
import { ownClaim } from '../claims/access.ts';
import { feedbackOfClaim, insertFeedback, isClaimRatedClash, listFeedback, type FeedbackRow } from './repository.ts';
import { phrase } from '../../lib/texts/render.ts';

function toFeedback(row: FeedbackRow, claimNo: string | null): Feedback {
  return {
    id: row.id,
    kind: row.kind,
    claimId: row.claimId,
    claimNo,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}

const alreadyRated = () => new AppError('A0409', 'feedback.alreadyRated');

/**
 * Feedback ratings (contracts in src/shared/feedback.ts): `POST /feedback` rates one of the
 * member's own finished claims (once) or the service; `GET /feedback` lists the member's own.
 * Another member's claim answers 404 like a missing one.
 */
const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.authenticate };
  const tags = ['feedback'];

  app.post(
    paths.feedback.list.route,
    {
      ...auth,
      schema: { tags, body: FeedbackInputSchema, response: { 200: okSchema(FeedbackSchema) } },
    },
    async (request) => {
      const { memberId } = request.member!;
      const input = request.body;
      const comment = input.comment ? input.comment : null;
      let claimNo: string | null = null;
      if (input.kind === 'claim') {
        const found = await ownClaim(app.db, memberId, input.claimId!);
        const { status } = found.claim;
        if (!RATEABLE_CLAIM_STATUSES.includes(status)) {
          throw new AppError('A0470', phrase('feedback.claimNotFinished', { status: `claim.status.${status}` }));
        }
        if (await feedbackOfClaim(app.db, found.claim.id)) throw alreadyRated();
        claimNo = found.claim.claimNo;
      }
      try {
        const row = await insertFeedback(app.db, {
          memberId,
          kind: input.kind,
          claimId: input.kind === 'claim' ? input.claimId! : null,
          rating: input.rating,
          comment,
        });
        return ok(toFeedback(row, claimNo), textFor(request, 'feedback.thanks'));
      } catch (error) {
        if (isClaimRatedClash(error)) throw alreadyRated();
        throw error;
      }
    },
  );

  app.get(
    paths.feedback.list.route,
    {
      ...auth,
      schema: { tags, querystring: FeedbackQuerySchema, response: { 200: okSchema(FeedbackListSchema) } },
    },
    async (request) => {
      const rows = await listFeedback(app.db, request.member!.memberId, request.query);
      return ok({ list: rows.map((r) => toFeedback(r.row, r.claimNo)), total: rows.length });
    },
  );
};

export default feedbackRoutes;
