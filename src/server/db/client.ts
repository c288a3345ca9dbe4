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
}

const PGLITE_SHARED_BUFFERS = '16MB';

const migrationsFolder = () => join(projectRoot(), 'drizzle');

/** Opens the database and applies the committed drizzle-kit migrations (then `afterMigrate`), under the start-up lock. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // Idle connections are kept a minute (pg's default: 10 s), so a burst after a quiet spell
    // does not first open ten new connections, each a new PostgreSQL backend.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, idleTimeoutMillis: 60_000 });
    // An idle client whose server connection ends (restart, failover) must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    const exclusive = postgresExclusive(pool);
    try {
      // drizzle's migrator takes no lock of its own: two instances would both run 0000_init.
      await exclusive('start-up', 'wait', async () => {
        await migratePg(db, { migrationsFolder: migrationsFolder() });
        await opts.afterMigrate?.(db as unknown as Db);
      });
    } catch (error) {
      await pool.end();
      throw error;
    }
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
