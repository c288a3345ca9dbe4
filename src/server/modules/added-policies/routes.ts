import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as paths from '#shared/api-paths.ts';
import {
  ADDED_POLICIES_MAX,
  AddedPoliciesDeletedSchema,
  AddedPolicyInputSchema,
  AddedPolicyListSchema,
  AddedPolicySchema,
} from '#shared/added-policies.ts';
import { beijingToday } from '#shared/beijing-time.ts';
import { CLAIM_FILE_MAX_BYTES } from '#shared/claims.ts';
import { binaryFile, documentedBody } from '../../lib/documented-body.ts';
import { ok, okSchema, textFor } from '../../lib/envelope.ts';
import { fileResponse, PDF } from '../../lib/file-response.ts';
import { idParam } from '../../lib/id-param.ts';
import { withMultipart } from '../../lib/multipart-bodies.ts';
import { addPolicy, addedPolicyNotFound, editPolicy, presentAdded, removePolicies } from './added-policies.ts';
import { exportAdded } from './export.ts';
import { deleteFile, sendFile, uploadFiles } from './files.ts';
import { findAdded, listAdded } from './repository.ts';

const PolicyParams = z.object({ id: idParam('id.addedPolicy') });
const FileParams = z.object({ id: idParam('id.addedPolicy'), fileId: idParam('id.file') });

/** As for claim materials: busboy keeps one byte past 5 MiB, so the handler names the limit. */
const UPLOAD_OPTIONS = {
  throwFileSizeLimit: false,
  limits: { fileSize: CLAIM_FILE_MAX_BYTES + 1, files: 9, fields: 2 },
} as { limits: { fileSize: number; files: number; fields: number } };

const UploadBody = z.object({ file: z.array(binaryFile('JPEG, PNG or PDF, at most 5 MiB each')) });

/**
 * 保单托管 (contracts in src/shared/added-policies.ts): a member's policies held elsewhere, their
 * documents, the export and the removal of everything. Each member sees only their own; anyone
 * else's id answers 404 A0404 like a missing one.
 */
const addedPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.authenticate };
  const tags = ['added-policies'];

  app.get(
    paths.addedPolicies.list.route,
    { ...auth, schema: { tags, response: { 200: okSchema(AddedPolicyListSchema) } } },
    async (request) => {
      const today = beijingToday();
      const list = (await listAdded(app.db, request.member!.memberId)).map((r) => presentAdded(r, today));
      return ok({ list, total: list.length, max: ADDED_POLICIES_MAX });
    },
  );

  app.get(
    paths.addedPolicies.export.route,
    { ...auth, schema: { tags, response: { 200: fileResponse('保单托管导出（zip）', 'application/zip') } } },
    async (request, reply) => exportAdded(app, reply, request.member!.memberId),
  );

  app.get(
    paths.addedPolicies.detail.route,
    { ...auth, schema: { tags, params: PolicyParams, response: { 200: okSchema(AddedPolicySchema) } } },
    async (request) => {
      const record = await findAdded(app.db, request.member!.memberId, request.params.id);
      if (!record) throw addedPolicyNotFound();
      return ok(presentAdded(record, beijingToday()));
    },
  );

  app.post(
    paths.addedPolicies.list.route,
    { ...auth, schema: { tags, body: AddedPolicyInputSchema, response: { 200: okSchema(AddedPolicySchema) } } },
    async (request) =>
      ok(await addPolicy(app, request.member!.memberId, request.body), textFor(request, 'addedPolicy.added')),
  );

  app.put(
    paths.addedPolicies.detail.route,
    {
      ...auth,
      schema: {
        tags,
        params: PolicyParams,
        body: AddedPolicyInputSchema,
        response: { 200: okSchema(AddedPolicySchema) },
      },
    },
    async (request) =>
      ok(
        await editPolicy(app, request.member!.memberId, request.params.id, request.body),
        textFor(request, 'addedPolicy.saved'),
      ),
  );

  app.delete(
    paths.addedPolicies.detail.route,
    { ...auth, schema: { tags, params: PolicyParams, response: { 200: okSchema(AddedPoliciesDeletedSchema) } } },
    async (request) =>
      ok(
        await removePolicies(app, request.member!.memberId, request.params.id),
        textFor(request, 'addedPolicy.removed'),
      ),
  );

  app.delete(
    paths.addedPolicies.list.route,
    { ...auth, schema: { tags, response: { 200: okSchema(AddedPoliciesDeletedSchema) } } },
    async (request) =>
      ok(await removePolicies(app, request.member!.memberId), textFor(request, 'addedPolicy.removedAll')),
  );

  await withMultipart(app, (uploads) => {
    uploads.post(
      paths.addedPolicies.files.route,
      {
        ...auth,
        config: { multipartOptions: UPLOAD_OPTIONS, ...documentedBody(UploadBody, 'multipart/form-data') },
        schema: { tags, params: PolicyParams, response: { 200: okSchema(AddedPolicySchema) } },
      },
      async (request) =>
        ok(
          await uploadFiles(app, request.member!.memberId, request.params.id, request.body),
          textFor(request, 'addedPolicy.uploaded'),
        ),
    );
  });

  app.get(
    paths.addedPolicies.file.route,
    {
      ...auth,
      schema: {
        tags,
        params: FileParams,
        response: { 200: fileResponse('托管保单文件', 'image/jpeg', 'image/png', PDF) },
      },
    },
    async (request, reply) => sendFile(app, reply, request.member!.memberId, request.params.id, request.params.fileId),
  );

  app.delete(
    paths.addedPolicies.file.route,
    { ...auth, schema: { tags, params: FileParams, response: { 200: okSchema(AddedPolicySchema) } } },
    async (request) =>
      ok(
        await deleteFile(app, request.member!.memberId, request.params.id, request.params.fileId),
        textFor(request, 'addedPolicy.fileRemoved'),
      ),
  );
};

export default addedPolicyRoutes;
