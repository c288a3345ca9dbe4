import fp from 'fastify-plugin';
import { REQUEST_ID_HEADER } from '../lib/request-id.ts';

/**
 * Every answer carries its request's id (docs/decisions/one-request-id.md): the one the front sent
 * (nginx's `$request_id`) when valid, else one made here (lib/request-id.ts, Fastify's genReqId).
 * It is the `reqId` of each of the request's log lines and, in a 5xx answer, `data.requestId`.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
  },
  { name: 'request-id' },
);
