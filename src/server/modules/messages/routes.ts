import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema } from '#shared/catalogue.ts';
import { MessageListSchema, ReadAllSchema, UnreadCountSchema, type Message } from '#shared/orders.ts';
import * as paths from '#shared/api-paths.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { idParam } from '../../lib/id-param.ts';
import type { Language } from '#shared/constants.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import * as repo from './repository.ts';
import { isMessageTemplate, renderMessage, type MessageParams } from './templates.ts';

const IdParams = z.object({ id: idParam('id.message') });

/** Rendered in the reader's language; a row without a (known) template keeps its stored text. */
function toMessage(row: Awaited<ReturnType<typeof repo.listMessages>>['rows'][number], language: Language): Message {
  const text =
    isMessageTemplate(row.template) && row.params
      ? renderMessage(row.template, row.params as MessageParams, language)
      : { title: row.title, body: row.body };
  return {
    id: row.id,
    type: row.type,
    template: row.template,
    ...text,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The minimal messages API of the H5 badge: own list, unread count, read one, read all. */
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.authenticate };

  app.get(
    paths.messages.list.route,
    {
      ...auth,
      schema: { tags: ['messages'], querystring: PageQuerySchema, response: { 200: okSchema(MessageListSchema) } },
    },
    async (request, reply) => {
      const language = requestLanguage(request, reply);
      const { page, pageSize } = request.query;
      const { total, unread, rows } = await repo.listMessages(app.db, request.member!.memberId, page, pageSize);
      return ok({ list: rows.map((row) => toMessage(row, language)), total, page, pageSize, unread });
    },
  );

  app.get(
    paths.messages.unreadCount.route,
    {
      ...auth,
      schema: { tags: ['messages'], response: { 200: okSchema(UnreadCountSchema) } },
    },
    async (request) => ok({ count: await repo.unreadCount(app.db, request.member!.memberId) }),
  );

  app.put(
    paths.messages.readAll.route,
    {
      ...auth,
      schema: { tags: ['messages'], response: { 200: okSchema(ReadAllSchema) } },
    },
    async (request) => ok({ updated: await repo.markAllRead(app.db, request.member!.memberId) }),
  );

  app.put(
    paths.messages.read.route,
    {
      ...auth,
      schema: { tags: ['messages'], params: IdParams, response: { 200: okSchema(UnreadCountSchema) } },
    },
    async (request) => {
      const { memberId } = request.member!;
      if (!(await repo.markRead(app.db, memberId, request.params.id))) throw new AppError('A0404', 'messages.notFound');
      return ok({ count: await repo.unreadCount(app.db, memberId) });
    },
  );
};

export default messageRoutes;
