import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PREFIX } from '#shared/constants.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { databaseRateLimitStore } from './db/rate-limit-store.ts';
import { redactUrl } from './lib/mask.ts';
import { ownUrl } from './lib/own-url.ts';
import { WECHAT_SIMULATOR_BASE } from './lib/site-paths.ts';
import authPlugin from './plugins/auth.ts';
import contextPlugin from './plugins/context.ts';
import openapiPlugin, { addModuleErrorCodes } from './plugins/openapi.ts';
import securityHeaders from './plugins/security-headers.ts';
import errorHandler, { clientErrorHandler, frameworkErrorHandler, localizedEnvelope } from './plugins/error-handler.ts';
import cachePolicy from './plugins/cache-policy.ts';
import health from './plugins/health.ts';
import loadShedding from './plugins/load-shedding.ts';
import metrics from './plugins/metrics.ts';
import requestId from './plugins/request-id.ts';
import { errorEnvelope } from './lib/envelope.ts';
import { requestIdOf } from './lib/request-id.ts';
import { createProviders, type Providers } from './providers/index.ts';
import sweepJob from './jobs/sweep.ts';
import { MODULE_ERROR_CODES } from './modules/error-codes.ts';
import { modules } from './modules/index.ts';
import { simulators } from './simulators/index.ts';

z.config(z.locales.zhCN());

export interface BuildOptions {
  config: Config;
  database: Database;
  providers?: Providers;
  logger?: FastifyServerOptions['logger'];
}

/** Request logs never carry tokens, passwords, codes or full ID numbers and mobiles. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '***' },
    serializers: {
      req: (req: {
        method: string;
        url: string;
        ip?: string;
        headers?: Record<string, string | string[] | undefined>;
      }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
        ua: req.headers?.['user-agent'],
      }),
    },
  };
}

/**
 * Builds the whole product as one Fastify instance: API under /prod-api, simulators, built H5.
 * Fastify's own server and hooks see every request; what is the same for every visitor is kept by
 * the proxy in front (deploy/nginx, docs/deployment.md).
 */
export async function buildApp(opts: BuildOptions) {
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(opts.config.LOG_LEVEL),
    // One id per request, from the front when it sent a valid one (lib/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: opts.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Requests already on a connection while the instance closes are still answered: nginx does
    // not pass a 503 to the next instance (docs/decisions/nginx-front.md), a refused connection it does.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const selfUrl = () => ownUrl(app.server, opts.config);

  await app.register(contextPlugin, {
    config: opts.config,
    database: opts.database,
    providers: opts.providers ?? createProviders(opts.config, selfUrl),
  });
  await app.register(requestId);
  await app.register(metrics);
  await app.register(errorHandler);
  await app.register(loadShedding);
  await app.register(securityHeaders);
  await app.register(cachePolicy);
  await app.register(formbody);
  // Counters in the database: every instance on it counts toward the same limits.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(opts.database.db) });
  await app.register(authPlugin);
  await app.register(openapiPlugin);
  await app.register(health);

  for (const simulator of simulators) await app.register(simulator);
  for (const { plugin, module } of modules) {
    // A scope of its own per module: its operations list the module's error codes (API document).
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => addModuleErrorCodes(route, MODULE_ERROR_CODES[module]));
      await scope.register(plugin);
    });
  }
  await app.register(sweepJob);

  // Rate-limited like the other open routes: unknown paths are the cheapest target for a flood.
  const notFoundLimit = app.rateLimit({ max: opts.config.RATE_LIMIT_NOT_FOUND_PER_MIN, timeWindow: '1 minute' });
  app.setNotFoundHandler({ preHandler: notFoundLimit }, (request, reply) => {
    const api = request.url.startsWith(API_PREFIX);
    reply.code(404).send(localizedEnvelope(request, errorEnvelope('A0404', api ? undefined : 'web.pageNotFound')));
  });

  app.addHook('onReady', async () => logDevelopmentFeatures(app));
  return app;
}

/** Says at start which development features are on (both are opt-in and refused in production). */
function logDevelopmentFeatures(app: { log: FastifyBaseLogger; config: Config }) {
  const { devRoutes, wechatSimulator } = app.config;
  const on = [
    devRoutes && `development routes at ${API_PREFIX}/dev`,
    wechatSimulator && `WeChat simulators at ${WECHAT_SIMULATOR_BASE}`,
  ];
  const named = on.filter(Boolean);
  if (named.length) app.log.warn({ devRoutes, wechatSimulator }, `development features on: ${named.join(', ')}`);
  else app.log.info({ devRoutes, wechatSimulator }, 'development features off');
}

export type App = Awaited<ReturnType<typeof buildApp>>;
