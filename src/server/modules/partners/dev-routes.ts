import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MOBILE_PATTERN } from '#shared/constants.ts';
import { line } from '#shared/text.ts';
import * as paths from '#shared/api-paths.ts';
import { members } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';

/**
 * `POST /prod-api/dev/partners` `{mobile, nickname}`: a new partner recommended by the signed-in
 * partner, as if they had come in through the caller's link and been made a partner by the channel.
 * Lets a development or end-to-end run build partner relations (the product has no call that
 * grants roles). Registered only with DEV_ROUTES=true (refused in production), like the SMS outbox.
 */
const devPartnerRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.devRoutes) return;
  app.post(
    paths.devTools.partners.route,
    {
      onRequest: app.requireRole('partner'),
      schema: {
        tags: ['dev'],
        body: z.object({ mobile: line().regex(MOBILE_PATTERN), nickname: line().trim().min(1).max(30) }),
        response: { 200: okSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const [row] = await app.db
        .insert(members)
        .values({
          mobile: request.body.mobile,
          nickname: request.body.nickname,
          roles: ['member', 'partner'],
          recommenderId: request.member!.memberId,
        })
        .onConflictDoNothing()
        .returning({ id: members.id });
      if (!row) throw new AppError('A0151');
      return ok({ id: row.id });
    },
  );
};

export default devPartnerRoutes;
