import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MenuSchema } from '#shared/menu.ts';
import * as paths from '#shared/api-paths.ts';
import { okSchema } from '../../lib/envelope.ts';
import { sendPrepared } from '../../lib/prepared-json.ts';
import { requireActiveRoles } from '../session/current-member.ts';
import { menuCacheFor } from './menu-cache.ts';

/**
 * `GET open/menu` (spec §7): the route items the caller's roles allow, as a tree. Roles come from
 * the members table (through a cache the change feed drops), not the token, so a role change
 * shows at the next call.
 */
const MenuEnvelopeSchema = okSchema(MenuSchema);

const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = menuCacheFor(app.db);

  app.get(
    paths.open.menu.route,
    {
      onRequest: app.authenticate,
      schema: { tags: ['menu'], response: { 200: MenuEnvelopeSchema } },
    },
    async (request, reply) => {
      const roles = await requireActiveRoles(app.database, request.member!.memberId);
      // The envelope is cached serialised, validated against MenuSchema when it was built.
      return sendPrepared(reply, await cache.envelopeFor(roles));
    },
  );
};

export default menuRoutes;
