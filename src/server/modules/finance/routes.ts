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
import { ok, okSchema } from '../../lib/envelope.ts';
import { idParam } from '../../lib/id-param.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { ledgerPage, summary } from './balance.ts';
import { createTemplateVersion, listTemplates } from './templates.ts';
import { listWithdrawals, requestWithdrawal, reviewWithdrawal } from './withdrawals.ts';

const PageQuery = z.object({
  pageNum: z.coerce
    .number({ message: '页码应为正整数' })
    .int('页码应为正整数')
    .min(1, '页码应为正整数')
    .max(10_000, '页码过大')
    .default(1),
  pageSize: z.coerce
    .number({ message: '每页条数应为正整数' })
    .int('每页条数应为正整数')
    .min(1, '每页条数应为正整数')
    .max(50, '每页最多 50 条')
    .default(20),
});
const WithdrawalParams = z.object({ id: idParam('提现申请编号') });

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
    async (request) =>
      ok(
        await listWithdrawals(
          app.db,
          { memberId: request.member!.memberId },
          request.query.pageNum,
          request.query.pageSize,
        ),
      ),
  );

  app.post(
    paths.finance.withdrawals.route,
    { ...partner, schema: { tags, body: WithdrawalRequestSchema, response: { 200: okSchema(WithdrawalSchema) } } },
    async (request) =>
      ok(await requestWithdrawal(app.db, request.member!.memberId, request.body.amountFen), '提现申请已提交，等待审核'),
  );

  app.get(
    paths.finance.staffWithdrawals.route,
    {
      ...staff,
      schema: { tags, querystring: WithdrawalStaffQuerySchema, response: { 200: okSchema(WithdrawalListSchema) } },
    },
    async (request) =>
      ok(
        await listWithdrawals(app.db, { status: request.query.status }, request.query.pageNum, request.query.pageSize),
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
    async (request) => {
      const w = await reviewWithdrawal(
        app.db,
        request.member!.memberId,
        request.params.id,
        request.body.action,
        request.body.note,
      );
      return ok(w, request.body.action === 'approve' ? '已打款' : '已驳回');
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
      ok(await createTemplateVersion(app.db, request.member!.memberId, request.body), '已保存为新版本'),
  );
};

export default financeRoutes;
