import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PERSONS_MAX_PER_KIND,
  PersonInputSchema,
  PersonListQuerySchema,
  PersonListSchema,
  PersonSavedSchema,
  PersonSchema,
} from '#shared/persons.ts';
import * as paths from '#shared/api-paths.ts';
import { ok, okSchema, textFor } from '../../lib/envelope.ts';
import { idParam } from '../../lib/id-param.ts';
import { editPerson, personNotFound, savePerson } from './persons.ts';
import { maskedPerson, wholePerson } from './present.ts';
import { deletePerson, findPerson, listPersons } from './repository.ts';

const PersonParams = z.object({ id: idParam('id.person') });

/**
 * Saved applicants and insured persons (contracts in src/shared/persons.ts). Members only; each
 * sees only their own records, anyone else's id answers 404 A0404 like a missing one.
 */
const personRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.authenticate };
  const tags = ['persons'];

  app.get(
    paths.persons.list.route,
    {
      ...auth,
      schema: { tags, querystring: PersonListQuerySchema, response: { 200: okSchema(PersonListSchema) } },
    },
    async (request) => {
      const rows = await listPersons(app.db, request.member!.memberId, request.query.kind);
      return ok({ list: rows.map(maskedPerson), total: rows.length, max: PERSONS_MAX_PER_KIND });
    },
  );

  app.get(
    paths.persons.detail.route,
    {
      ...auth,
      schema: { tags, params: PersonParams, response: { 200: okSchema(PersonSchema) } },
    },
    async (request) => {
      const row = await findPerson(app.db, request.member!.memberId, request.params.id);
      if (!row) throw personNotFound();
      return ok(wholePerson(row));
    },
  );

  app.post(
    paths.persons.list.route,
    {
      ...auth,
      schema: { tags, body: PersonInputSchema, response: { 200: okSchema(PersonSavedSchema) } },
    },
    async (request) => {
      const saved = await savePerson(app.db, request.member!.memberId, request.body);
      return ok(saved, textFor(request, saved.created ? 'saved.saved' : 'saved.updated'));
    },
  );

  app.put(
    paths.persons.detail.route,
    {
      ...auth,
      schema: { tags, params: PersonParams, body: PersonInputSchema, response: { 200: okSchema(PersonSavedSchema) } },
    },
    async (request) =>
      ok(
        await editPerson(app.db, request.member!.memberId, request.params.id, request.body),
        textFor(request, 'saved.updated'),
      ),
  );

  app.delete(
    paths.persons.detail.route,
    {
      ...auth,
      schema: { tags, params: PersonParams, response: { 200: okSchema(z.null()) } },
    },
    async (request) => {
      if (!(await deletePerson(app.db, request.member!.memberId, request.params.id))) throw personNotFound();
      return ok(null, textFor(request, 'saved.deleted'));
    },
  );
};

export default personRoutes;
