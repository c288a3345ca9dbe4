import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';

/** What any multipart body may hold; each operation narrows it with `config.multipartOptions`. */
const MULTIPART_OPTIONS = {
  attachFieldsToBody: 'keyValues',
  limits: { fileSize: 10 * 1024 * 1024, files: 10, fields: 50 },
} as const;

/**
 * Registers the operations that read a multipart body (the token form, avatar, claim files, team
 * import) in a scope of their own with @fastify/multipart. The plugin hooks every request of the
 * scope it is registered in (a 'close' listener in onRequest, a preValidation and an onResponse
 * clean-up, all async): registered for the whole app they cost every call, the catalogue's and a
 * bare route's alike, about 9 % of a bare route's throughput (docs/decisions/multipart-only-where-read.md).
 * Every other operation answers a multipart body 415 A0415, as any other type it does not read.
 */
export async function withMultipart<T extends FastifyInstance>(app: T, routes: (scope: T) => void): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, MULTIPART_OPTIONS);
    routes(scope as T);
  });
}
