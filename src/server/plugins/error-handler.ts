import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DEFAULT_LANGUAGE } from '#shared/constants.ts';
import { ERRORS, type ErrorCode } from '#shared/errors.ts';
import { OutageLog } from '../db/outage-log.ts';
import { databaseTrouble } from '../db/unavailable.ts';
import { AppError } from '../lib/app-error.ts';
import { errorEnvelope, renderEnvelope, type ErrorEnvelope } from '../lib/envelope.ts';
import { issuesSummary, zodIssueText, type IssueText } from '../lib/texts/issues.ts';
import type { Phrase } from '../lib/texts/render.ts';
import { parseAcceptLanguage } from '../lib/request-language.ts';
import { isMalformedMultipart } from '../lib/malformed-multipart.ts';

/** Fastify's own errors for a request of the wrong shape, mapped to the catalogue. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'A0427',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'A0427',
  FST_ERR_CTP_BODY_TOO_LARGE: 'A0413',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'A0415',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'A0400',
  FST_ERR_CTP_INVALID_TYPE: 'A0415',
  FST_ERR_VALIDATION: 'A0400',
  FST_REQ_FILE_TOO_LARGE: 'A0413',
  FST_PARTS_LIMIT: 'A0413',
  FST_FILES_LIMIT: 'A0413',
  FST_FIELDS_LIMIT: 'A0413',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'A0415',
  FST_ERR_BAD_URL: 'A0400',
  FST_ERR_ASYNC_CONSTRAINT: 'A0400',
};

/** The value the client sent at a JSON pointer of the validated request part (body, querystring…). */
function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const key of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function fieldIssues(error: FastifyError, request: FastifyRequest): { code: ErrorCode; issues: IssueText[] } {
  const issues: IssueText[] = [];
  let missing = false;
  const context = error.validationContext ?? 'body';
  // Fastify names the query's context `querystring`; the parsed query is `request.query`.
  const part = (request as unknown as Record<string, unknown>)[context === 'querystring' ? 'query' : context];
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const v of error.validation) {
      const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || context;
      // Zod does not report the input unless asked; read what was sent to tell "missing" from "wrong".
      // A missing enum or literal is `invalid_value` in zod 4, not `invalid_type`.
      const isMissing =
        (v.keyword === 'invalid_type' || v.keyword === 'invalid_value') && valueAt(part, v.instancePath) === undefined;
      missing ||= isMissing;
      const zodIssue = { ...v.params, code: v.keyword, message: v.message, path: v.instancePath.split('/').slice(1) };
      issues.push({ field, message: isMissing ? 'field.required' : zodIssueText(zodIssue) });
    }
  }
  return { code: missing ? 'A0410' : 'A0400', issues };
}

/**
 * The envelope in the reader's language (`Accept-Language`), field issues included
 * (docs/decisions/server-texts-by-key.md).
 */
export function localizedEnvelope(request: FastifyRequest, envelope: ErrorEnvelope) {
  return renderEnvelope(parseAcceptLanguage(request.headers['accept-language']), envelope);
}

/**
 * The envelope of an answer with a 5xx status: `data` carries the request's id (`{requestId}`), the
 * same as the `X-Request-Id` header and the `reqId` of the request's log lines, so support finds
 * the log from a customer's screenshot of the error.
 */
export function serverErrorEnvelope(request: FastifyRequest, code: ErrorCode, said?: Phrase, data?: object) {
  return localizedEnvelope(request, errorEnvelope(code, said, undefined, { ...data, requestId: request.id }));
}

/**
 * Errors the router raises before any handler or hook (malformed percent-encoding, over-long
 * path parameters): Fastify's `frameworkErrors` option routes them here, into the envelope.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ err: { code: error.code, message: error.message } }, 'bad request line');
  const code: ErrorCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A0400' : (FASTIFY_CODES[error.code] ?? 'A0400');
  reply.code(ERRORS[code].status).send(localizedEnvelope(request, errorEnvelope(code)));
}

/** Seconds a caller is asked to wait after database trouble: about what a restart takes. */
const DATABASE_RETRY_AFTER_S = 5;

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts database trouble and logs it once per outage (db/outage-log.ts). */
    databaseOutage: OutageLog;
  }
}

/** Node's HTTP parser errors that the client caused, by their `code`, mapped to the catalogue. */
const CLIENT_ERROR_CODES: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'A0431',
  ERR_HTTP_REQUEST_TIMEOUT: 'A0408',
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an over-long URL or header block,
 * a malformed request line, a request that never finished): Fastify's `clientErrorHandler`
 * option routes them here, and they get the envelope on the raw socket, then the connection closes.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = CLIENT_ERROR_CODES[error.code ?? ''] ?? 'A0400';
  const { status } = ERRORS[code];
  this.log.info({ err: { code: error.code, message: error.message } }, 'client error');
  if (socket.writable) {
    // The headers were never read: the default language.
    const body = JSON.stringify(renderEnvelope(DEFAULT_LANGUAGE, errorEnvelope(code)));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * One place turns every failure into the response envelope: catalogue errors keep their code,
 * bad request shapes get 4xx with field names, database trouble is 503 C0300 with `Retry-After`
 * (counted, logged once per outage: docs/decisions/database-trouble.md), anything unexpected is
 * logged and answered B0001. The message is in the reader's language; a 5xx answer names the
 * request's id.
 */
export default fp(
  async (app) => {
    const outage = new OutageLog(app.log);
    app.decorate('databaseOutage', outage);
    app.addHook('onClose', async () => outage.close());
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        if (error.status >= 500)
          return reply.code(error.status).send(serverErrorEnvelope(request, error.code, error.text));
        return reply
          .code(error.status)
          .send(localizedEnvelope(request, errorEnvelope(error.code, error.text, error.issues, error.data)));
      }
      if (error.validation) {
        const { code, issues } = fieldIssues(error, request);
        return reply
          .code(400)
          .send(localizedEnvelope(request, errorEnvelope(code, issuesSummary(code, issues), issues)));
      }
      if (isMalformedMultipart(error)) {
        request.log.info({ err: { message: error.message } }, 'malformed multipart body');
        return reply.code(400).send(localizedEnvelope(request, errorEnvelope('A0400', 'request.malformedBody')));
      }
      if (error.statusCode === 429) {
        return reply.code(429).send(localizedEnvelope(request, errorEnvelope('A0429')));
      }
      const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
      if (mapped || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
        const code = mapped ?? 'A0400';
        request.log.info({ err: { code: error.code, message: error.message } }, 'bad request');
        return reply.code(ERRORS[code].status).send(localizedEnvelope(request, errorEnvelope(code)));
      }
      const trouble = databaseTrouble(error);
      if (trouble) {
        outage.failed(trouble, error);
        app.metrics.databaseUnavailable(trouble);
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_S))
          .send(serverErrorEnvelope(request, 'C0300'));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send(serverErrorEnvelope(request, 'B0001'));
    });
  },
  { name: 'error-handler', dependencies: ['metrics'] },
);
