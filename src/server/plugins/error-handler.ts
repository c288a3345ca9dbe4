import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, type ErrorCode } from '#shared/errors.ts';
import type { FieldIssue } from '#shared/envelope.ts';
import { AppError } from '../lib/app-error.ts';

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

// busboy (under @fastify/multipart) throws plain Errors, without code or status, for broken bodies.
const BUSBOY_MESSAGES = /^(Multipart: |Unexpected end of (form|multipart data)|Malformed (part header|urlencoded form)|Part terminated early|Missing Content-Type|Unsupported content type)/;

function isMalformedMultipart(error: FastifyError): boolean {
  return !error.code && !error.statusCode && BUSBOY_MESSAGES.test(error.message ?? '');
}

function fieldIssues(error: FastifyError, request: FastifyRequest): { code: ErrorCode; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  let missing = false;
  const context = error.validationContext ?? 'body';
  const part = (request as unknown as Record<string, unknown>)[context];
  if (hasZodFastifySchemaValidationErrors(error)) {
    for (const v of error.validation) {
      const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || context;
      // Zod does not report the input unless asked; read what was sent to tell "missing" from "wrong".
      const isMissing = v.keyword === 'invalid_type' && valueAt(part, v.instancePath) === undefined;
      missing ||= isMissing;
      issues.push({ field, message: isMissing ? '必填' : v.message ?? '格式不正确' });
    }
  }
  return { code: missing ? 'A0410' : 'A0400', issues };
}

function describe(issues: FieldIssue[], code: ErrorCode): string {
  if (!issues.length) return ERRORS[code].msg;
  return `${ERRORS[code].msg}：${issues.map((i) => `${i.field}（${i.message}）`).join('；')}`;
}

/**
 * Errors the router raises before any handler or hook (malformed percent-encoding, over-long
 * path parameters): Fastify's `frameworkErrors` option routes them here, into the envelope.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ err: { code: error.code, message: error.message } }, 'bad request line');
  const code: ErrorCode = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A0400' : FASTIFY_CODES[error.code] ?? 'A0400';
  reply.code(ERRORS[code].status).send({ code, msg: ERRORS[code].msg });
}

/**
 * One place turns every failure into the response envelope: catalogue errors keep their code,
 * bad request shapes get 4xx with field names, anything unexpected is logged and answered B0001.
 */
export default fp(async (app) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).send({ code: error.code, msg: error.message, data: error.issues ? { issues: error.issues } : undefined });
    }
    if (error.validation) {
      const { code, issues } = fieldIssues(error, request);
      return reply.code(400).send({ code, msg: describe(issues, code), data: { issues } });
    }
    if (isMalformedMultipart(error)) {
      request.log.info({ err: { message: error.message } }, 'malformed multipart body');
      return reply.code(400).send({ code: 'A0400', msg: '请求内容格式不正确' });
    }
    if (error.statusCode === 429) {
      return reply.code(429).send({ code: 'A0429', msg: ERRORS.A0429.msg });
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
      const code = mapped ?? 'A0400';
      request.log.info({ err: { code: error.code, message: error.message } }, 'bad request');
      return reply.code(ERRORS[code].status).send({ code, msg: ERRORS[code].msg });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: 'B0001', msg: ERRORS.B0001.msg });
  });
}, { name: 'error-handler' });
