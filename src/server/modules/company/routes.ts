import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BonusInputSchema,
  BonusQuerySchema,
  BonusSchema,
  COMPANY_MEMBER_ACTIONS,
  CompanyOptionListSchema,
  CompanyOptionsQuerySchema,
  CompanyMemberInputSchema,
  CompanyMemberListSchema,
  CompanyMemberQuerySchema,
  CompanyMemberSchema,
  DepartmentInputSchema,
  DepartmentListSchema,
  DepartmentSchema,
  InvitationInputSchema,
  InvitationSchema,
  JoinedSchema,
  JoinInputSchema,
  JoinPreviewInputSchema,
  JoinPreviewSchema,
  ScanStateSchema,
  ToTeamInputSchema,
} from '#shared/company.ts';
import { TeamListSchema } from '#shared/orders.ts';
import { SUPER_ROLE } from '#shared/roles.ts';
import * as paths from '#shared/api-paths.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema, textFor } from '../../lib/envelope.ts';
import { idParam } from '../../lib/id-param.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { readBonus, saveBonus } from './bonus.ts';
import { assertCompany, listCompanyOptions } from './companies.ts';
import { createDepartment, deleteDepartment, renameDepartment } from './departments.ts';
import { createInvitation, join, joinPreview, scanState } from './join.ts';
import { addMember, addMembersToTeam, editMember, ownMember, presentMember, setMemberStatus } from './members.ts';
import { listDepartments, listMembers, type Scope } from './repository.ts';
import { phrase } from '../../lib/texts/render.ts';

const IdParams = z.object({ id: idParam('id.message') });
const ActionParams = z.object({
  id: idParam('id.member'),
  x: z.enum(Object.keys(COMPANY_MEMBER_ACTIONS) as [keyof typeof COMPANY_MEMBER_ACTIONS], 'company.memberAction'),
});
/** Channel staff may name the company they act for; a company always acts for itself. */
const CompanyQuery = z.object({
  companyId: z.preprocess((v) => (v === '' ? undefined : v), idParam('id.company').optional()),
});

/** The H5 page the join QR code opens (hash route, any signed-in member). */
export const joinUrl = (token: string) => `/#/help/person?join=${encodeURIComponent(token)}`;

function scopeOf(request: FastifyRequest, companyId?: number): Scope {
  const member = request.member!;
  if (member.roles.includes(SUPER_ROLE)) return { companyId: companyId ?? null };
  return { companyId: member.memberId };
}

/** For writes that create rows: a channel must name the company, a company is its own. */
function ownerOf(request: FastifyRequest, companyId?: number): number {
  const scope = scopeOf(request, companyId);
  if (scope.companyId === null)
    throw new AppError('A0410', 'company.companyRequired', [
      { field: 'companyId', message: 'company.companyRequiredField' },
    ]);
  return scope.companyId;
}

/**
 * Company members (contracts in src/shared/company.ts): departments, members, join QR, commission
 * shares. Role `company` (own records only) or channel staff (every company); the join call is for
 * any signed-in member.
 */
