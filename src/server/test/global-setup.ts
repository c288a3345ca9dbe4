import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../db/client.ts';
import { seedDemo, seedMenu } from '../seeds/seed.ts';

/** What a test database starts with: the menu only, or the menu and the demo data. */
export type TestSeed = 'menu' | 'demo';

/**
 * Migrated and seeded databases every test file copies its own from, built once per run:
 * PGlite data folder dumps in a folder of this run, or template databases on PostgreSQL.
 */
export type TestDatabaseTemplates =
  { kind: 'pglite'; dumps: Record<TestSeed, string> } | { kind: 'postgres'; databases: Record<TestSeed, string> };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplates: TestDatabaseTemplates;
  }
}

/** Vitest global setup of the server project: builds the templates, and removes them after the run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const built = adminUrl ? await postgresTemplates(adminUrl) : await pgliteDumps();
  project.provide('testDatabaseTemplates', built.templates);
  return built.remove;
}

async function pgliteDumps() {
  const folder = await mkdtemp(join(tmpdir(), 'insure-h5-test-'));
  const dumps = { menu: join(folder, 'menu.tar'), demo: join(folder, 'demo.tar') };
  const database = await openDatabase({ dataDir: 'memory://' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = async (path: string) =>
    writeFile(path, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  try {
    await seedMenu(database.db);
    await dump(dumps.menu);
    await seedDemo(database.db);
    await dump(dumps.demo);
  } finally {
    await database.close();
  }
  return {
    templates: { kind: 'pglite', dumps } as const,
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

async function postgresTemplates(adminUrl: string) {
  const prefix = `template_${randomBytes(6).toString('hex')}`;
  const databases = { menu: `${prefix}_menu`, demo: `${prefix}_demo` };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const seeded = async (name: string, seed: (database: Database) => Promise<unknown>) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    try {
      await seed(database);
    } finally {
      // A template takes copies only while nobody is connected to it.
      await database.close();
    }
  };
  try {
    await admin.query(`CREATE DATABASE ${databases.menu}`);
    await seeded(databases.menu, (database) => seedMenu(database.db));
    await admin.query(`CREATE DATABASE ${databases.demo} TEMPLATE ${databases.menu}`);
    await seeded(databases.demo, (database) => seedDemo(database.db));
  } finally {
    await admin.end();
  }
  return {
    templates: { kind: 'postgres', databases } as const,
    remove: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      for (const name of Object.values(databases)) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
