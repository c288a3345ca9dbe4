import type { FastifyError } from 'fastify';

// busboy (under @fastify/multipart) throws plain Errors, without code or status, for broken bodies.
const BUSBOY_MESSAGES =
  /^(Multipart: |Unexpected end of (form|multipart data)|Malformed (part header|urlencoded form)|Part terminated early|Missing Content-Type|Unsupported content type)/;

/**
 * A multipart body busboy could not read (no boundary, a part terminated early, a broken part
 * header): the caller's fault, answered 400 A0400 by the product's error handler.
 */
export function isMalformedMultipart(error: FastifyError | Error): boolean {
  const { code, statusCode } = error as FastifyError;
  return !code && !statusCode && BUSBOY_MESSAGES.test(error.message ?? '');
}
