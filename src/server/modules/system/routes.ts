import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '#shared/text.ts';
import * as paths from '#shared/api-paths.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { projectRoot } from '../../lib/project-root.ts';

export const VersionSchema = z.object({ name: text(), version: text(), database: z.enum(['pglite', 'postgres']) });

/** `GET /prod-api/version`: no token (spec §7, docs/decisions/api-addresses.md). */
const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { name, version } = JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  app.get(
    paths.system.version.route,
    {
      schema: { tags: ['system'], response: { 200: okSchema(VersionSchema) } },
    },
    async () => ok({ name, version, database: app.database.kind }),
  );
};

export default systemRoutes;
