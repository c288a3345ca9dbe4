import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedAtStart } from './seeds/seed.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let seeded = false;
  // Several instances may start at once on one PostgreSQL: migrations and seeding run under one lock.
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    afterMigrate: async (db) => {
      seeded = (await seedAtStart(db, { demo: config.seedDemo })).demo;
    },
  });
  const app = await buildApp({ config, database });
  if (seeded) app.log.info('demo data seeded');

  // Finish in-flight requests, then close the database; a second signal or 10 s forces the exit.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  // Metrics on a listener of their own, never the public port (so never behind the front).
  if (config.METRICS_PORT !== undefined) {
    const port = await app.metrics.listen(config.METRICS_PORT, config.METRICS_HOST ?? config.HOST);
    app.log.info({ port }, 'metrics at /metrics');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
