import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLAIM_FILE_KINDS,
  CLAIM_FILE_MAX_BYTES,
  CLAIM_FILES_PER_REQUEST,
  ClaimDeskListSchema,
  ClaimDeskQuerySchema,
  ClaimDetailSchema,
  ClaimGuideSchema,
  ClaimListQuerySchema,
  ClaimListSchema,
  ClaimReportSchema,
  ClaimPrecheckResultSchema,
  ClaimPrecheckSchema,
  ClaimSupplementSchema,
  ClaimTransitionSchema,
  ClaimUploadResultSchema,
} from '#shared/claims.ts';
import * as paths from '#shared/api-paths.ts';
import { binaryFile, documentedBody } from '../../lib/documented-body.ts';
import { ok, okSchema, textFor } from '../../lib/envelope.ts';
import { idParam } from '../../lib/id-param.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { visibleClaim } from './access.ts';
import { claimDeskList, claimDetail, claimList } from './claims.ts';
import { sendClaimFile, uploadClaimFiles } from './files.ts';
import { claimGuide } from './guide.ts';
import { precheckClaim } from './precheck.ts';
import { reportClaim } from './report.ts';
import { submitSupplement, transitionClaim } from './transitions.ts';
import { fileResponse, PDF } from '../../lib/file-response.ts';
import { withMultipart } from '../../lib/multipart-bodies.ts';

const ClaimParams = z.object({ id: idParam('id.claim') });
const FileParams = z.object({ id: idParam('id.claim'), fileId: idParam('id.file') });

/**
 * Busboy stops buffering one byte past 5 MiB (so a large upload never fills memory) and, with
 * `throwFileSizeLimit` off (honoured by @fastify/multipart per request, missing from its types),
 * hands the cut file to the handler, which refuses it with a message naming the limit.
 */
const UPLOAD_OPTIONS = {
  throwFileSizeLimit: false,
  limits: { fileSize: CLAIM_FILE_MAX_BYTES + 1, files: CLAIM_FILES_PER_REQUEST, fields: 5 },
} as { limits: { fileSize: number; files: number; fields: number } };

/**
 * Claims (contracts in src/shared/claims.ts): the public guide, report, materials, list, detail,
 * supplement, and the staff-side transitions (role channel). A member sees only their own claims;
 * anyone else's answer 404 A0404 like missing ones. Channel staff may read every claim.
 */
/** The upload's form as the handler reads it (files.ts readUpload): one or more `file` parts and their `kind`. */
const ClaimUploadBody = z.object({
  file: z.array(binaryFile('JPEG, PNG or PDF, at most 5 MiB each')),
  kind: z.enum(CLAIM_FILE_KINDS).optional(),
});

const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.authenticate };
  const tags = ['claims'];

  app.get(
    paths.claims.guide.route,
    { schema: { tags, response: { 200: okSchema(ClaimGuideSchema) } } },
    async (request, reply) => ok(claimGuide(requestLanguage(request, reply))),
  );

  app.post(
    paths.claims.list.route,
    {
      ...auth,
      schema: { tags, body: ClaimReportSchema, response: { 200: okSchema(ClaimDetailSchema) } },
    },
    async (request, reply) =>
      ok(
        await reportClaim(app, request.member!.memberId, request.body, requestLanguage(request, reply)),
        textFor(request, 'claims.reported'),
      ),
  );

  // Before reporting: would the member's policy answer this claim, roughly how much, with which materials.
  app.post(
    paths.claims.precheck.route,
    {
      ...auth,
      schema: { tags, body: ClaimPrecheckSchema, response: { 200: okSchema(ClaimPrecheckResultSchema) } },
    },
    async (request, reply) =>
      ok(await precheckClaim(app, request.member!.memberId, request.body, requestLanguage(request, reply))),
  );

  app.get(
    paths.claims.list.route,
    {
      ...auth,
      schema: { tags, querystring: ClaimListQuerySchema, response: { 200: okSchema(ClaimListSchema) } },
    },
    async (request, reply) =>
      ok(await claimList(app, request.member!.memberId, request.query, requestLanguage(request, reply))),
  );

  // Staff desk (role channel): every member's claims; detail and files below already let channel read any claim.
  app.get(
    paths.claims.desk.route,
    {
      onRequest: app.requireRole('channel'),
      schema: { tags, querystring: ClaimDeskQuerySchema, response: { 200: okSchema(ClaimDeskListSchema) } },
    },
    async (request, reply) => ok(await claimDeskList(app, request.query, requestLanguage(request, reply))),
  );

  app.get(
    paths.claims.detail.route,
    {
      ...auth,
      schema: { tags, params: ClaimParams, response: { 200: okSchema(ClaimDetailSchema) } },
    },
    async (request, reply) => {
      await visibleClaim(app.db, request, request.params.id);
      return ok(await claimDetail(app, request.params.id, requestLanguage(request, reply)));
    },
  );

  await withMultipart(app, (uploads) => {
    uploads.post(
      paths.claims.files.route,
      {
        ...auth,
        config: { multipartOptions: UPLOAD_OPTIONS, ...documentedBody(ClaimUploadBody, 'multipart/form-data') },
        schema: { tags, params: ClaimParams, response: { 200: okSchema(ClaimUploadResultSchema) } },
      },
      async (request, reply) =>
        ok(
          await uploadClaimFiles(
            app,
            request.member!.memberId,
            request.params.id,
            request.body,
            requestLanguage(request, reply),
          ),
          textFor(request, 'claims.uploaded'),
        ),
    );
  });

  app.get(
    paths.claims.file.route,
    {
      ...auth,
      schema: {
        tags,
        params: FileParams,
        response: { 200: fileResponse('理赔材料文件', 'image/jpeg', 'image/png', PDF) },
      },
    },
    async (request, reply) => {
      const found = await visibleClaim(app.db, request, request.params.id);
      return sendClaimFile(app, reply, found, request.params.fileId);
    },
  );

  app.post(
    paths.claims.supplement.route,
    {
      ...auth,
      schema: {
        tags,
        params: ClaimParams,
        body: ClaimSupplementSchema,
        response: { 200: okSchema(ClaimDetailSchema) },
      },
    },
    async (request, reply) =>
      ok(
        await submitSupplement(
          app,
          request.member!.memberId,
          request.params.id,
          request.body.note,
          requestLanguage(request, reply),
        ),
        textFor(request, 'claims.supplementSent'),
      ),
  );

  app.post(
    paths.claims.transition.route,
    {
      onRequest: app.requireRole('channel'),
      schema: {
        tags,
        params: ClaimParams,
        body: ClaimTransitionSchema,
        response: { 200: okSchema(ClaimDetailSchema) },
      },
    },
    async (request, reply) =>
      ok(
        await transitionClaim(
          app,
          request.member!.memberId,
          request.params.id,
          request.body,
          requestLanguage(request, reply),
        ),
      ),
  );
};

export default claimRoutes;
