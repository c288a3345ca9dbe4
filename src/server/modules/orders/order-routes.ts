import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OrderDetailSchema,
  OrderListQuerySchema,
  OrderListSchema,
  OrderStatusSchema,
  PayAnswerSchema,
  PayInputSchema,
} from '#shared/orders.ts';
import * as paths from '#shared/api-paths.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { cancelOrder, orderDetail, orderList, orderStatus } from './orders.ts';
import { OrderParams } from './params.ts';
import { startPayment } from './payment.ts';
import { requestLanguage } from '../../lib/request-language.ts';

/** Orders: list, detail, pay (WeChat Pay JSAPI), status poll, cancel. Only the owner's. */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.authenticate };
  const tags = ['orders'];

  app.get(
    paths.order.list.route,
    {
      ...auth,
      schema: { tags, querystring: OrderListQuerySchema, response: { 200: okSchema(OrderListSchema) } },
    },
    async (request, reply) =>
      ok(await orderList(app, request.member!.memberId, request.query, requestLanguage(request, reply))),
  );

  app.get(
    paths.order.detail.route,
    {
      ...auth,
      schema: { tags, params: OrderParams, response: { 200: okSchema(OrderDetailSchema) } },
    },
    async (request, reply) =>
      ok(await orderDetail(app, request.member!.memberId, request.params.id, requestLanguage(request, reply))),
  );

  app.get(
    paths.order.status.route,
    {
      ...auth,
      schema: { tags, params: OrderParams, response: { 200: okSchema(OrderStatusSchema) } },
    },
    async (request, reply) =>
      ok(await orderStatus(app, request.member!.memberId, request.params.id, requestLanguage(request, reply))),
  );

  app.post(
    paths.order.pay.route,
    {
      ...auth,
      schema: {
        tags,
        params: OrderParams,
        body: PayInputSchema.optional(),
        response: { 200: okSchema(PayAnswerSchema) },
      },
    },
    async (request) =>
      ok(await startPayment(app, request.member!.memberId, request.params.id, request.body ?? {}, request)),
  );

  app.post(
    paths.order.cancel.route,
    {
      ...auth,
      schema: { tags, params: OrderParams, response: { 200: okSchema(OrderDetailSchema) } },
    },
    async (request, reply) =>
      ok(await cancelOrder(app, request.member!.memberId, request.params.id, requestLanguage(request, reply))),
  );
};

export default orderRoutes;
