import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

// busboy (under @fastify/multipart) throws plain Errors without a code or status for broken bodies.
const BUSBOY_MESSAGES = /^(Multipart: |Unexpected end of (form|multipart data)|Malformed (part header|urlencoded form)|Part terminated early|Missing Content-Type|Unsupported content type)/;

/**
 * Route error handler that turns a malformed multipart body into 400 A0400 and hands everything to
 * the app's one error handler, which would otherwise answer such bodies with 500.
 */
export function withBodyErrors(app: FastifyInstance) {
  const handler = app.errorHandler;
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const malformed = !(error instanceof AppError) && !error.code && !error.statusCode && BUSBOY_MESSAGES.test(error.message ?? '');
    if (malformed) request.log.info({ err: { message: error.message } }, 'malformed multipart body');
    return handler.call(app, malformed ? new AppError('A0400', '请求内容格式不正确') as unknown as FastifyError : error, request, reply);
  };
}
