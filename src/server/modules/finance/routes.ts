import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BonusTemplateInputSchema,
  BonusTemplateListSchema,
  BonusTemplateSchema,
  FinanceSummarySchema,
  LedgerPageSchema,
  LedgerQuerySchema,
  WithdrawalListSchema,
  WithdrawalRequestSchema,
  WithdrawalReviewSchema,
  WithdrawalSchema,
  WithdrawalStaffQuerySchema,
} from '#shared/finance.ts';
import * as paths from '#shared/api-paths.ts';
import { ok, okSchema, textFor } from '../../lib/envelope.ts';
import { idParam } from '../../lib/id-param.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { ledgerPage, summary } from './balance.ts';
import { createTemplateVersion, listTemplates } from './templates.ts';
import { listWithdrawals, requestWithdrawal, reviewWithdrawal } from './withdrawals.ts';

const PageQuery = z.object({
  pageNum: z.coerce
    .number({ message: 'field.pageNumber' })
    .int('field.pageNumber')
    .min(1, 'field.pageNumber')
    .max(10_000, 'field.pageTooLarge')
    .default(1),
  pageSize: z.coerce
    .number({ message: 'field.pageSizeNumber' })
    .int('field.pageSizeNumber')
    .min(1, 'field.pageSizeNumber')
    .max(50, 'field.pageSizeMax')
    .default(20),
});
const WithdrawalParams = z.object({ id: idParam('id.withdrawal') });

/**
 * Partner finance (contracts in src/shared/finance.ts). The partner's own summary, ledger and
 * withdrawals: role partner (channel passes every role check) and always the caller's own records;
 * bonus templates: role company; reviewing withdrawals: role channel (staff).
 */
const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  const partner = { onRequest: app.requireRole('partner') };
  const company = { onRequest: app.requireRole('company') };
  const staff = { onRequest: app.requireRole('channel') };
  const tags = ['finance'];

  app.get(
    paths.finance.summary.route,
    { ...partner, schema: { tags, response: { 200: okSchema(FinanceSummarySchema) } } },
    async (request) => ok(await summary(app.db, request.member!.memberId)),
  );

  app.get(
    paths.finance.ledger.route,
    { ...partner, schema: { tags, querystring: LedgerQuerySchema, response: { 200: okSchema(LedgerPageSchema) } } },
    async (request, reply) =>
      ok(await ledgerPage(app.db, request.member!.memberId, request.query, requestLanguage(request, reply))),
  );

  app.get(
    paths.finance.withdrawals.route,
    { ...partner, schema: { tags, querystring: PageQuery, response: { 200: okSchema(WithdrawalListSchema) } } },
    async (request, reply) =>
      ok(
        await listWithdrawals(
          app.db,
          { memberId: request.member!.memberId },
          request.query,
          requestLanguage(request, reply),
        ),
      ),
  );

  app.post(
    paths.finance.withdrawals.route,
    { ...partner, schema: { tags, body: WithdrawalRequestSchema, response: { 200: okSchema(WithdrawalSchema) } } },
    async (request, reply) =>
      ok(
        await requestWithdrawal(
          app.db,
          request.member!.memberId,
          request.body.amountFen,
          requestLanguage(request, reply),
        ),
        textFor(request, 'finance.withdrawalRequested'),
      ),
  );

  app.get(
    paths.finance.staffWithdrawals.route,
    {
      ...staff,
      schema: { tags, querystring: WithdrawalStaffQuerySchema, response: { 200: okSchema(WithdrawalListSchema) } },
    },
    async (request, reply) =>
      ok(
        await listWithdrawals(app.db, { status: request.query.status }, request.query, requestLanguage(request, reply)),
      ),
  );

  app.post(
    paths.finance.review.route,
    {
      ...staff,
      schema: {
        tags,
        params: WithdrawalParams,
        body: WithdrawalReviewSchema,
        response: { 200: okSchema(WithdrawalSchema) },
      },
    },
    async (request, reply) => {
      const w = await reviewWithdrawal(
        app.db,
        request.member!.memberId,
        request.params.id,
        request.body.action,
        request.body.note,
        requestLanguage(request, reply),
      );
      return ok(
        w,
        textFor(request, request.body.action === 'approve' ? 'finance.withdrawalPaid' : 'finance.withdrawalRejected'),
      );
    },
  );

  app.get(
    paths.finance.bonusTemplates.route,
    { ...company, schema: { tags, response: { 200: okSchema(BonusTemplateListSchema) } } },
    async () => ok({ list: await listTemplates(app.db) }),
  );

  app.post(
    paths.finance.bonusTemplates.route,
    { ...company, schema: { tags, body: BonusTemplateInputSchema, response: { 200: okSchema(BonusTemplateSchema) } } },
    async (request) =>
      ok(
        await createTemplateVersion(app.db, request.member!.memberId, request.body),
        textFor(request, 'finance.templateSaved'),
      ),
  );
};

export default financeRoutes;
