import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { isGrantType } from '#shared/auth.ts';
import * as paths from '#shared/api-paths.ts';
import type { DeliveryRun } from '../modules/messages/notification-delivery.ts';
import { within } from '../lib/within.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export interface Metrics {
  readonly registry: Registry;
  /** Counts what became of one delivery run's WeChat notifications. */
  delivered(run: DeliveryRun): void;
  /** Counts a request shed under pressure (plugins/load-shedding.ts), by what was saturated. */
  shed(reason: string): void;
  /** Counts a request answered 503 C0300 because of the database (plugins/error-handler.ts), by kind of trouble. */
  databaseUnavailable(trouble: string): void;
  /**
   * Serves the metrics in Prometheus' text format at `/metrics` on a listener of its own
   * (METRICS_PORT): never the public port, so never behind the front either. Also starts Node's
   * process metrics (event-loop delay, heap, GC, CPU). Resolves with the port it listens on.
   */
  listen(port: number, host: string): Promise<number>;
}

/** The label of requests no route matched (404): never the raw URL, which anyone can vary. */
const UNMATCHED = 'unmatched';
/** A scrape waits this long at most for the database's figures (the outbox) before leaving them out. */
const SCRAPE_QUERY_TIMEOUT_MS = 1_000;

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** What a sign-in's status says: issued, refused (bad credentials, input, client), limited, or failed on our side. */
function signInOutcome(status: number): string {
  if (status < 300) return 'success';
  if (status === 429) return 'rate_limited';
  return status < 500 ? 'refused' : 'failed';
}

function grantOf(request: FastifyRequest): string {
  const grant = (request.body as { grant_type?: unknown } | undefined)?.grant_type;
  return typeof grant === 'string' && isGrantType(grant) ? grant : 'other';
}

/**
 * The instance's metrics with prom-client, in a registry of its own (README, "Metrics",
 * lists them): request durations by route pattern, method and status class, the database pool, the
 * change feed, the notification outbox, payment notifications, sign-ins, rate-limit refusals, load
 * shed, and readiness. Figures held in the database (the outbox) are read when scraped.
 */
