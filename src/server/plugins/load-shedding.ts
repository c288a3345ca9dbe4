import { getHeapStatistics } from 'node:v8';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyUnderPressureOptions } from '@fastify/under-pressure';
import { API_PREFIX } from '#shared/constants.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import { serverErrorEnvelope } from './error-handler.ts';

/** Seconds a shed caller is asked to wait before trying again. */
const RETRY_AFTER_S = 5;

/** The default bound on the V8 heap in use: most of the heap's limit, before collection thrashes. */
const DEFAULT_HEAP_SHARE = 0.9;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/under-pressure's per-route handler; `exemptFromShedding` lets the route answer anyway. */
    pressureHandler?: (request: FastifyRequest, reply: FastifyReply, type: string, value?: number) => unknown;
  }
}

/** Route config of a route that answers even under pressure (liveness: the process does answer). */
export const exemptFromShedding = { pressureHandler: () => undefined };

/**
 * Sheds load with 503 B0100 (and `Retry-After`) while the event loop lags or the heap is nearly
 * full, instead of queueing requests without bound (@fastify/under-pressure, sampled every
 * second): the front retries a GET on another instance and rests this one for a moment.
 */
export default fp(
  async (app) => {
    const { PRESSURE_MAX_EVENT_LOOP_DELAY_MS: maxDelayMs, PRESSURE_MAX_HEAP_USED_MB: maxHeapMb } = app.config;
    const maxHeapUsedBytes =
      maxHeapMb === undefined
        ? Math.floor(getHeapStatistics().heap_size_limit * DEFAULT_HEAP_SHARE)
        : maxHeapMb * 2 ** 20;
    await app.register(underPressure, {
      maxEventLoopDelay: maxDelayMs,
      maxHeapUsedBytes,
      pressureHandler: shed as unknown as FastifyUnderPressureOptions['pressureHandler'],
    });
    // Returned, not sent: the plugin sends what its handler returns and ends the request there.
    function shed(request: FastifyRequest, reply: FastifyReply, type: string) {
      app.metrics.shed(type);
      request.log.debug({ pressure: type }, 'shed under pressure');
      reply.code(503).header('retry-after', String(RETRY_AFTER_S));
      const envelope = serverErrorEnvelope(request, 'B0100');
      if (!asksForPage(request)) return envelope;
      reply.type('text/html; charset=utf-8');
      return busyPage(envelope.msg);
    }
  },
  { name: 'load-shedding', dependencies: ['context', 'metrics'] },
);

/** A browser opening the H5 itself (not the API, not a script or picture) reads a page, not JSON. */
function asksForPage(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' &&
    !request.url.startsWith(API_PREFIX) &&
    String(request.headers.accept ?? '').includes('text/html')
  );
}

/** The message as a page that tries again by itself after the wait it names in `Retry-After`. */
function busyPage(message: string): string {
  const text = escapeHtml(message);
  return (
    `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta http-equiv="refresh" content="${RETRY_AFTER_S}"><title>${text}</title><p>${text}</p>`
  );
}
