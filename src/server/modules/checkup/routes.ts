import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as paths from '#shared/api-paths.ts';
import { CheckupQuoteInputSchema, CheckupQuoteSchema, CheckupSchema } from '#shared/checkup.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { checkupOf } from './checkup.ts';
import { quoteGap } from './quote.ts';

/**
 * The family cover check-up (保障体检; contracts in src/shared/checkup.ts). Members only; each sees
 * and quotes for only their own persons and policies.
 */
const checkupRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.authenticate };
  const tags = ['checkup'];

  app.get(
    paths.checkup.overview.route,
    {
      ...auth,
      schema: { tags, response: { 200: okSchema(CheckupSchema) } },
    },
    async (request, reply) =>
      ok((await checkupOf(app.db, request.member!.memberId, requestLanguage(request, reply))).answer),
  );

  app.post(
    paths.checkup.quote.route,
    {
      ...auth,
      schema: { tags, body: CheckupQuoteInputSchema, response: { 200: okSchema(CheckupQuoteSchema) } },
    },
    async (request, reply) =>
      ok(await quoteGap(app, request.member!.memberId, request.body.category, requestLanguage(request, reply))),
  );
};

export default checkupRoutes;
