import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Providers } from '../providers/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    providers: Providers;
  }
}

/** Puts configuration, database and outside-service providers on the instance for every module. */
export default fp<{ config: Config; database: Database; providers: Providers }>(
  async (app, opts) => {
    app.decorate('config', opts.config);
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    app.decorate('providers', opts.providers);
  },
  { name: 'context' },
);
