import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CollectProdListSchema, CollectStateSchema, DOCUMENT_KINDS, DOCUMENT_KIND_TITLES, ListTypeProdsQuerySchema,
  ListTypeProdsSchema, PageQuerySchema, ProductDetailSchema, ProductDocumentAnswerSchema, QuoteInputSchema, QuoteResultSchema,
} from '#shared/catalogue.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { idParam } from '../../lib/id-param.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { toCollected, toDetail } from './present.ts';
import { beijingToday } from '#shared/beijing-time.ts';
import { DEFAULT_LANGUAGE, type Language } from '#shared/constants.ts';
import { quotePremium } from './quote.ts';
import * as repo from './repository.ts';
import { optionalMemberId } from './soft-auth.ts';

const ProductIdParams = z.object({ id: idParam('产品编号') });

/**
 * The catalogue (spec §7, docs/decisions.md#views-and-menu): types with products, product detail, documents and
 * premium quotes are open to visitors; favourites need a signed-in member.
 */
const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadSellable = async (id: number, language: Language = DEFAULT_LANGUAGE) => {
    const product = await repo.findSellable(app.db, id, language);
    if (!product) throw new AppError('A0404', '产品不存在或已下架');
    return product;
  };
  const activeMemberId = async (request: FastifyRequest) => {
    const { memberId } = request.member!;
    const status = await repo.memberStatus(app.db, memberId);
    if (!status) throw new AppError('A0230');
    if (status === 'disabled') throw new AppError('A0202');
    return memberId;
  };
  // onRequest: a caller without a valid token gets 401 before anything else is looked at.
  const auth = { onRequest: app.authenticate };

  app.get('/prodType/listTypeProds', {
    schema: { tags: ['catalogue'], querystring: ListTypeProdsQuerySchema, response: { 200: okSchema(ListTypeProdsSchema) } },
  }, async (request, reply) => {
    const language = requestLanguage(request, reply);
    const filter = { ...request.query, keyword: request.query.keyword || undefined, type: request.query.type || undefined };
    const [types, { totals, pages }] = await Promise.all([repo.listTypes(app.db, filter.type), repo.listSellableByType(app.db, filter, language)]);
    return ok(types.filter((t) => totals.has(t.id)).map((t) => ({
      ...t,
      total: totals.get(t.id)!,
      page: filter.page,
      pageSize: filter.pageSize,
      products: pages.get(t.id) ?? [],
    })));
  });

  app.get('/product/collectProdList', {
    ...auth,
    schema: { tags: ['catalogue'], querystring: PageQuerySchema, response: { 200: okSchema(CollectProdListSchema) } },
  }, async (request, reply) => {
    const { page, pageSize } = request.query;
    const { total, rows } = await repo.listFavourites(app.db, request.member!.memberId, page, pageSize, requestLanguage(request, reply));
    return ok({ list: rows.map(toCollected), total, page, pageSize });
  });

  app.get('/product/:id', {
    schema: { tags: ['catalogue'], params: ProductIdParams, response: { 200: okSchema(ProductDetailSchema) } },
  }, async (request, reply) => {
    const product = await loadSellable(request.params.id, requestLanguage(request, reply));
    const memberId = await optionalMemberId(app, request);
    const favourite = memberId !== null && await repo.isFavourite(app.db, memberId, product.id);
    return ok(toDetail(product, favourite));
  });

  app.get('/product/:id/documents/:kind', {
    schema: {
      tags: ['catalogue'],
      params: ProductIdParams.extend({ kind: z.enum(DOCUMENT_KINDS) }),
      response: { 200: okSchema(ProductDocumentAnswerSchema) },
    },
  }, async (request, reply) => {
    const product = await loadSellable(request.params.id, requestLanguage(request, reply));
    const document = product.content.documents.find((d) => d.kind === request.params.kind);
    if (!document) throw new AppError('A0404', `该产品无需${DOCUMENT_KIND_TITLES[request.params.kind]}`);
    return ok({ ...document, versionId: product.versionId });
  });

  app.post('/product/:id/quote', {
    // Public, so bounded: a quote may price a team list of up to a thousand persons.
    config: { rateLimit: { max: app.config.RATE_LIMIT_QUOTE_PER_MIN, timeWindow: '1 minute' } },
    schema: { tags: ['catalogue'], params: ProductIdParams, body: QuoteInputSchema, response: { 200: okSchema(QuoteResultSchema) } },
  }, async (request) => {
    const product = await loadSellable(request.params.id);
    return ok(quotePremium({ id: product.id, versionId: product.versionId, team: product.team, content: product.content }, request.body, beijingToday()));
  });

  app.post('/product/:id/collect', {
    ...auth,
    schema: { tags: ['catalogue'], params: ProductIdParams, response: { 200: okSchema(CollectStateSchema) } },
  }, async (request) => {
    const memberId = await activeMemberId(request);
    const product = await loadSellable(request.params.id);
    await repo.addFavourite(app.db, memberId, product.id);
    return ok({ productId: product.id, favourite: true });
  });

  // Works for products taken off sale too, so a member can tidy their list.
  app.delete('/product/:id/collect', {
    ...auth,
    schema: { tags: ['catalogue'], params: ProductIdParams, response: { 200: okSchema(CollectStateSchema) } },
  }, async (request) => {
    await repo.removeFavourite(app.db, request.member!.memberId, request.params.id);
    return ok({ productId: request.params.id, favourite: false });
  });
};

export default catalogueRoutes;
