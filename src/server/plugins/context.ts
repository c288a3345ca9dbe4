import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { AnswerReplay } from '../lib/answer-replay.ts';
import type { Providers } from '../providers/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    providers: Providers;
    /** Answers the same for every caller, kept to be replayed in front of the router (lib/answer-replay.ts). */
    answerReplay: AnswerReplay;
  }
}

/** Puts configuration, database, outside-service providers and the answer replay on the instance for every module. */
export default fp<{ config: Config; database: Database; providers: Providers; answerReplay: AnswerReplay }>(
  async (app, opts) => {
    app.decorate('config', opts.config);
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    app.decorate('providers', opts.providers);
    app.decorate('answerReplay', opts.answerReplay);
  },
  { name: 'context' },
);
