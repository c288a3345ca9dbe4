import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PartnerEditSchema,
  PartnerListSchema,
  PartnerQuerySchema,
  PartnerSchema,
  RelationRemovedSchema,
} from '#shared/partners.ts';
import { SUPER_ROLE } from '#shared/roles.ts';
import * as paths from '#shared/api-paths.ts';
import { AppError } from '../../lib/app-error.ts';
import { sessionsEnded } from '../access/session-state.ts';
import { ok, okSchema, textFor } from '../../lib/envelope.ts';
import { idParam } from '../../lib/id-param.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { editPartner, findPartner, listPartners, partnerNotFound } from './partners.ts';
import { removeRelation } from './relations.ts';
import type { Viewer } from './repository.ts';

const IdParams = z.object({ id: idParam('id.partner') });
const PairParams = z.object({ a: idParam('id.partner'), b: idParam('id.partner') });

const viewerOf = (request: FastifyRequest): Viewer => {
  const member = request.member!;
  return member.roles.includes(SUPER_ROLE) ? { kind: 'channel' } : { kind: 'partner', memberId: member.memberId };
};

/**
 * Partners (contracts in src/shared/partners.ts). Role `partner` sees the partners related to them
 * and may remove their own relations; channel staff see and edit every partner and remove any
 * relation. Members and companies get A0303.
 */
const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const partners = { onRequest: app.requireRole('partner') };
  const channel = { onRequest: app.requireRole(SUPER_ROLE) };
  const tags = ['partners'];

  app.get(
    paths.partners.list.route,
    { ...partners, schema: { tags, querystring: PartnerQuerySchema, response: { 200: okSchema(PartnerListSchema) } } },
    async (request, reply) => {
      const q = request.query;
      const { list, total } = await listPartners(app.db, viewerOf(request), q, requestLanguage(request, reply));
      return ok({ list, total, page: q.page, pageSize: q.pageSize });
    },
  );

  // Only channel staff edit a partner: a partner's name and standing are the channel's business.
  app.put(
    paths.partners.detail.route,
    {
      ...channel,
      schema: { tags, params: IdParams, body: PartnerEditSchema, response: { 200: okSchema(PartnerSchema) } },
    },
    async (request, reply) => {
      await editPartner(app.db, app.database.changes, request.member!.memberId, request.params.id, request.body);
      // Disabling revoked the partner's sessions in that transaction; now committed, every instance hears it.
      if (request.body.status === 'disabled') await sessionsEnded(app.database);
      const row = await findPartner(app.db, { kind: 'channel' }, request.params.id, requestLanguage(request, reply));
      if (!row) throw partnerNotFound();
      return ok(row, textFor(request, 'saved.saved'));
    },
  );

  app.put(
    paths.partners.relation.route,
    { ...partners, schema: { tags, params: PairParams, response: { 200: okSchema(RelationRemovedSchema) } } },
    async (request) => {
      const { a, b } = request.params;
      const viewer = viewerOf(request);
      if (viewer.kind === 'partner' && viewer.memberId !== a) throw new AppError('A0303', 'partners.ownRelationsOnly');
      return ok(
        await removeRelation(app.db, app.database.changes, request.member!.memberId, a, b),
        textFor(request, 'partners.relationEnded'),
      );
    },
  );
};

export default partnerRoutes;