export default fp(
  async (app) => {
    const registry = new Registry();
    const requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer sent, by route pattern, method and status class.',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const rateLimited = new Counter({
      name: 'insure_h5_rate_limited_total',
      help: 'Requests refused with 429 (a rate limit, a sign-in lockout, an SMS cooldown), by route pattern.',
      labelNames: ['route'] as const,
      registers: [registry],
    });
    const signIns = new Counter({
      name: 'insure_h5_signins_total',
      help: 'Token requests by grant and outcome (success, refused, rate_limited, failed).',
      labelNames: ['grant', 'outcome'] as const,
      registers: [registry],
    });
    const payNotifications = new Counter({
      name: 'insure_h5_payment_notifications_total',
      help: 'WeChat Pay notifications by outcome: accepted (2xx), refused (4xx: signature, amount, order), failed (5xx).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    });
    const notifications = new Counter({
      name: 'insure_h5_notifications_total',
      help: 'WeChat notifications this instance delivered, by outcome (sent, retried, failed, cancelled).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    });
    const shed = new Counter({
      name: 'insure_h5_load_shed_total',
      help: 'Requests answered 503 under pressure, by what was saturated (eventLoopDelay, heapUsedBytes).',
      labelNames: ['reason'] as const,
      registers: [registry],
    });

    const databaseUnavailable = new Counter({
      name: 'insure_h5_database_unavailable_total',
      help: 'Requests answered 503 C0300 because of the database, by trouble (unreachable, dropped, shutting-down, timeout, locked, busy).',
      labelNames: ['trouble'] as const,
      registers: [registry],
    });

    const { database } = app;
    new Gauge({
      name: 'insure_h5_db_pool_connections',
      help: 'PostgreSQL pool connections by state (in_use, idle); none on PGlite.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        if (!database.pool) return;
        this.set({ state: 'in_use' }, database.pool.totalCount - database.pool.idleCount);
        this.set({ state: 'idle' }, database.pool.idleCount);
      },
    });
    new Gauge({
      name: 'insure_h5_db_pool_waiting_requests',
      help: 'Queries waiting for a free PostgreSQL pool connection.',
      registers: [registry],
      collect() {
        if (database.pool) this.set(database.pool.waitingCount);
      },
    });
    new Gauge({
      name: 'insure_h5_change_feed_connected',
      help: "1 while the change feed's listening connection is up (always 1 on PGlite, one process).",
      registers: [registry],
      collect() {
        this.set(database.changes.live ? 1 : 0);
      },
    });
    new Gauge({
      name: 'insure_h5_change_feed_last_event_age_seconds',
      help: 'Seconds since the change feed last heard anything, its own heartbeat included (every 10 s).',
      registers: [registry],
      collect() {
        this.set(Math.max(0, (Date.now() - database.changes.heardAt) / 1000));
      },
    });
    // One query at a scrape fills the outbox gauges (the first one's collect runs before the others
    // are read); a database that does not answer in time leaves them out and says so.
    new Gauge({
      name: 'insure_h5_notification_outbox_backlog',
      help: 'WeChat notifications not yet delivered (pending or being sent), across all instances.',
      registers: [registry],
      async collect() {
        try {
          const result = await within(
            app.db.execute(sql`
              SELECT count(*)::int AS backlog,
                     coalesce(extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now())), 0)::float AS oldest
                FROM notification_outbox WHERE status IN ('pending', 'sending')`),
            SCRAPE_QUERY_TIMEOUT_MS,
          );
          const [row] = (result as unknown as { rows: { backlog: number; oldest: number }[] }).rows;
          this.set(row.backlog);
          outboxOldestDue.set(row.oldest);
          outboxRead.set(1);
        } catch {
          this.reset();
          outboxOldestDue.reset();
          outboxRead.set(0);
        }
      },
    });
    const outboxOldestDue = new Gauge({
      name: 'insure_h5_notification_outbox_oldest_due_seconds',
      help: 'How long the oldest notification due has been waiting to be sent (0 when none is).',
      registers: [registry],
    });
    const outboxRead = new Gauge({
      name: 'insure_h5_notification_outbox_scrape_ok',
      help: '1 when the outbox figures of this scrape were read from the database.',
      registers: [registry],
    });
    new Gauge({
      name: 'insure_h5_ready',
      help: 'Readiness checks of GET /prod-api/health/ready, run at the scrape: 1 up, 0 down.',
      labelNames: ['check'] as const,
      registers: [registry],
      async collect() {
        const { checks } = await app.readiness.report();
        for (const [check, result] of Object.entries(checks)) this.set({ check }, result.status === 'up' ? 1 : 0);
      },
    });

    // Each series' child kept (routes × methods × five classes): no label checks on every request.
    const timers = new Map<string, { observe(seconds: number): void }>();
    const timerOf = (method: string, route: string, status: number) => {
      const key = `${method} ${route} ${Math.floor(status / 100)}`;
      let timer = timers.get(key);
      if (!timer) timers.set(key, (timer = requestDuration.labels(method, route, statusClass(status))));
      return timer;
    };
    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED;
      const status = reply.statusCode;
      timerOf(request.method, route, status).observe(reply.elapsedTime / 1000);
      if (status === 429) rateLimited.inc({ route });
      if (route === paths.auth.token.route) signIns.inc({ grant: grantOf(request), outcome: signInOutcome(status) });
      else if (route === paths.order.payNotify.route)
        payNotifications.inc({ outcome: status < 300 ? 'accepted' : status < 500 ? 'refused' : 'failed' });
      done();
    });

    let server: Server | null = null;
    const metrics: Metrics = {
      registry,
      delivered(run) {
        for (const outcome of ['sent', 'retried', 'failed', 'cancelled'] as const)
          if (run[outcome]) notifications.inc({ outcome }, run[outcome]);
      },
      shed(reason) {
        shed.inc({ reason });
      },
      databaseUnavailable(trouble) {
        databaseUnavailable.inc({ trouble });
      },
      async listen(port, host) {
        collectDefaultMetrics({ register: registry });
        server = createServer((req, res) => {
          if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
            res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: GET /metrics\n');
            return;
          }
          registry.metrics().then(
            (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
            (error: unknown) => {
              app.log.error({ err: error }, 'metrics scrape failed');
              res.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
            },
          );
        });
        await new Promise<void>((resolve, reject) => {
          server!.once('error', reject);
          server!.listen(port, host, resolve);
        });
        const address = server.address();
        return address && typeof address === 'object' ? address.port : port;
      },
    };
    app.decorate('metrics', metrics);
    app.addHook('onClose', async () => {
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    });
  },
  { name: 'metrics', dependencies: ['context'] },
);
