import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { projectRoot } from '../lib/project-root.ts';
import { openChangeFeed, type ChangeFeed } from './change-feed.ts';
import { localExclusive, postgresExclusive, type Exclusive } from './exclusive.ts';
import * as schema from './schema.ts';
import { POOL_QUEUE_FULL } from './unavailable.ts';

export type Schema = typeof schema;
/** One type for both drivers: the same SQL runs on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Tells other instances on the same database what changed (their caches drop it). */
  changes: ChangeFeed;
  /** Runs work in one instance at a time across every instance on this database. */
  exclusive: Exclusive;
  /** PostgreSQL's connection pool, as the metrics read it (connections open, idle, requests waiting); none on PGlite. */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent, PGlite in `dataDir` (or in memory for `memory://`). */
  databaseUrl?: string;
  dataDir?: string;
  /** A PGlite data folder dumped with `dumpDataDir` to start from (tests copy one migrated database). */
  loadDataDir?: Blob;
  /**
   * Runs after the migrations while still holding the start-up lock (seeding): instances started
   * together on an empty database migrate and seed one after the other, never side by side.
   */
  afterMigrate?: (db: Db) => Promise<void>;
  /** The PostgreSQL pool's bounds (tests that fire many requests at once widen them). */
  limits?: Partial<PoolLimits>;
}

/**
 * How long a request may wait on PostgreSQL, and how many may wait at all
 * (docs/decisions/database-timeouts.md): every wait ends in a clear 503, never an open-ended queue.
 */
export interface PoolLimits {
  /** Connections in the pool. */
  size: number;
  /** A free connection (or a new one) within this long, else the query fails (pg's connectionTimeoutMillis). */
  connectMs: number;
  /** Queries waiting for a connection at most; one more is refused at once. */
  maxWaiting: number;
  /** Each statement within this long (PostgreSQL's statement_timeout, set per connection). */
  statementMs: number;
  /** Each lock wait within this long (lock_timeout): a locked table fails its readers fast. */
  lockMs: number;
}

const POOL_LIMITS: PoolLimits = { size: 10, connectMs: 2000, maxWaiting: 20, statementMs: 5000, lockMs: 1000 };

/**
 * pg's pool with a bounded queue: pg-pool queues without limit, so a slow database would collect
 * every request of a burst; past `maxWaiting` a query is refused at once (POOL_QUEUE_FULL, a 503).
 */
class BoundedPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly maxWaiting: number,
  ) {
    super(config);
  }

  // pg-pool's own query() takes its connection through connect(callback), so both ways are bounded.
  override connect(...args: unknown[]): never {
    const callback = args[0] as ((error: Error, client?: unknown, done?: () => void) => void) | undefined;
    if (this.waitingCount >= this.maxWaiting) {
      const error = Object.assign(new Error('database pool queue is full'), { code: POOL_QUEUE_FULL });
      if (!callback) return Promise.reject(error) as never;
      process.nextTick(() => callback(error, undefined, () => {}));
      return undefined as never;
    }
    return (super.connect as (...a: unknown[]) => never)(...args);
  }
}

const PGLITE_SHARED_BUFFERS = '16MB';

const migrationsFolder = () => join(projectRoot(), 'drizzle');

/** Opens the database and applies the committed drizzle-kit migrations (then `afterMigrate`), under the start-up lock. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // Migrations and seeding run on connections of their own, without the request timeouts: an
    // instance may wait for another's migration, and a migration may rewrite a big table.
    const startPool = new pg.Pool({ connectionString: opts.databaseUrl, max: 2 });
    startPool.on('error', () => {});
    try {
      const startDb = drizzlePg(startPool, { schema, casing: 'snake_case' });
      // drizzle's migrator takes no lock of its own: two instances would both run 0000_init.
      await postgresExclusive(startPool)('start-up', 'wait', async () => {
        await migratePg(startDb, { migrationsFolder: migrationsFolder() });
        await opts.afterMigrate?.(startDb as unknown as Db);
      });
    } finally {
      await startPool.end();
    }
    const limits = { ...POOL_LIMITS, ...opts.limits };
    const pool = new BoundedPool(
      {
        connectionString: opts.databaseUrl,
        max: limits.size,
        // Idle connections are kept a minute (pg's default: 10 s), so a burst after a quiet spell
        // does not first open ten new connections, each a new PostgreSQL backend.
        idleTimeoutMillis: 60_000,
        connectionTimeoutMillis: limits.connectMs,
        keepAlive: true,
        options: `-c statement_timeout=${limits.statementMs} -c lock_timeout=${limits.lockMs}`,
      },
      limits.maxWaiting,
    );
    // An idle client whose server connection ends (restart, failover) must not crash the process.
    pool.on('error', () => {});
    // Nor one that is checked out between two statements (a transaction, the jobs' advisory lock):
    // pg-pool listens only while a client is idle, and an 'error' nobody hears ends the process.
    // Its next statement fails (a 503), and the pool drops it when released (not queryable).
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    const exclusive = postgresExclusive(pool);
    const changes = await openChangeFeed({ kind: 'postgres', url: opts.databaseUrl, pool });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      changes,
      exclusive,
      pool,
      close: async () => {
        await changes.close();
        await pool.end();
      },
    };
  }
  // PGlite (a WASM PostgreSQL of some tens of MB) is loaded only when it is used.
  const [{ PGlite: Pglite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // PostgreSQL's default 128 MB of shared buffers would all live in the WASM heap; one process on
  // a small database needs far less (docs/decisions/memory-settings.md).
  const startParams = [...Pglite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  const dir = opts.dataDir ?? 'memory://';
  let client: PGlite;
  if (dir.startsWith('memory://')) {
    client = new Pglite(dir, { loadDataDir: opts.loadDataDir, startParams });
  } else {
    const path = resolve(dir, 'pglite');
    mkdirSync(path, { recursive: true });
    client = new Pglite(path, { startParams });
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  await opts.afterMigrate?.(db as unknown as Db);
  const changes = await openChangeFeed({ kind: 'pglite' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    changes,
    exclusive: localExclusive(),
    close: async () => {
      await changes.close();
      await client.close();
    },
  };
}
