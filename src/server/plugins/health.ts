import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as paths from '#shared/api-paths.ts';
import { text } from '#shared/text.ts';
import { FEED_HEARTBEAT_MS } from '../db/change-feed.ts';
import { ok, okSchema } from '../lib/envelope.ts';
import { projectRoot } from '../lib/project-root.ts';
import { within } from '../lib/within.ts';
import { serverErrorEnvelope } from './error-handler.ts';
import { addModuleErrorCodes } from './openapi.ts';
import { exemptFromShedding } from './load-shedding.ts';

/** One part of readiness: resolves when the part is up, rejects (its message the reason) when down. */
export type ReadinessCheck = () => Promise<void>;

export interface CheckResult {
  status: 'up' | 'down';
  /** Why it is down (a timeout, the error's message); never data. */
  reason?: string;
  ms: number;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, CheckResult>;
}

export interface Readiness {
  /** Adds a named part to every readiness answer (another dependency, a job's own state). */
  add(name: string, check: ReadinessCheck): void;
  /** Runs every check at once, each within READY_CHECK_TIMEOUT_MS. */
  report(): Promise<ReadinessReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/** The change feed counts as listening while it heard its own heartbeat within this long. */
const FEED_SILENCE_MS = 3 * FEED_HEARTBEAT_MS;

const CheckResultSchema = z.object({ status: z.enum(['up', 'down']), reason: text().optional(), ms: z.number() });
const ReadySchema = z.object({ status: z.literal('ready'), checks: z.record(text(), CheckResultSchema) });

/** How many migrations the build ships (drizzle-kit's journal), which the database must have applied. */
function shippedMigrations(): number {
  const journal = JSON.parse(readFileSync(join(projectRoot(), 'drizzle', 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

async function timed(check: ReadinessCheck, timeoutMs: number): Promise<CheckResult> {
  const started = performance.now();
  try {
    await within(check(), timeoutMs);
    return { status: 'up', ms: Math.round(performance.now() - started) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { status: 'down', reason, ms: Math.round(performance.now() - started) };
  }
}

/**
 * Health for a balancer (docs/deployment.md): `GET /prod-api/health/live` answers while the process
 * does (even when shedding load), `GET /prod-api/health/ready` while it can serve: the database
 * answers within READY_CHECK_TIMEOUT_MS, every migration the build ships is applied, the change feed
 * listens. Not ready is 503 B0300 naming each part (`data.checks`, `data.down`). Parts are added
 * with `app.readiness.add`; the metrics report the same checks (`insure_h5_ready`).
 */
export default fp(
  async (app) => {
    const checks = new Map<string, ReadinessCheck>();
    const timeoutMs = app.config.READY_CHECK_TIMEOUT_MS;
    const readiness: Readiness = {
      add(name, check) {
        if (checks.has(name)) throw new Error(`readiness check ${name} added twice`);
        checks.set(name, check);
      },
      async report() {
        const names = [...checks.keys()];
        const results = await Promise.all(names.map((name) => timed(checks.get(name)!, timeoutMs)));
        const report = Object.fromEntries(names.map((name, i) => [name, results[i]]));
        return { ready: results.every((r) => r.status === 'up'), checks: report };
      },
    };
    app.decorate('readiness', readiness);

    const migrations = shippedMigrations();
    readiness.add('database', async () => {
      await app.db.execute(sql`SELECT 1`);
    });
    readiness.add('migrations', async () => {
      const result = await app.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
      const [{ n }] = (result as unknown as { rows: { n: number }[] }).rows;
      if (n < migrations) throw new Error(`${n} of ${migrations} applied`);
    });
    readiness.add('changeFeed', async () => {
      const { changes } = app.database;
      if (!changes.live) throw new Error('not listening');
      const silentMs = Date.now() - changes.heardAt;
      if (silentMs > FEED_SILENCE_MS) throw new Error(`silent for ${Math.round(silentMs / 1000)} s`);
    });

    const routes: FastifyPluginAsyncZod = async (scope) => {
      // The API document lists what these answer besides success: not ready, shedding load.
      scope.addHook('onRoute', (route) => addModuleErrorCodes(route, ['B0100', 'B0300']));
      // Balancers ask every few seconds: their answers are logged only when something is wrong.
      scope.get(
        paths.system.healthLive.route,
        {
          logLevel: 'warn',
          config: exemptFromShedding,
          schema: { tags: ['system'], response: { 200: okSchema(z.object({ status: z.literal('live') })) } },
        },
        async () => ok({ status: 'live' as const }),
      );
      scope.get(
        paths.system.healthReady.route,
        {
          logLevel: 'warn',
          schema: { tags: ['system'], response: { 200: okSchema(ReadySchema) } },
        },
        async (request, reply) => {
          const report = await readiness.report();
          if (report.ready) return ok({ status: 'ready' as const, checks: report.checks });
          const down = Object.keys(report.checks).filter((name) => report.checks[name].status === 'down');
          request.log.warn({ checks: report.checks }, 'not ready');
          // The 503 has no response schema of its own (the API document lists B0300 under it).
          return reply
            .code(503 as 200)
            .send(serverErrorEnvelope(request, 'B0300', undefined, { checks: report.checks, down }) as never);
        },
      );
    };
    await app.register(routes);
  },
  { name: 'health', dependencies: ['context', 'error-handler', 'load-shedding', 'openapi'] },
);