const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = { onRequest: app.requireRole('company') };
  const tags = ['company'];

  app.get(
    paths.company.departments.route,
    { ...staff, schema: { tags, querystring: CompanyQuery, response: { 200: okSchema(DepartmentListSchema) } } },
    async (request) => ok({ list: await listDepartments(app.db, scopeOf(request, request.query.companyId)) }),
  );

  app.post(
    paths.company.departments.route,
    {
      ...staff,
      schema: {
        tags,
        querystring: CompanyQuery,
        body: DepartmentInputSchema,
        response: { 200: okSchema(DepartmentSchema) },
      },
    },
    async (request) =>
      ok(
        await createDepartment(app.db, ownerOf(request, request.query.companyId), request.body.name),
        textFor(request, 'saved.added'),
      ),
  );

  app.put(
    paths.company.department.route,
    {
      ...staff,
      schema: { tags, params: IdParams, body: DepartmentInputSchema, response: { 200: okSchema(z.null()) } },
    },
    async (request) => {
      await renameDepartment(app.db, scopeOf(request), request.params.id, request.body.name);
      return ok(null, textFor(request, 'saved.updated'));
    },
  );

  app.delete(
    paths.company.department.route,
    { ...staff, schema: { tags, params: IdParams, response: { 200: okSchema(z.null()) } } },
    async (request) => {
      await deleteDepartment(app.db, scopeOf(request), request.params.id);
      return ok(null, textFor(request, 'saved.deleted'));
    },
  );

  app.get(
    paths.company.members.route,
    {
      ...staff,
      schema: {
        tags,
        querystring: CompanyMemberQuerySchema.extend(CompanyQuery.shape),
        response: { 200: okSchema(CompanyMemberListSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { list, total } = await listMembers(app.db, scopeOf(request, q.companyId), q);
      return ok({ list: list.map((r) => presentMember(r)), total, page: q.page, pageSize: q.pageSize });
    },
  );

  app.post(
    paths.company.members.route,
    { ...staff, schema: { tags, body: CompanyMemberInputSchema, response: { 200: okSchema(CompanyMemberSchema) } } },
    async (request) =>
      ok(presentMember(await addMember(app.db, scopeOf(request), request.body)), textFor(request, 'saved.added')),
  );

  app.post(
    paths.company.invitations.route,
    { ...staff, schema: { tags, body: InvitationInputSchema, response: { 200: okSchema(InvitationSchema) } } },
    async (request) => {
      const { row, token } = await createInvitation(app.db, scopeOf(request), request.body.departmentId);
      return ok({
        id: row.id,
        departmentId: row.departmentId,
        token,
        joinUrl: joinUrl(token),
        expiresAt: row.expiresAt.toISOString(),
      });
    },
  );

  app.get(
    paths.company.isScan.route,
    { ...staff, schema: { tags, params: IdParams, response: { 200: okSchema(ScanStateSchema) } } },
    async (request) => ok(await scanState(app.db, scopeOf(request), request.params.id)),
  );

  app.post(
    paths.company.joinPreview.route,
    {
      onRequest: app.authenticate,
      schema: { tags, body: JoinPreviewInputSchema, response: { 200: okSchema(JoinPreviewSchema) } },
    },
    async (request, reply) =>
      ok(await joinPreview(app.db, request.member!.memberId, request.body.token, requestLanguage(request, reply))),
  );

  app.post(
    paths.company.join.route,
    { onRequest: app.authenticate, schema: { tags, body: JoinInputSchema, response: { 200: okSchema(JoinedSchema) } } },
    async (request) =>
      ok(await join(app.db, request.member!.memberId, request.body), textFor(request, 'company.joined')),
  );

  app.get(
    paths.company.member.route,
    { ...staff, schema: { tags, params: IdParams, response: { 200: okSchema(CompanyMemberSchema) } } },
    async (request) => ok(presentMember(await ownMember(app.db, scopeOf(request), request.params.id), true)),
  );

  app.put(
    paths.company.member.route,
    {
      ...staff,
      schema: {
        tags,
        params: IdParams,
        body: CompanyMemberInputSchema,
        response: { 200: okSchema(CompanyMemberSchema) },
      },
    },
    async (request) =>
      ok(
        presentMember(await editMember(app.db, scopeOf(request), request.params.id, request.body)),
        textFor(request, 'saved.updated'),
      ),
  );

  app.put(
    paths.company.memberAction.route,
    { ...staff, schema: { tags, params: ActionParams, response: { 200: okSchema(CompanyMemberSchema) } } },
    async (request) =>
      ok(
        presentMember(
          await setMemberStatus(app.db, scopeOf(request), request.params.id, COMPANY_MEMBER_ACTIONS[request.params.x]),
        ),
        textFor(request, 'saved.updated'),
      ),
  );

  app.post(
    paths.company.toTeam.route,
    {
      ...staff,
      schema: {
        tags,
        params: z.object({ draftId: idParam('id.draft') }),
        body: ToTeamInputSchema,
        response: { 200: okSchema(TeamListSchema) },
      },
    },
    async (request, reply) => {
      const { ids, occupationClass } = request.body;
      const { list, added } = await addMembersToTeam(
        app,
        scopeOf(request),
        request.member!.memberId,
        request.params.draftId,
        ids,
        occupationClass,
        requestLanguage(request, reply),
      );
      return ok(list, textFor(request, phrase('company.membersAdded', { count: added })));
    },
  );

  // The company picker of channel staff (a company gets itself only).
  app.get(
    paths.company.companies.route,
    {
      ...staff,
      schema: { tags, querystring: CompanyOptionsQuerySchema, response: { 200: okSchema(CompanyOptionListSchema) } },
    },
    async (request, reply) => {
      const member = request.member!;
      const viewer = { channel: member.roles.includes(SUPER_ROLE), memberId: member.memberId };
      return ok({
        list: await listCompanyOptions(app.db, viewer, request.query.keyword, requestLanguage(request, reply)),
      });
    },
  );

  /** The company a bonus call acts for; one named by channel staff must be a company account. */
  const bonusOwner = async (request: FastifyRequest, companyId?: number) => {
    const owner = ownerOf(request, companyId);
    if (owner !== request.member!.memberId) await assertCompany(app.db, owner);
    return owner;
  };

  app.get(
    paths.company.bonus.route,
    {
      ...staff,
      schema: {
        tags,
        querystring: BonusQuerySchema.extend(CompanyQuery.shape),
        response: { 200: okSchema(BonusSchema) },
      },
    },
    async (request) =>
      ok(
        await readBonus(
          app.db,
          { companyId: await bonusOwner(request, request.query.companyId) },
          request.query.period,
        ),
      ),
  );

  app.put(
    paths.company.bonus.route,
    {
      ...staff,
      schema: { tags, querystring: CompanyQuery, body: BonusInputSchema, response: { 200: okSchema(BonusSchema) } },
    },
    async (request) => {
      const companyId = await bonusOwner(request, request.query.companyId);
      await saveBonus(app.db, companyId, request.body.period, request.body.shares);
      return ok(await readBonus(app.db, { companyId }, request.body.period), textFor(request, 'saved.saved'));
    },
  );
};

export default companyRoutes;
