import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '#shared/text.ts';
import { InvoiceEmailSchema } from '#shared/invoices.ts';
import * as paths from '#shared/api-paths.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { isMailOutbox } from '../../providers/mail/outbox.ts';

const MailEntrySchema = z.object({
  from: text(),
  to: text(),
  subject: text(),
  text: text(),
  attachments: z.array(z.object({ filename: text(), contentType: text(), size: z.number().int(), base64: text() })),
  sentAt: text(),
});

/**
 * `GET /prod-api/dev/mail-outbox?to=`: the newest mails the development outbox "sent" to an
 * address, attachments as base64, so a developer or an end-to-end test can read them. Registered
 * only with DEV_ROUTES=true, never in production (and production has no outbox).
 */
const devMailOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const outbox = app.providers.mail;
  if (!app.config.devRoutes || !isMailOutbox(outbox)) return;
  app.get(
    paths.devTools.mailOutbox.route,
    {
      schema: {
        tags: ['dev'],
        querystring: z.object({ to: InvoiceEmailSchema }),
        response: { 200: okSchema(z.array(MailEntrySchema)) },
      },
    },
    async (request) =>
      ok(
        outbox.messagesTo(request.query.to).map((m) => ({
          from: m.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          sentAt: m.sentAt,
          attachments: (m.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            size: a.content.length,
            base64: a.content.toString('base64'),
          })),
        })),
      ),
  );
};

export default devMailOutboxRoutes;
