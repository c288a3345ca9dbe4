import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema } from '#shared/catalogue.ts';
import { MessageListSchema, ReadAllSchema, UnreadCountSchema, type Message } from '#shared/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { idParam } from '../../lib/id-param.ts';
import * as repo from './repository.ts';

const IdParams = z.object({ id: idParam('编号') });

function toMessage(row: Awaited<ReturnType<typeof repo.listMessages>>['rows'][number]): Message {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The minimal messages API of the H5 badge: own list, unread count, read one, read all. */
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.authenticate };

  app.get('/messages', {
    ...auth,
    schema: { tags: ['messages'], querystring: PageQuerySchema, response: { 200: okSchema(MessageListSchema) } },
  }, async (request) => {
    const { page, pageSize } = request.query;
    const { total, unread, rows } = await repo.listMessages(app.db, request.member!.memberId, page, pageSize);
    return ok({ list: rows.map(toMessage), total, page, pageSize, unread });
  });

  app.get('/messages/unread-count', {
    ...auth,
    schema: { tags: ['messages'], response: { 200: okSchema(UnreadCountSchema) } },
  }, async (request) => ok({ count: await repo.unreadCount(app.db, request.member!.memberId) }));

  app.put('/messages/read-all', {
    ...auth,
    schema: { tags: ['messages'], response: { 200: okSchema(ReadAllSchema) } },
  }, async (request) => ok({ updated: await repo.markAllRead(app.db, request.member!.memberId) }));

  app.put('/messages/:id/read', {
    ...auth,
    schema: { tags: ['messages'], params: IdParams, response: { 200: okSchema(UnreadCountSchema) } },
  }, async (request) => {
    const { memberId } = request.member!;
    if (!await repo.markRead(app.db, memberId, request.params.id)) throw new AppError('A0404', '消息不存在');
    return ok({ count: await repo.unreadCount(app.db, memberId) });
  });
};

export default messageRoutes;
