import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  KeepResultSchema,
  PolicyDetailSchema,
  PolicyListQuerySchema,
  PolicyListSchema,
  RenewalAnswerSchema,
  SurrenderInputSchema,
  SurrenderResultSchema,
} from '#shared/policies.ts';
import * as paths from '#shared/api-paths.ts';
import { ok, okSchema, textFor } from '../../lib/envelope.ts';
import { idParam } from '../../lib/id-param.ts';
import { downloadPolicy, downloadPurchaseRecord, downloadVoucher } from './downloads.ts';
import { assertPdfFont } from '../../pdf/font.ts';
import { policyDetail, policyList } from './policies.ts';
import { mailRedLetter } from '../invoices/red-letter.ts';
import { surrenderPolicy } from './surrender.ts';
import { keepPolicy } from './keep.ts';
import { renewPolicy } from './renewal.ts';
import { parseAcceptLanguage, requestLanguage } from '../../lib/request-language.ts';
import { fileResponse, PDF } from '../../lib/file-response.ts';

const PolicyParams = z.object({ id: idParam('id.policy') });
const VoucherParams = z.object({ id: idParam('id.voucher') });

/**
 * After the sale (spec §7; contracts in src/shared/policies.ts): the member's policies and unpaid
 * orders, one policy's detail, the e-policy, voucher and purchase record PDFs, the cooling-off
 * surrender, and what the reminders offer: 保留 in the cooling-off period and 续保 (reminders.ts,
 * keep.ts, renewal.ts).
 * Another member's policy answers 404 A0404 on every route, like one that does not exist.
 */
const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  // Refuse to start without a Chinese font rather than fail on the first download.
  assertPdfFont();
  const auth = { onRequest: app.authenticate };
  const tags = ['policies'];

  app.get(
    paths.policies.list.route,
    {
      ...auth,
      schema: { tags, querystring: PolicyListQuerySchema, response: { 200: okSchema(PolicyListSchema) } },
    },
    async (request, reply) =>
      ok(await policyList(app, request.member!.memberId, request.query, requestLanguage(request, reply))),
  );

  app.get(
    paths.policies.detail.route,
    {
      ...auth,
      schema: { tags, params: PolicyParams, response: { 200: okSchema(PolicyDetailSchema) } },
    },
    async (request, reply) =>
      ok(await policyDetail(app, request.member!.memberId, request.params.id, requestLanguage(request, reply))),
  );

  app.post(
    paths.policies.surrender.route,
    {
      ...auth,
      schema: {
        tags,
        params: PolicyParams,
        body: SurrenderInputSchema,
        response: { 200: okSchema(SurrenderResultSchema) },
      },
    },
    async (request, reply) => {
      const { result, repeated } = await surrenderPolicy(
        app,
        request,
        request.member!.memberId,
        request.params.id,
        request.body.reason,
        requestLanguage(request, reply),
      );
      await mailRedLetter(app, result.policyId);
      return ok(result, textFor(request, repeated ? 'policies.alreadySurrendered' : 'policies.surrendered'));
    },
  );

  app.post(
    paths.policies.keep.route,
    {
      ...auth,
      schema: { tags, params: PolicyParams, response: { 200: okSchema(KeepResultSchema) } },
    },
    async (request) =>
      ok(
        await keepPolicy(app.db, request, request.member!.memberId, request.params.id),
        textFor(request, 'policies.kept'),
      ),
  );

  app.post(
    paths.policies.renewal.route,
    {
      ...auth,
      schema: { tags, params: PolicyParams, response: { 200: okSchema(RenewalAnswerSchema) } },
    },
    async (request) =>
      ok(
        await renewPolicy(
          app.db,
          request.member!.memberId,
          request.params.id,
          parseAcceptLanguage(request.headers['accept-language']),
        ),
      ),
  );

  app.get(
    paths.policies.policyPdf.route,
    { ...auth, schema: { tags, params: PolicyParams, response: { 200: fileResponse('电子保单 PDF', PDF) } } },
    async (request, reply) => downloadPolicy(app, request, reply, request.member!.memberId, request.params.id),
  );

  app.get(
    paths.policies.voucherPdf.route,
    { ...auth, schema: { tags, params: VoucherParams, response: { 200: fileResponse('投保凭证 PDF', PDF) } } },
    async (request, reply) => downloadVoucher(app, request, reply, request.member!.memberId, request.params.id),
  );

  // In the reader's language (Accept-Language), like every answer the H5 reads.
  app.get(
    paths.policies.recordPdf.route,
    { ...auth, schema: { tags, params: PolicyParams, response: { 200: fileResponse('投保过程记录 PDF', PDF) } } },
    async (request, reply) =>
      downloadPurchaseRecord(app, reply, request.member!.memberId, request.params.id, requestLanguage(request, reply)),
  );
};

export default policyRoutes;
