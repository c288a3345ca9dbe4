import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import * as paths from '#shared/api-paths.ts';
import { API_PREFIX } from '#shared/constants.ts';
import { ERRORS, type ErrorCode } from '#shared/errors.ts';
import { documentedBodyOf } from '../lib/documented-body.ts';
import { ErrorEnvelopeSchema } from '../lib/envelope.ts';
import { DEFAULT_LANGUAGE } from '#shared/constants.ts';
import { renderText } from '../lib/texts/render.ts';

type Hook = RouteOptions['onRequest'];
const hooksOf = (hook: Hook) => (hook ? (Array.isArray(hook) ? hook : [hook]) : []);

/**
 * The catalogue codes an operation can answer besides its success, by what the route declares:
 * validation (400, and 413/415 with a body), a Bearer token (401), a role (403), a path id (404),
 * a rate limit (429); every route can fail with B0001, and with C0300 while the database is in
 * trouble (docs/decisions/database-trouble.md). Its module adds the codes its handlers
 * answer (modules/error-codes.ts, through `addModuleErrorCodes`).
 */
function errorCodesOf(route: RouteOptions, authenticate: unknown): ErrorCode[] {
  const schema = route.schema ?? {};
  const codes: ErrorCode[] = [];
  const documented = documentedBodyOf(route);
  if (schema.params || schema.querystring || schema.body || documented) codes.push('A0400', 'A0410');
  if (schema.body || documented) codes.push('A0427', 'A0413', 'A0415');
  const hooks = [...hooksOf(route.onRequest), ...hooksOf(route.preHandler)];
  const roles = hooks.some((h) => (h as { requiredRoles?: unknown }).requiredRoles);
  if (roles || hooks.includes(authenticate as never)) codes.push('A0301', 'A0230', 'A0202');
  if (roles) codes.push('A0303');
  if (schema.params) codes.push('A0404');
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) codes.push('A0429');
  codes.push('B0001', 'C0300');
  return codes;
}

/** The catalogue's order: codes grouped as the catalogue groups them, each once. */
function inCatalogueOrder(codes: Iterable<string>): ErrorCode[] {
  const wanted = new Set(codes);
  return (Object.keys(ERRORS) as ErrorCode[]).filter((code) => wanted.has(code));
}

/**
 * Sets an operation's error codes: `x-error-codes` (the list a client generator can read) and one
 * documented response per HTTP status naming its codes and messages; the route's own responses win.
 */
function documentErrors(route: RouteOptions, codes: ErrorCode[]) {
  if (!route.schema) return;
  const own = (ownResponses.get(route.schema) ?? route.schema.response ?? {}) as object;
  const schema = { ...route.schema, 'x-error-codes': codes, response: { ...errorResponses(codes), ...own } };
  ownResponses.set(schema, own);
  route.schema = schema;
}
const ownResponses = new WeakMap<object, object>();

/**
 * Adds a module's domain codes to each of its operations (app.ts registers every module with this
 * as an `onRoute` hook of its own scope, which runs after this plugin's hook).
 */
export function addModuleErrorCodes(route: RouteOptions, moduleCodes: readonly ErrorCode[]) {
  if (!route.url.startsWith(API_PREFIX) || !route.schema || route.schema.hide) return;
  const listed = (route.schema as { 'x-error-codes'?: ErrorCode[] })['x-error-codes'] ?? [];
  documentErrors(route, inCatalogueOrder([...listed, ...moduleCodes]));
}

/** Error responses grouped by HTTP status, each described by its codes and messages. */
function errorResponses(codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERRORS[code].status, [...(byStatus.get(ERRORS[code].status) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      {
        description: list.map((code) => `${code} ${renderText(DEFAULT_LANGUAGE, `error.${code}`)}`).join('；'),
        content: { 'application/json': { schema: ErrorEnvelopeSchema } },
      },
    ]),
  );
}

/**
 * The OpenAPI document, built from the zod contracts of every route (@fastify/swagger with
 * fastify-type-provider-zod), with the error envelope and codes of each operation and Bearer
 * security where a token is needed. Outside production it is served at `/prod-api/openapi.json`
 * with a reference page at `/prod-api/docs` (@fastify/swagger-ui).
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'insure-h5 API',
          version: '0.1.0',
          description:
            '每个回答都是 `{code, msg, data}`；`00000` 为成功。错误码见 src/shared/errors.ts（docs/architecture.md#a-request）。',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      // A body the handler parses itself is shown as the route's body, for the document only.
      transform: (input) => {
        const body = input.route ? documentedBodyOf(input.route) : undefined;
        const schema =
          body && !input.schema.body
            ? { ...input.schema, body: body.schema, consumes: body.contentTypes }
            : input.schema;
        return jsonSchemaTransform({ ...input, schema });
      },
    });

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(API_PREFIX) || !route.schema || route.schema.hide) return;
      const codes = errorCodesOf(route, app.authenticate);
      if (codes.includes('A0301')) route.schema = { ...route.schema, security: [{ bearer: [] }] };
      documentErrors(route, inCatalogueOrder(codes));
    });

    if (app.config.production) return;
    app.get(paths.system.openapiDocument.route, { schema: { hide: true } }, async () => app.swagger());
    await app.register(swaggerUi, {
      routePrefix: paths.system.apiReference.route,
      // A hundred operations drawn at once keep the page busy for a long time: the tags open on
      // demand, a filter finds one, and a tag's address (#/catalogue) opens it.
      uiConfig: { docExpansion: 'none', filter: true, deepLinking: true },
      // The page's own CSP with the hashes of its scripts, never framed, inline styles allowed (Swagger
      // UI sets them as it renders; a hash list would switch 'unsafe-inline' off), and without
      // upgrade-insecure-requests: development serves it over plain HTTP.
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .replace(/\s*upgrade-insecure-requests;?/, '')
          .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';")
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
    });
  },
  { name: 'openapi', dependencies: ['auth'] },
);
