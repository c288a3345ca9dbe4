import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '#shared/text.ts';
import {
  TEAM_IMPORT_MAX_BYTES,
  TeamImportResultSchema,
  TeamListSchema,
  TeamRowDetailSchema,
  XLSX_MIME,
} from '#shared/orders.ts';
import * as paths from '#shared/api-paths.ts';
import { AppError } from '../../lib/app-error.ts';
import { binaryFile, documentedBody } from '../../lib/documented-body.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { localeOf } from '../catalogue/localize.ts';
import { TEAM_SHEET_TEXTS } from './team-excel-texts.ts';
import { teamRows } from './draft-repository.ts';
import { DraftParams, RowParams } from './params.ts';
import {
  addTeamRow,
  editTeamRow,
  importTeamRows,
  readableTeamDraft,
  removeTeamRow,
  rowDetail,
  teamListOf,
  teamRowOf,
} from './team.ts';
import { readTeamSheet, teamExport, teamTemplate } from './team-excel.ts';
import { ageDate } from './team-rows.ts';
import { looksLikeZip, unpackedSize } from './xlsx-guard.ts';
import { fileResponse, XLSX } from '../../lib/file-response.ts';
import { withMultipart } from '../../lib/multipart-bodies.ts';

/** A real list unpacks to well under a megabyte; this leaves room and stops zip bombs. */
const MAX_UNPACKED_BYTES = 32 * 1024 * 1024;

/** Row fields arrive as JSON; their checks (and Chinese messages) are the team row rules. */
const RowBody = z.record(text(), z.unknown());

function sendXlsx(reply: FastifyReply, filename: string, body: Buffer) {
  return reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', `attachment; filename="team.xlsx"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('Cache-Control', 'no-store')
    .send(body);
}

/** The uploaded file from a multipart body (field `file`), checked to be a plausible .xlsx. */
function uploadedXlsx(body: unknown): Buffer {
  const file = (body as Record<string, unknown> | undefined)?.file;
  const buffer = Array.isArray(file) ? file[0] : file;
  if (!Buffer.isBuffer(buffer)) throw new AppError('A0410', 'orders.teamFileMissing');
  if (buffer.length > TEAM_IMPORT_MAX_BYTES) throw new AppError('A0413', 'orders.teamFileTooLarge');
  if (!looksLikeZip(buffer)) throw new AppError('A0415', 'orders.teamFileType');
  const size = unpackedSize(buffer);
  if (size === null || size > MAX_UNPACKED_BYTES) throw new AppError('A0400', 'orders.teamFileUnreadable');
  return buffer;
}

/** The team insured list of a draft: rows, template, import, export. Only the draft's owner. */
const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.authenticate };
  const tags = ['orders'];

  app.get(
    paths.drafts.team.route,
    {
      ...auth,
      schema: { tags, params: DraftParams, response: { 200: okSchema(TeamListSchema) } },
    },
    async (request, reply) => {
      const { draft, product } = await readableTeamDraft(app.db, request.member!.memberId, request.params.id);
      return ok(await teamListOf(app.db, product, draft, requestLanguage(request, reply)));
    },
  );

  app.get(
    paths.drafts.teamTemplate.route,
    { ...auth, schema: { tags, params: DraftParams, response: { 200: fileResponse('被保人名单模板', XLSX) } } },
    async (request, reply) => {
      const { product } = await readableTeamDraft(app.db, request.member!.memberId, request.params.id);
      const language = requestLanguage(request, reply);
      const name = localeOf(product.content.locales, language)?.name || product.name;
      return sendXlsx(
        reply,
        TEAM_SHEET_TEXTS[language].templateFile(name),
        await teamTemplate(name, product.content, language),
      );
    },
  );

  app.get(
    paths.drafts.teamExport.route,
    { ...auth, schema: { tags, params: DraftParams, response: { 200: fileResponse('被保人名单', XLSX) } } },
    async (request, reply) => {
      const { draft, product } = await readableTeamDraft(app.db, request.member!.memberId, request.params.id);
      const rows = await teamRows(app.db, draft.id);
      const language = requestLanguage(request, reply);
      const name = localeOf(product.content.locales, language)?.name || product.name;
      return sendXlsx(
        reply,
        TEAM_SHEET_TEXTS[language].exportFile(name),
        await teamExport(rows, ageDate(draft, product.content), language),
      );
    },
  );

  await withMultipart(app, (uploads) => {
    uploads.post(
      paths.drafts.teamImport.route,
      {
        ...auth,
        // Busboy stops reading past the limit (413 A0413) instead of buffering a large upload.
        config: {
          multipartOptions: { limits: { fileSize: TEAM_IMPORT_MAX_BYTES, files: 1 } },
          ...documentedBody(z.object({ file: binaryFile('the filled-in .xlsx template') }), 'multipart/form-data'),
        },
        schema: { tags, params: DraftParams, response: { 200: okSchema(TeamImportResultSchema) } },
      },
      async (request, reply) => {
        const { memberId } = request.member!;
        const language = requestLanguage(request, reply);
        // Ownership first: a stranger learns nothing from how their file would have been read.
        await readableTeamDraft(app.db, memberId, request.params.id);
        const sheet = await readTeamSheet(uploadedXlsx(request.body));
        const result = await importTeamRows(app, memberId, request.params.id, sheet, language);
        const { report } = TEAM_SHEET_TEXTS[language];
        return ok(
          result,
          result.errors.length ? report.failed(result.errors.length) : report.imported(result.imported),
        );
      },
    );
  });

  app.post(
    paths.drafts.teamInsured.route,
    {
      ...auth,
      schema: { tags, params: DraftParams, body: RowBody, response: { 200: okSchema(TeamListSchema) } },
    },
    async (request, reply) => {
      const language = requestLanguage(request, reply);
      return ok(await addTeamRow(app, request.member!.memberId, request.params.id, request.body, language));
    },
  );

  app.get(
    paths.drafts.teamRow.route,
    {
      ...auth,
      schema: { tags, params: RowParams, response: { 200: okSchema(TeamRowDetailSchema) } },
    },
    async (request) =>
      ok(rowDetail(await teamRowOf(app.db, request.member!.memberId, request.params.id, request.params.rowId))),
  );

  app.put(
    paths.drafts.teamRow.route,
    {
      ...auth,
      schema: { tags, params: RowParams, body: RowBody, response: { 200: okSchema(TeamListSchema) } },
    },
    async (request, reply) => {
      const language = requestLanguage(request, reply);
      return ok(
        await editTeamRow(
          app,
          request.member!.memberId,
          request.params.id,
          request.params.rowId,
          request.body,
          language,
        ),
      );
    },
  );

  app.delete(
    paths.drafts.teamRow.route,
    {
      ...auth,
      schema: { tags, params: RowParams, response: { 200: okSchema(TeamListSchema) } },
    },
    async (request, reply) => {
      const language = requestLanguage(request, reply);
      return ok(await removeTeamRow(app, request.member!.memberId, request.params.id, request.params.rowId, language));
    },
  );
};

export default teamRoutes;
