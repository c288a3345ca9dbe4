import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MemberProfileSchema,
  OpenUserSchema,
  OpenUserUpdateSchema,
  WECHAT_KINDS,
  WechatBindingSchema,
} from '#shared/session.ts';
import * as paths from '#shared/api-paths.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { prepareJson, sendPrepared, type PreparedJson } from '../../lib/prepared-json.ts';
import { requireActiveMember, requireActiveProfile, type MemberProfileRow } from './current-member.ts';
import { toBinding, toOpenUser, toProfile } from './present.ts';
import * as repo from './repository.ts';

/** The signed-in member's own data (spec §7): profile, open-user record, WeChat bindings. */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest rather than preHandler: a caller without a valid token gets 401 before its body is parsed.
  const auth = { onRequest: app.authenticate };
  const memberId = (request: { member: { memberId: number } | null }) => request.member!.memberId;

  // The answer is serialised once per cached member row (validated against the schema then).
  const ProfileEnvelopeSchema = okSchema(MemberProfileSchema);
  const profileJson = new WeakMap<MemberProfileRow, PreparedJson>();
  app.get(
    paths.members.me.route,
    {
      ...auth,
      schema: { tags: ['session'], response: { 200: ProfileEnvelopeSchema } },
    },
    async (request, reply) => {
      const row = await requireActiveProfile(app.database, memberId(request));
      let json = profileJson.get(row);
      if (json === undefined) {
        json = prepareJson(ProfileEnvelopeSchema.parse(ok(toProfile(row.member, row.wechatBound))));
        profileJson.set(row, json);
      }
      return sendPrepared(reply, json);
    },
  );

  app.get(
    paths.open.userMe.route,
    {
      ...auth,
      schema: { tags: ['session'], response: { 200: okSchema(OpenUserSchema) } },
    },
    async (request) => {
      const member = await requireActiveMember(app.db, memberId(request));
      return ok(toOpenUser(await repo.getOrCreateOpenUser(app.db, member.id)));
    },
  );

  app.put(
    paths.open.user.route,
    {
      ...auth,
      schema: { tags: ['session'], body: OpenUserUpdateSchema, response: { 200: okSchema(OpenUserSchema) } },
    },
    async (request) => {
      const member = await requireActiveMember(app.db, memberId(request));
      return ok(toOpenUser(await repo.updateOpenUser(app.db, member.id, request.body)));
    },
  );

  app.get(
    paths.members.wechatBindings.route,
    {
      ...auth,
      schema: { tags: ['session'], response: { 200: okSchema(z.array(WechatBindingSchema)) } },
    },
    async (request) => {
      const member = await requireActiveMember(app.db, memberId(request));
      return ok((await repo.listWechatIdentities(app.db, member.id)).map(toBinding));
    },
  );

  app.get(
    paths.members.wechatBinding.route,
    {
      ...auth,
      schema: {
        tags: ['session'],
        params: z.object({ kind: z.enum(WECHAT_KINDS) }),
        response: { 200: okSchema(WechatBindingSchema) },
      },
    },
    async (request) => {
      const member = await requireActiveMember(app.db, memberId(request));
      const appId = request.params.kind === 'web' ? app.config.WECHAT_OA_APPID : app.config.WECHAT_MP_APPID;
      const row = await repo.findWechatIdentity(app.db, member.id, request.params.kind, appId);
      if (!row) throw new AppError('A0404', 'wechat.notBound');
      return ok(toBinding(row));
    },
  );
};

export default sessionRoutes;
