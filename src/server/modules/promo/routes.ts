import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as paths from '#shared/api-paths.ts';
import {
  PROMO_VISITS_PER_MIN,
  PromoStatsSchema,
  PromoVisitAnswerSchema,
  PromoVisitInputSchema,
} from '#shared/promo.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { isActiveRecommender } from '../partners/recommender.ts';
import { productExists, promoStats, recordVisit } from './repository.ts';

/**
 * Promotion (contracts in src/shared/promo.ts). `promo/visits` is open and rate-limited: the H5
 * reports a page open of a link with a `recommendId`; an unknown or non-partner id, or the partner
 * opening their own link, is answered `counted: false` and stores nothing. `promo/stats`: role
 * partner (channel passes every role check), always the caller's own figures.
 */
const promoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['promo'];

  /** The visitor, when the report carries a valid access token; never a refusal (the report is open). */
  async function visitorOf(request: FastifyRequest): Promise<number | null> {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) return null;
    const claims = await app.accessTokens.verify(token).catch(() => null);
    return claims?.memberId ?? null;
  }

  app.post(
    paths.promo.visits.route,
    {
      config: { rateLimit: { max: PROMO_VISITS_PER_MIN, timeWindow: '1 minute' } },
      schema: { tags, body: PromoVisitInputSchema, response: { 200: okSchema(PromoVisitAnswerSchema) } },
    },
    async (request) => {
      const { recommendId, productId, path, visitor } = request.body;
      const memberId = await visitorOf(request);
      if (memberId === recommendId || !(await isActiveRecommender(app.db, recommendId))) {
        request.log.info({ recommendId }, 'promotion visit not counted: own visit or not a partner');
        return ok({ counted: false });
      }
      const product = productId !== undefined && (await productExists(app.db, productId)) ? productId : null;
      const counted = await recordVisit(app.db, {
        recommenderId: recommendId,
        productId: product,
        path,
        visitorKey: visitor,
        memberId,
        at: new Date(),
      });
      return ok({ counted });
    },
  );

  app.get(
    paths.promo.stats.route,
    {
      onRequest: app.requireRole('partner'),
      schema: { tags, response: { 200: okSchema(PromoStatsSchema) } },
    },
    async (request) => ok(await promoStats(app.db, request.member!.memberId)),
  );
};

export default promoRoutes;
