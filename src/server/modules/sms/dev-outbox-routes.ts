import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { line, text } from '#shared/text.ts';
import { MOBILE_PATTERN, SMS_TYPES } from '#shared/constants.ts';
import * as paths from '#shared/api-paths.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { isOutbox } from '../../providers/sms/outbox.ts';

const OutboxEntrySchema = z.object({
  phone: text(),
  template: z.enum(SMS_TYPES),
  params: z.record(text(), text()),
  sentAt: text(),
});

/**
 * `GET /prod-api/dev/sms-outbox?phoneNumber=`: the newest messages the development outbox "sent"
 * to a phone, so a developer or an end-to-end test can read the code. Registered only with
 * DEV_ROUTES=true, never in production (and production has no outbox).
 */
const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const outbox = app.providers.sms;
  if (!app.config.devRoutes || !isOutbox(outbox)) return;
  app.get(
    paths.devTools.smsOutbox.route,
    {
      schema: {
        tags: ['dev'],
        querystring: z.object({ phoneNumber: line() }),
        response: { 200: okSchema(z.array(OutboxEntrySchema)) },
      },
    },
    async (request) => {
      if (!MOBILE_PATTERN.test(request.query.phoneNumber)) throw new AppError('A0150');
      return ok(outbox.messagesTo(request.query.phoneNumber));
    },
  );
};

export default devOutboxRoutes;
