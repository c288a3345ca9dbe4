import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CollectProdListSchema,
  CollectStateSchema,
  DOCUMENT_KINDS,
  ListTypeProdsQuerySchema,
  ListTypeProdsSchema,
  PageQuerySchema,
  ProductDetailSchema,
  ProductDocumentAnswerSchema,
  QuoteInputSchema,
  QuoteResultSchema,
} from '#shared/catalogue.ts';
import * as paths from '#shared/api-paths.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { idParam } from '../../lib/id-param.ts';
import { prepareJson, sendPrepared, varyByEncoding, type PreparedJson } from '../../lib/prepared-json.ts';
import { createCatalogueCaches, favouriteIds, type CachedAnswer } from './catalogue-cache.ts';
import { entityTag, matchesTag } from '../../lib/entity-tag.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { shareWithoutCredentials, varyByToken } from '../../lib/shared-cache.ts';
import { toCollected, toDetail } from './present.ts';
import { beijingToday } from '#shared/beijing-time.ts';
import { DEFAULT_LANGUAGE, type Language } from '#shared/constants.ts';
import { quotePremium } from './quote.ts';
import * as repo from './repository.ts';
import { optionalMemberId } from './soft-auth.ts';
import { phrase } from '../../lib/texts/render.ts';

const ProductIdParams = z.object({ id: idParam('id.product') });
const ListEnvelopeSchema = okSchema(ListTypeProdsSchema);
const DetailEnvelopeSchema = okSchema(ProductDetailSchema);

/**
 * The catalogue (spec §7, docs/decisions/views.md): types with products, product detail, documents and
 * premium quotes are open to visitors; favourites need a signed-in member.
 */
/** 304 with no body: the schema's typed reply knows only 200. */
function notModified<T>(reply: FastifyReply): T {
  return reply.code(304).send() as unknown as T;
}

