import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database, type PoolLimits } from '../db/client.ts';
import { seedDemo, seedMenu } from '../seeds/seed.ts';
import type { TestSeed } from './global-setup.ts';

/**
 * One database and one app per test file. The database is a copy of one migrated and seeded once
 * per run (global-setup.ts): a PGlite in memory loaded from a dump or, with TEST_DATABASE_URL set,
 * a database of its own on that PostgreSQL server made from a template, so the same suite runs on
 * both.
 */
export interface TestContext {
  app: App;
  config: Config;
  database: Database;
  /** Base URL when the app listens (needed by the WeChat simulator, which is reached over HTTP). */
  url: string;
}

export async function setupTestApp(
  env: Record<string, string> = {},
  opts: {
    listen?: boolean;
    seed?: boolean;
    extend?: (app: App) => void | Promise<void>;
    logger?: FastifyServerOptions['logger'];
    /** On PostgreSQL: the app reaches its database at another address (a proxy), with these pool bounds. */
    postgres?: { reach?: (url: URL) => URL; limits?: Partial<PoolLimits> };
  } = {},
): Promise<TestContext> {
  // Uploads and the simulator's keys in memory, not in the checkout's ./data (a developer's own).
  // The API suites read outboxes and play WeChat: both opt-in features on unless a test says otherwise.
  // Many apps share a test worker, whose event loop a neighbour's start-up may block for seconds:
  // load shedding on that delay is off unless a test switches it on (plugins/load-shedding.ts).
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://test',
    DEV_ROUTES: 'true',
    WECHAT_SIMULATOR: 'true',
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
  const { database, drop } = await openTestDatabase(opts.seed === false ? 'menu' : 'demo', opts.postgres);
  // TEST_LOG=1 shows the app's error logs (e.g. the cause of an unexpected 500) while tests run.
  const app = await buildApp({
    config,
    database,
    logger: opts.logger ?? (process.env.TEST_LOG ? { level: 'error' } : false),
  });
  await opts.extend?.(app);
  let url = '';
  if (opts.listen !== false) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address && typeof address === 'object') url = `http://127.0.0.1:${address.port}`;
  } else {
    await app.ready();
  }
  afterAll(async () => {
    await app.close();
    await database.close();
    await drop();
  });
  return { app, config, database, url };
}

async function openTestDatabase(
  seed: TestSeed,
  postgres: { reach?: (url: URL) => URL; limits?: Partial<PoolLimits> } = {},
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const templates = inject('testDatabaseTemplates');
  if (!templates) return { database: await migratedAndSeeded(seed), drop: async () => {} };
  if (templates.kind === 'pglite') {
    const dump = new Blob([await readFile(templates.dumps[seed])]);
    return { database: await openDatabase({ dataDir: 'memory://', loadDataDir: dump }), drop: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('the PostgreSQL templates were built, but TEST_DATABASE_URL is not set here');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templates.databases[seed]}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const reached = postgres.reach ? postgres.reach(new URL(url)) : url;
  const database = await openDatabase({ databaseUrl: reached.toString(), limits: postgres.limits });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Without the run's templates (a file run outside the server project): a PGlite migrated here. */
async function migratedAndSeeded(seed: TestSeed): Promise<Database> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await seedMenu(database.db);
  if (seed === 'demo') await seedDemo(database.db);
  return database;
}
