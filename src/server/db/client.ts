import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { projectRoot } from '../lib/project-root.ts';
import { openChangeFeed, type ChangeFeed } from './change-feed.ts';
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
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent, PGlite in `dataDir` (or in memory for `memory://`). */
  databaseUrl?: string;
  dataDir?: string;
  /** A PGlite data folder dumped with `dumpDataDir` to start from (tests copy one migrated database). */
  loadDataDir?: Blob;
}

const PGLITE_SHARED_BUFFERS = '16MB';

const migrationsFolder = () => join(projectRoot(), 'drizzle');

/** Opens the database and applies the committed drizzle-kit migrations. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client whose server connection ends (restart, failover) must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    await migratePg(db, { migrationsFolder: migrationsFolder() });
    const changes = await openChangeFeed({ kind: 'postgres', url: opts.databaseUrl, pool });
    return { db: db as unknown as Db, kind: 'postgres', changes, close: async () => { await changes.close(); await pool.end(); } };
  }
  // PGlite (a WASM PostgreSQL of some tens of MB) is loaded only when it is used.
  const [{ PGlite: Pglite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'), import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator'),
  ]);
  // PostgreSQL's default 128 MB of shared buffers would all live in the WASM heap; one process on
  // a small database needs far less (docs/decisions.md#server-performance).
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
  const changes = await openChangeFeed({ kind: 'pglite' });
  return { db: db as unknown as Db, kind: 'pglite', changes, close: async () => { await changes.close(); await client.close(); } };
}