const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const caches = createCatalogueCaches(app.database.changes);
  // A miss throws, and FeedCache keeps only what loaded: an unknown id is never remembered.
  const loadSellable = (id: number, language: Language = DEFAULT_LANGUAGE) =>
    caches.products[language].get(id, async () => {
      const product = await repo.findSellable(app.db, id, language);
      if (!product) throw new AppError('A0404', 'catalogue.productNotFound');
      return product;
    });
  const activeMemberId = async (request: FastifyRequest) => {
    const { memberId } = request.member!;
    const status = await repo.memberStatus(app.db, memberId);
    if (!status) throw new AppError('A0230');
    if (status === 'disabled') throw new AppError('A0202');
    return memberId;
  };
  // onRequest: a caller without a valid token gets 401 before anything else is looked at.
  const auth = { onRequest: app.authenticate };

  const listKey = (query: z.infer<typeof ListTypeProdsQuerySchema>, language: Language) =>
    JSON.stringify([language, query.type || '', query.keyword || '', query.page, query.pageSize]);
  const listAnswer = (
    key: string,
    query: z.infer<typeof ListTypeProdsQuerySchema>,
    language: Language,
  ): Promise<CachedAnswer> =>
    caches.lists.get(key, async () => {
      const filter = { ...query, keyword: query.keyword || undefined, type: query.type || undefined };
      const [types, { totals, pages }] = await Promise.all([
        repo.listTypes(app.db, filter.type),
        repo.listSellableByType(app.db, filter, language),
      ]);
      const body = prepareJson(
        ListEnvelopeSchema.parse(
          ok(
            types
              .filter((t) => totals.has(t.id))
              .map((t) => ({
                ...t,
                total: totals.get(t.id)!,
                page: filter.page,
                pageSize: filter.pageSize,
                products: pages.get(t.id) ?? [],
              })),
          ),
        ),
      );
      return { body, etag: entityTag(body) };
    });
  const sendList = <T>(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): T => {
    // The same for every visitor: the proxy in front keeps it a second (lib/shared-cache.ts); a
    // browser asks again each time, which the ETag makes a 304.
    shareWithoutCredentials(request, reply);
    reply.header('etag', answer.etag);
    if (matchesTag(request.headers['if-none-match'], answer.etag)) {
      varyByEncoding(reply, answer.body);
      return notModified(reply);
    }
    return sendPrepared(reply, answer.body);
  };
  // Kept serialised with an ETag, so a repeat costs a 304.
  app.get(
    paths.catalogue.listTypeProds.route,
    {
      schema: { tags: ['catalogue'], querystring: ListTypeProdsQuerySchema, response: { 200: ListEnvelopeSchema } },
    },
    async (request, reply) => {
      const language = requestLanguage(request, reply);
      const key = listKey(request.query, language);
      return sendList(request, reply, await listAnswer(key, request.query, language));
    },
  );

  app.get(
    paths.catalogue.favourites.route,
    {
      ...auth,
      schema: { tags: ['catalogue'], querystring: PageQuerySchema, response: { 200: okSchema(CollectProdListSchema) } },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { total, rows } = await repo.listFavourites(
        app.db,
        request.member!.memberId,
        page,
        pageSize,
        requestLanguage(request, reply),
      );
      return ok({ list: rows.map(toCollected), total, page, pageSize });
    },
  );

  // Both forms of a product's answer (collected or not), serialised once per product version.
  const detailJson = new WeakMap<repo.SellableProduct, { collected: PreparedJson; other: PreparedJson }>();
  const detailAnswer = (product: repo.SellableProduct, favourite: boolean): PreparedJson => {
    let both = detailJson.get(product);
    if (!both) {
      const render = (collected: boolean) => prepareJson(DetailEnvelopeSchema.parse(ok(toDetail(product, collected))));
      both = { collected: render(true), other: render(false) };
      detailJson.set(product, both);
    }
    return favourite ? both.collected : both.other;
  };

  app.get(
    paths.catalogue.product.route,
    {
      schema: { tags: ['catalogue'], params: ProductIdParams, response: { 200: DetailEnvelopeSchema } },
    },
    async (request, reply) => {
      const product = await loadSellable(request.params.id, requestLanguage(request, reply));
      // A visitor's answer is everyone's, kept by the proxy in front; with a token the favourite
      // flag is the caller's own, never kept by a shared cache.
      varyByToken(reply);
      const memberId = shareWithoutCredentials(request, reply) ? null : await optionalMemberId(app, request);
      const favourite = memberId !== null && (await favouriteIds(caches, app.db, memberId)).has(product.id);
      return sendPrepared(reply, detailAnswer(product, favourite));
    },
  );

  app.get(
    paths.catalogue.document.route,
    {
      schema: {
        tags: ['catalogue'],
        params: ProductIdParams.extend({ kind: z.enum(DOCUMENT_KINDS) }),
        response: { 200: okSchema(ProductDocumentAnswerSchema) },
      },
    },
    async (request, reply) => {
      const product = await loadSellable(request.params.id, requestLanguage(request, reply));
      const document = product.content.documents.find((d) => d.kind === request.params.kind);
      if (!document)
        throw new AppError('A0404', phrase('catalogue.noDocument', { kind: `documentKind.${request.params.kind}` }));
      return ok({ ...document, versionId: product.versionId });
    },
  );

  app.post(
    paths.catalogue.quote.route,
    {
      // Public, so bounded: a quote may price a team list of up to a thousand persons.
      config: { rateLimit: { max: app.config.RATE_LIMIT_QUOTE_PER_MIN, timeWindow: '1 minute' } },
      schema: {
        tags: ['catalogue'],
        params: ProductIdParams,
        body: QuoteInputSchema,
        response: { 200: okSchema(QuoteResultSchema) },
      },
    },
    async (request) => {
      const product = await loadSellable(request.params.id);
      return ok(
        quotePremium(
          { id: product.id, versionId: product.versionId, team: product.team, content: product.content },
          request.body,
          beijingToday(),
        ),
      );
    },
  );

  app.post(
    paths.catalogue.favourite.route,
    {
      ...auth,
      schema: { tags: ['catalogue'], params: ProductIdParams, response: { 200: okSchema(CollectStateSchema) } },
    },
    async (request) => {
      const memberId = await activeMemberId(request);
      const product = await loadSellable(request.params.id);
      await repo.addFavourite(app.db, memberId, product.id);
      await app.database.changes.publish('collections', memberId);
      return ok({ productId: product.id, favourite: true });
    },
  );

  // Works for products taken off sale too, so a member can tidy their list.
  app.delete(
    paths.catalogue.favourite.route,
    {
      ...auth,
      schema: { tags: ['catalogue'], params: ProductIdParams, response: { 200: okSchema(CollectStateSchema) } },
    },
    async (request) => {
      await repo.removeFavourite(app.db, request.member!.memberId, request.params.id);
      await app.database.changes.publish('collections', request.member!.memberId);
      return ok({ productId: request.params.id, favourite: false });
    },
  );
};

export default catalogueRoutes;
