import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema } from '#shared/catalogue.ts';
import {
  CreateDraftSchema,
  DraftListSchema,
  DraftSchema,
  OrderDetailSchema,
  SubmitDraftSchema,
  TrailAnswerSchema,
  TrailEventInputSchema,
  UpdateDraftSchema,
} from '#shared/orders.ts';
import * as paths from '#shared/api-paths.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { deleteDraft, listDrafts } from './draft-repository.ts';
import { addTrailEvent, draftAnswer, ownDraft, saveDraft, startDraft } from './drafts.ts';
import { orderDetail } from './orders.ts';
import { DraftParams, draftNotFound } from './params.ts';
import { toDraftListItem } from './present.ts';
import { submitDraft } from './submit.ts';

/** Drafts: start, list, read, save, delete, trail events, and submission into an order. */
const draftRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.authenticate };
  const tags = ['orders'];

  app.post(
    paths.drafts.list.route,
    {
      ...auth,
      schema: { tags, body: CreateDraftSchema, response: { 200: okSchema(DraftSchema) } },
    },
    async (request) => ok(await startDraft(app, request.member!.memberId, request.body)),
  );

  app.get(
    paths.drafts.list.route,
    {
      ...auth,
      schema: { tags, querystring: PageQuerySchema, response: { 200: okSchema(DraftListSchema) } },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const language = requestLanguage(request, reply);
      const { total, rows } = await listDrafts(app.db, request.member!.memberId, page, pageSize);
      return ok({ list: rows.map((row) => toDraftListItem(row, language)), total, page, pageSize });
    },
  );

  app.get(
    paths.drafts.detail.route,
    {
      ...auth,
      schema: { tags, params: DraftParams, response: { 200: okSchema(DraftSchema) } },
    },
    async (request) =>
      ok(await draftAnswer(app.db, await ownDraft(app.db, request.member!.memberId, request.params.id))),
  );

  app.put(
    paths.drafts.detail.route,
    {
      ...auth,
      schema: { tags, params: DraftParams, body: UpdateDraftSchema, response: { 200: okSchema(DraftSchema) } },
    },
    async (request) => ok(await saveDraft(app, request.member!.memberId, request.params.id, request.body)),
  );

  app.delete(
    paths.drafts.detail.route,
    {
      ...auth,
      schema: { tags, params: DraftParams, response: { 200: okSchema(z.object({ id: z.number().int() })) } },
    },
    async (request) => {
      if (!(await deleteDraft(app.db, request.member!.memberId, request.params.id))) throw draftNotFound();
      return ok({ id: request.params.id });
    },
  );

  app.post(
    paths.drafts.trail.route,
    {
      ...auth,
      schema: {
        tags,
        params: DraftParams,
        body: TrailEventInputSchema,
        response: { 200: okSchema(TrailAnswerSchema) },
      },
    },
    async (request) => ok(await addTrailEvent(app, request.member!.memberId, request.params.id, request.body, request)),
  );

  app.post(
    paths.drafts.submit.route,
    {
      ...auth,
      schema: {
        tags,
        params: DraftParams,
        body: SubmitDraftSchema.optional(),
        response: { 200: okSchema(OrderDetailSchema) },
      },
    },
    async (request, reply) => {
      const { memberId } = request.member!;
      const orderId = await submitDraft(app, memberId, request.params.id, request.body ?? {}, request);
      return ok(await orderDetail(app, memberId, orderId, requestLanguage(request, reply)));
    },
  );
};

export default draftRoutes;
